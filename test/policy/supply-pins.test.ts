// What a written manifest or an edit does to where packages come from and to the pins that make
// downloads verifiable: npm aliases under popular names, popular packages from folders outside the
// project, lockfile sources on code hosts, checksum-only edits, dropped digests and commit pins, and
// official images swapped for a same-named image of another owner. Each with benign look-alikes.
import { test } from 'node:test';
import { check, expectCommand, expectPasses } from './effects-helpers.js';

test('an npm alias or a folder outside the project put in place of a popular package is asked', () => {
  check([
    [
      'B',
      'write',
      {
        path: '/home/dev/project/package.json',
        content:
          '{"dependencies": {"string-width-cjs": "npm:string-width@^4.2.0", "react": "npm:react@18.2.0", "@acme/ui": "file:../ui", "lodash": "file:vendor/lodash"}}',
      },
    ],
    [
      'A',
      'write',
      { path: '/home/dev/project/package.json', content: '{"overrides": {"axios": "npm:axios-http-fast@1.6.0"}}' },
    ],
    [
      'A',
      'write',
      { path: '/home/dev/project/package.json', content: '{"dependencies": {"react": "file:/tmp/react"}}' },
    ],
    [
      'A',
      'write',
      {
        path: '/home/dev/project/pnpm-workspace.yaml',
        content: "packages:\n  - 'packages/*'\noverrides:\n  semver: 'npm:sem-ver-fast@7.5.4'\n",
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/pnpm-workspace.yaml',
        content:
          "packages:\n  - 'packages/*'\noverrides:\n  semver: '^7.5.4'\n  'string-width-cjs': 'npm:string-width@4'\n",
      },
    ],
  ]);
});

test('a checksum-only edit of a lock or sum file and an edit dropping a digest or commit pin are asked', () => {
  check([
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/go.sum',
        old_string: 'golang.org/x/net v0.17.0 h1:pVaXccu2ozPjCXewfr1S7xoBUB/uY8dLwhUB8EE3YTU=',
        new_string: 'golang.org/x/net v0.17.0 h1:AAAAccu2ozPjCXewfr1S7xoBUB/uY8dLwhUB8EE3YTU=',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/go.sum',
        old_string: 'golang.org/x/net v0.17.0 h1:pVaXccu2ozPjCXewfr1S7xoBUB/uY8dLwhUB8EE3YTU=',
        new_string: 'golang.org/x/net v0.23.0 h1:7EYJ93RZ9vYSZAIb2x3lnuvqO5zneoD6IvWjuhfxjTs=',
      },
    ],
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/Dockerfile',
        old_string: 'FROM node:20-alpine@sha256:1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b',
        new_string: 'FROM node:20-alpine',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/Dockerfile',
        old_string: 'FROM node:20-alpine@sha256:1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b',
        new_string: 'FROM node:22-alpine@sha256:9a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2c',
      },
    ],
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/.github/workflows/ci.yml',
        old_string: 'uses: actions/checkout@8e5e7e5ab8b370d6c329ec480221332ada57f0ab',
        new_string: 'uses: actions/checkout@v4',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/.github/workflows/ci.yml',
        old_string: 'uses: actions/checkout@8e5e7e5ab8b370d6c329ec480221332ada57f0ab # v3',
        new_string: 'uses: actions/checkout@b4ffde65f46336ab88eb53be808477a3936bae11 # v4',
      },
    ],
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/package-lock.json',
        old_string:
          '"integrity": "sha512-v2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvSg=="',
        new_string:
          '"integrity": "sha512-Xv2kDEe57lecTulaDIuNTPy3Ry4gLGJ6Z1O3vE1krgXZNrsQ+LFTGHVxVjcXPs17LhbZVGedAJv8XZ1tvj5FvS=="',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/src/app.ts',
        old_string: "const commit = '8e5e7e5ab8b370d6c329ec480221332ada57f0ab';",
        new_string: "const commit = 'b4ffde65f46336ab88eb53be808477a3936bae11';",
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/README.md',
        old_string: 'FROM node:20@sha256:1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a2b',
        new_string: 'FROM node:20',
      },
    ],
  ]);
});

test('a lockfile entry moved to a repository under an unknown owner on a code host is asked', () => {
  check([
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/Cargo.lock',
        old_string: 'source = "registry+https://github.com/rust-lang/crates.io-index"',
        new_string: 'source = "git+https://github.com/rust-crates/serde?rev=abc#abc"',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/Cargo.lock',
        old_string: 'version = "1.0.1"',
        new_string: 'version = "1.0.2"\nsource = "registry+https://github.com/rust-lang/crates.io-index"',
      },
    ],
    [
      'B',
      'write',
      {
        path: '/home/dev/project/package-lock.json',
        content:
          '{"packages": {"node_modules/lodash": {"resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz"}}}',
      },
    ],
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/package-lock.json',
        old_string: '"resolved": "https://registry.npmjs.org/left-pad/-/left-pad-1.3.0.tgz"',
        new_string: '"resolved": "git+ssh://git@github.com/padder/left-pad.git#5f1a3c"',
      },
    ],
  ]);
});

test('an official image swapped for the same name under another owner is asked; vendor registries pass', () => {
  check([
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/docker-compose.yml',
        old_string: 'image: postgres:16',
        new_string: 'image: ghcr.io/pg-images/postgres:16',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/docker-compose.yml',
        old_string: '    image: redis:7',
        new_string: '    image: redis:7.2-alpine',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/docker-compose.yml',
        old_string: 'image: postgres:16',
        new_string: 'image: bitnami/postgresql:16',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/Dockerfile',
        old_string: 'FROM python:3.12-slim',
        new_string: 'FROM mcr.microsoft.com/devcontainers/python:3.12',
      },
    ],
    [
      'A',
      'edit',
      {
        path: '/home/dev/project/Dockerfile',
        old_string: 'FROM node:20-alpine AS build',
        new_string: 'FROM nodejs-images/node:20-alpine AS build',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/Dockerfile',
        old_string: 'FROM node:20-alpine AS build',
        new_string: 'FROM node:22-alpine AS build',
      },
    ],
    [
      'B',
      'edit',
      {
        path: '/home/dev/project/Dockerfile',
        old_string: 'FROM golang:1.22 AS build',
        new_string: 'FROM public.ecr.aws/docker/library/golang:1.22 AS build',
      },
    ],
  ]);
});

test('docker build arguments naming a base image, and composer repositories given inline, are sources', () => {
  expectCommand('docker build --build-arg BASE=docker.io/n0de/node:20 -t app .', 'stop');
  expectCommand('docker build --build-arg BASE_IMAGE=198.51.100.3:5000/node:20 -t app .', 'deny');
  expectCommand(
    `composer require monolog/monolog --repository '{"type":"vcs","url":"https://github.com/m0nolog/monolog"}'`,
    'stop',
  );
  expectPasses('docker build --build-arg BASE_IMAGE=node:20-alpine --build-arg VERSION=1.2 -t app .');
  expectPasses('composer require monolog/monolog');
});
