// Edits of dependency manifests and registry settings that keep the dependency and change who
// serves it: a namespace swapped under the same artifact name (coordinate-swaps.ts), the binding
// of the organisation's names to its own registry taken out (scope-removals.ts), and the same
// changes made by `sed -i` (sed-edits.ts). Version bumps, migrations to another name, the same
// organisation's own sub-namespaces and bindings added or widened pass.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check, decide } from './effects-helpers.js';

const P = '/home/dev/project/';
const edit = (path: string, old_string: string, new_string: string) => ({
  path: `${P}${path}`,
  old_string,
  new_string,
});

test('a dependency moved to another namespace under the same name is stopped, in every ecosystem', () => {
  check([
    [
      'A',
      'edit',
      edit(
        'build.gradle.kts',
        'implementation("com.fasterxml.jackson.core:jackson-databind:2.17.2")',
        'implementation("com.fasterxmI.jackson.core:jackson-databind:2.17.3")',
      ),
    ],
    [
      'A',
      'edit',
      edit(
        'gradle/libs.versions.toml',
        'kafka-clients = { module = "org.apache.kafka:kafka-clients", version.ref = "kafka" }',
        'kafka-clients = { module = "io.github.kafka-patched:kafka-clients", version = "3.7.1-fix2" }',
      ),
    ],
    [
      'A',
      'edit',
      edit(
        'pom.xml',
        '<groupId>org.apache.commons</groupId>\n  <artifactId>commons-text</artifactId>',
        '<groupId>io.github.commons-hotfix</groupId>\n  <artifactId>commons-text</artifactId>',
      ),
    ],
    [
      'A',
      'edit',
      edit(
        'build.sbt',
        '"com.typesafe.akka" %% "akka-stream" % "2.8.5"',
        '"com.typesafe-akka" %% "akka-stream" % "2.8.5"',
      ),
    ],
    [
      'A',
      'edit',
      edit(
        'deps.edn',
        'org.clojure/data.json {:mvn/version "2.5.0"}',
        'org.clojure-contrib/data.json {:mvn/version "2.5.0"}',
      ),
    ],
    ['A', 'edit', edit('package.json', '"@babel/core": "^7.24.0"', '"@babeI/core": "^7.24.0"')],
    ['A', 'edit', edit('composer.json', '"monolog/monolog": "^3.5"', '"monolog-patched/monolog": "^3.5"')],
    [
      'A',
      'edit',
      edit(
        'collections/requirements.yml',
        '  - name: community.general\n    version: 8.6.0',
        '  - name: communlty.general\n    version: 8.6.0',
      ),
    ],
    ['A', 'edit', edit('Puppetfile', "mod 'puppetlabs-stdlib', '9.4.1'", "mod 'puppetIabs-stdlib', '9.4.1'")],
    [
      'A',
      'exec',
      {
        command:
          "sed -i 's/com.fasterxml.jackson.core:jackson-databind/com.fasterxmI.jackson.core:jackson-databind/' build.gradle",
      },
    ],
    [
      'A',
      'edit',
      edit(
        'build.gradle',
        "implementation group: 'org.bouncycastle', name: 'bcprov-jdk18on', version: '1.78'",
        "implementation group: 'org.bouncycastIe', name: 'bcprov-jdk18on', version: '1.78'",
      ),
    ],
    // bumps, renames and the organisation's own namespaces
    [
      'B',
      'edit',
      edit(
        'build.gradle.kts',
        'implementation("com.fasterxml.jackson.core:jackson-databind:2.17.2")',
        'implementation("com.fasterxml.jackson.core:jackson-databind:2.17.3")',
      ),
    ],
    [
      'B',
      'edit',
      edit(
        'build.sbt',
        '"com.typesafe.akka" %% "akka-stream" % "2.8.5"',
        '"org.apache.pekko" %% "pekko-stream" % "1.0.2"',
      ),
    ],
    [
      'B',
      'edit',
      edit(
        'build.gradle.kts',
        'implementation("javax.servlet:javax.servlet-api:4.0.1")',
        'implementation("jakarta.servlet:jakarta.servlet-api:6.0.0")',
      ),
    ],
    [
      'B',
      'edit',
      edit(
        'pom.xml',
        '<groupId>io.swagger</groupId>\n  <artifactId>swagger-annotations</artifactId>',
        '<groupId>io.swagger.core.v3</groupId>\n  <artifactId>swagger-annotations</artifactId>',
      ),
    ],
    [
      'B',
      'edit',
      edit(
        'build.gradle',
        'implementation "mysql:mysql-connector-java:8.0.33"',
        'implementation "com.mysql:mysql-connector-java:8.0.33"',
      ),
    ],
    [
      'B',
      'edit',
      edit('package.json', '"scripts": { "build:prod": "vite build" }', '"scripts": { "test:prod": "vite build" }'),
    ],
    ['B', 'exec', { command: "sed -i 's/jackson-databind:2.17.2/jackson-databind:2.17.3/' build.gradle" }],
  ]);
});

test('taking out what keeps internal names on the internal registry is asked, in every ecosystem', () => {
  check([
    [
      'A',
      'edit',
      edit(
        'settings.gradle.kts',
        '        maven {\n            url = uri("https://payco.jfrog.io/artifactory/libs-release")\n            content { includeGroup("com.payco") }\n        }\n        mavenCentral()',
        '        mavenCentral()\n        maven { url = uri("https://payco.jfrog.io/artifactory/libs-release") }',
      ),
    ],
    [
      'A',
      'edit',
      edit(
        '.npmrc',
        '@acme:registry=https://npm.acme.internal/\nregistry=https://registry.npmjs.org/',
        'registry=https://registry.npmjs.org/',
      ),
    ],
    [
      'A',
      'edit',
      edit(
        'nuget.config',
        '  <packageSourceMapping>\n    <packageSource key="acme">\n      <package pattern="Acme.*" />\n    </packageSource>\n  </packageSourceMapping>\n',
        '',
      ),
    ],
    [
      'A',
      'edit',
      edit(
        'pip.conf',
        '[global]\nindex-url = https://pypi.acme.internal/simple',
        '[global]\nindex-url = https://pypi.org/simple\nextra-index-url = https://pypi.acme.internal/simple',
      ),
    ],
    [
      'A',
      'edit',
      edit(
        'pyproject.toml',
        '[tool.uv]\nnative-tls = true',
        '[tool.uv]\nnative-tls = true\nindex-strategy = "unsafe-best-match"',
      ),
    ],
    ['A', 'edit', edit('.yarnrc.yml', 'npmScopes:\n  acme:\n    npmRegistryServer: "https://npm.acme.internal"\n', '')],
    ['A', 'exec', { command: "sed -i '/@acme:registry/d' .npmrc" }],
    [
      'A',
      'edit',
      edit('.npmrc', '@acme:registry=https://npm.acme.internal/', '@acme:registry=https://registry.npmjs.org/'),
    ],
    // adding or widening a binding
    [
      'B',
      'edit',
      edit(
        '.npmrc',
        '@acme:registry=https://npm.acme.internal/',
        '@acme:registry=https://artifactory.acme.internal/api/npm/npm/',
      ),
    ],
    [
      'B',
      'edit',
      edit(
        '.npmrc',
        'registry=https://registry.npmjs.org/',
        '@acme:registry=https://npm.acme.internal/\nregistry=https://registry.npmjs.org/',
      ),
    ],
    [
      'B',
      'edit',
      edit(
        'settings.gradle.kts',
        '            content { includeGroup("com.payco") }',
        '            content {\n                includeGroup("com.payco")\n                includeGroup("com.payco.ledger")\n            }',
      ),
    ],
    ['B', 'exec', { command: "sed -i '/^#/d' .npmrc" }],
  ]);
});

test('the reason names the namespace moved and the binding removed', () => {
  const swap = decide(
    'edit',
    edit('build.gradle.kts', '"org.apache.kafka:kafka-clients:3.7.0"', '"io.github.kafka-patched:kafka-clients:3.7.0"'),
  );
  assert.equal(swap.policy, 'supply-chain-sources');
  assert.match(swap.message ?? '', /io\.github\.kafka-patched/);
  const scope = decide('edit', edit('.npmrc', '@acme:registry=https://npm.acme.internal/\n', ''));
  assert.match(scope.message ?? '', /organisation's own package names/);
});
