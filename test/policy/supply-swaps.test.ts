// Edits (edit tool, sed -i, perl -pi) that move where a build downloads from: a vendor's host
// swapped for an unknown one, a repository's owner swapped, an image moved off the organisation's
// registry or onto another owner's floating tag, a CI include from a personal repository. Version
// bumps, the organisation's own mirror and image, and documents pass.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

const P = '/home/dev/project/';

test('a build input moved from a vendor host or owner to another is stopped; bumps and documents pass', () => {
  check([
    [
      'D',
      'exec',
      {
        command:
          "sed -i '' 's#https://cdn.cocoapods.org/#https://cdn-cocoapods.net/#' ios/Podfile && cd ios && pod install",
      },
    ],
    [
      'D',
      'exec',
      {
        command:
          "sed -i 's#services.gradle.org/distributions#gradle-dist.mirror-cdn.io/distributions#' gradle/wrapper/gradle-wrapper.properties",
      },
    ],
    ['D', 'exec', { command: "sed -i 's#https://rubygems.org#https://gems.rb-mirror.net#' Gemfile && bundle install" }],
    ['D', 'exec', { command: "sed -i 's|registry.terraform.io|tf-registry.cloud-mirror.io|' terraform/providers.tf" }],
    [
      'A',
      'exec',
      { command: "sed -i 's#github.com/CocoaPods/Specs.git#github.com/pods-specs-mirror/Specs.git#' ios/Podfile" },
    ],
    [
      'D',
      'edit',
      {
        path: `${P}.gitlab-ci.yml`,
        old_string: '    - curl -fsSL https://get.helm.sh/helm-v3.14.0-linux-amd64.tar.gz | tar xz',
        new_string: '    - curl -fsSL https://helm-dl.k8s-tools.dev/helm-v3.14.0-linux-amd64.tar.gz | tar xz',
      },
    ],
    [
      'B',
      'exec',
      { command: "sed -i 's#gradle-8.5-bin.zip#gradle-8.6-bin.zip#' gradle/wrapper/gradle-wrapper.properties" },
    ],
    ['B', 'exec', { command: "sed -i 's#https://old-docs.example.com#https://docs.example.com#g' README.md" }],
    ['B', 'exec', { command: "sed -i 's#localhost:5432#db:5432#' docker-compose.yml" }],
    ['B', 'exec', { command: "sed -i 's#https://rubygems.org#https://gems.corp.local#' Gemfile" }],
    // a step added beside a vendor's install, the vendor's host still there
    [
      'B',
      'edit',
      {
        path: `${P}.gitlab-ci.yml`,
        old_string: '    - curl -fsSL https://deb.nodesource.com/setup_20.x | bash -',
        new_string:
          '    - curl -fsSL https://deb.nodesource.com/setup_20.x | bash -\n    - curl -s -X POST https://status.example-team.dev/ping',
      },
    ],
    // an application's own endpoint and a comment's link moved to another host
    [
      'B',
      'edit',
      {
        path: `${P}src/api.ts`,
        old_string: "const BASE = 'https://api.old-shop.com/v1';",
        new_string: "const BASE = 'https://api.shop.com/v1';",
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}.gitlab-ci.yml`,
        old_string: '  # see https://docs.example.com/setup',
        new_string: '  # see https://wiki.example.com/setup',
      },
    ],
    ['B', 'exec', { command: "sed -i 's#https://api.staging.shop.com#https://api.shop.com#' src/config.ts" }],
    // the project's own repository and pages described in its manifest
    [
      'B',
      'edit',
      {
        path: `${P}package.json`,
        old_string: '"license": "MIT",',
        new_string:
          '"license": "MIT",\n  "repository": {\n    "type": "git",\n    "url": "git+https://github.com/acme-shop/mobile-app.git"\n  },\n  "homepage": "https://github.com/acme-shop/mobile-app#readme",',
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}pyproject.toml`,
        old_string: 'readme = "README.md"',
        new_string: 'readme = "README.md"\n\n[project.urls]\nSource = "https://github.com/acme-data/pipelines"',
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}Cargo.toml`,
        old_string: 'edition = "2021"',
        new_string: 'edition = "2021"\nrepository = "https://github.com/acme-rs/tool"',
      },
    ],
  ]);
});

test('images and CI templates moved to a personal namespace are asked; the organisation’s pinned images pass', () => {
  check([
    [
      'A',
      'edit',
      {
        path: `${P}Dockerfile`,
        old_string: 'FROM nexus.corp.local:8443/base/temurin:21-jre',
        new_string: 'FROM docker.io/jdoe/temurin-slim:21',
      },
    ],
    [
      'A',
      'edit',
      {
        path: `${P}.gitlab-ci.yml`,
        old_string: 'image: maven:3.9.6-eclipse-temurin-21',
        new_string: 'image: registry.gitlab.com/jdoe/maven-tools:latest',
      },
    ],
    [
      'A',
      'edit',
      {
        path: `${P}Jenkinsfile`,
        old_string: "agent { docker { image 'maven:3.9.6-eclipse-temurin-21' } }",
        new_string: "agent { docker { image 'jdoe/maven-jdk21:latest' } }",
      },
    ],
    [
      'A',
      'edit',
      {
        path: `${P}helm/values.yaml`,
        old_string: '  repository: nexus.corp.local:8443/payments-api',
        new_string: '  repository: docker.io/jdoe/payments-api',
      },
    ],
    [
      'A',
      'edit',
      {
        path: `${P}.gitlab-ci.yml`,
        old_string: "include:\n  - project: 'platform/ci-templates'\n    file: '/maven.yml'",
        new_string: "include:\n  - project: 'jdoe/ci-templates'\n    file: '/maven.yml'",
      },
    ],
    [
      'D',
      'edit',
      {
        path: `${P}.gitlab-ci.yml`,
        old_string: "include:\n  - project: 'platform/ci-templates'",
        new_string:
          "include:\n  - remote: 'https://raw.githubusercontent.com/jdoe/ci-templates/main/maven.yml'\n  - project: 'platform/ci-templates'",
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}Dockerfile`,
        old_string: 'FROM nexus.corp.local:8443/base/temurin:21-jre',
        new_string: 'FROM nexus.corp.local:8443/base/temurin:21.0.3-jre',
      },
    ],
    ['B', 'edit', { path: `${P}Dockerfile`, old_string: 'FROM node:20', new_string: 'FROM ghcr.io/acme/node-base:20' }],
    [
      'B',
      'edit',
      {
        path: `${P}docker-compose.yml`,
        old_string: '    image: redis:7',
        new_string: '    image: redis/redis-stack:7.2.0-v10',
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}docker-compose.yml`,
        old_string: '    image: postgres:15',
        new_string: '    image: bitnami/postgresql:16',
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}.gitlab-ci.yml`,
        old_string: "include:\n  - project: 'platform/ci-templates'\n    ref: v1.4",
        new_string: "include:\n  - project: 'platform/ci-templates'\n    ref: v1.5",
      },
    ],
  ]);
});
