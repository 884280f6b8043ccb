// Names and publishers beyond the install commands: pyproject.toml's requirement arrays (build
// requires, dependencies, extras) checked as requirements files are, npx of a near spelling of a
// listed name without --yes (npx installs without asking when there is no TTY), and dev container
// features from publishers posing as the devcontainers organisation or unknown.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

const P = '/home/dev/project/';

test('pyproject requirement arrays are checked like requirements files', () => {
  check([
    [
      'A',
      'edit',
      {
        path: `${P}pyproject.toml`,
        old_string: 'requires = ["setuptools>=61", "wheel"]',
        new_string: 'requires = ["setuptools>=61", "wheel", "setuptools-scm-git-archive-ng"]',
      },
    ],
    [
      'A',
      'write',
      {
        path: `${P}pyproject.toml`,
        content: '[project]\nname = "acme-api"\ndependencies = [\n  "fastapi>=0.110",\n  "reqeusts",\n]\n',
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}pyproject.toml`,
        old_string: 'requires = ["setuptools>=61", "wheel"]',
        new_string: 'requires = ["setuptools>=61", "wheel", "setuptools-scm>=8"]',
      },
    ],
    [
      'B',
      'write',
      {
        path: `${P}pyproject.toml`,
        content:
          '[project]\nname = "acme-api"\nversion = "0.1.0"\ndependencies = [\n  "fastapi>=0.110",\n  "pydantic[email]>=2",\n  "httpx",\n]\n\n[project.optional-dependencies]\ndev = ["pytest>=8", "ruff"]\n\n[tool.ruff]\nline-length = 100\nselect = ["E", "F"]\n',
      },
    ],
  ]);
});

test('npx of a near spelling of a listed name is asked even without --yes; local tools pass', () => {
  check([
    ['A', 'exec', { command: 'npx create-reakt-app dashboard' }],
    ['B', 'exec', { command: 'npx create-react-app dashboard' }],
    ['B', 'exec', { command: 'npx svelte-kit sync' }],
    ['B', 'exec', { command: 'npx changeset version' }],
  ]);
});

test('dev container features from a look-alike or unknown publisher are asked', () => {
  check([
    [
      'A',
      'edit',
      {
        path: `${P}.devcontainer/devcontainer.json`,
        old_string: '"ghcr.io/devcontainers/features/node:1": {}',
        new_string: '"ghcr.io/devcontainer-feature/node:1": {}',
      },
    ],
    [
      'A',
      'write',
      {
        path: `${P}.devcontainer/devcontainer.json`,
        content:
          '{\n  "image": "mcr.microsoft.com/devcontainers/python:3.12",\n  "features": {"ghcr.io/rnd-user/features/tools:1": {}}\n}',
      },
    ],
    [
      'B',
      'edit',
      {
        path: `${P}.devcontainer/devcontainer.json`,
        old_string: '"ghcr.io/devcontainers/features/node:1": {}',
        new_string:
          '"ghcr.io/devcontainers/features/node:1": {},\n    "ghcr.io/devcontainers/features/docker-in-docker:2": {}',
      },
    ],
    [
      'B',
      'write',
      {
        path: `${P}.devcontainer/devcontainer.json`,
        content:
          '{\n  "image": "mcr.microsoft.com/devcontainers/python:3.12",\n  "features": {"ghcr.io/devcontainers-contrib/features/poetry:2": {}}\n}',
      },
    ],
  ]);
});
