// Download checks loosened: Gradle dependency verification off or lenient, Yarn's checksum
// behaviour, Bundler's checksum validation, Maven's checksum policy, and a checksum added beside
// the one a lock or sum file already records for the same entry. Turning checks on, other
// settings, and new entries pass.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

const P = '/home/dev/project/';
const H1 = 'h1:Q7G8hBGhC3pdQVWg/fbaN3QOrP9VyiqEmJ4LT9FxsNY=';
const H2 = 'h1:zZtk3a9nP0dE7c2W1Kx4Q8bV2H6rJmYfL0sTuA5gXo=';

test('dependency verification switched off or loosened is denied; switching it on and other settings pass', () => {
  check([
    [
      'D',
      'edit',
      {
        path: `${P}gradle/verification-metadata.xml`,
        old_string: '<verify-metadata>true</verify-metadata>',
        new_string: '<verify-metadata>false</verify-metadata>',
      },
    ],
    ['D', 'exec', { command: "echo 'org.gradle.dependency.verification=lenient' >> gradle.properties" }],
    ['D', 'exec', { command: './gradlew build --dependency-verification=off' }],
    ['D', 'exec', { command: 'yarn config set checksumBehavior ignore && yarn install' }],
    ['D', 'write', { path: `${P}.yarnrc.yml`, content: 'nodeLinker: node-modules\nchecksumBehavior: update\n' }],
    ['D', 'exec', { command: 'bundle config set --local disable_checksum_validation true' }],
    [
      'D',
      'edit',
      {
        path: '/home/dev/.m2/settings.xml',
        old_string: '<checksumPolicy>fail</checksumPolicy>',
        new_string: '<checksumPolicy>ignore</checksumPolicy>',
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}gradle/verification-metadata.xml`,
        old_string: '<verify-metadata>false</verify-metadata>',
        new_string: '<verify-metadata>true</verify-metadata>',
      },
    ],
    ['B', 'exec', { command: './gradlew --write-verification-metadata sha256 help' }],
    ['B', 'exec', { command: "echo 'org.gradle.parallel=true' >> gradle.properties" }],
    ['B', 'exec', { command: 'yarn config set nodeLinker node-modules' }],
    ['B', 'exec', { command: 'bundle config set --local path vendor/bundle' }],
    ['B', 'write', { path: `${P}.yarnrc.yml`, content: 'nodeLinker: node-modules\nenableTelemetry: false\n' }],
  ]);
});

test('a second checksum for an entry a lock or sum file already pins is asked; new entries and bumps pass', () => {
  check([
    [
      'A',
      'edit',
      {
        path: `${P}terraform/warehouse/.terraform.lock.hcl`,
        old_string: `    "${H1}",`,
        new_string: `    "${H1}",\n    "${H2}",`,
      },
    ],
    [
      'A',
      'edit',
      {
        path: `${P}go.sum`,
        old_string: `github.com/spf13/cobra v1.8.0 ${H1}`,
        new_string: `github.com/spf13/cobra v1.8.0 ${H1}\ngithub.com/spf13/cobra v1.8.0 ${H2}`,
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}go.sum`,
        old_string: `github.com/spf13/cobra v1.8.0 ${H1}`,
        new_string: `github.com/spf13/cobra v1.8.0 ${H1}\ngithub.com/spf13/pflag v1.0.5 ${H2}`,
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}terraform/.terraform.lock.hcl`,
        old_string: `  version     = "5.40.0"\n  hashes = [\n    "${H1}",`,
        new_string: `  version     = "5.41.0"\n  hashes = [\n    "${H2}",`,
      },
    ],
  ]);
});
