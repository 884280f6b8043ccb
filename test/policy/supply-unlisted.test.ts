// Installs of npm and PyPI names no list of popular packages holds are asked (policy
// unlisted-package-installs); popular names, private scopes and installs from a chosen index pass.
import { test } from 'node:test';
import { check, expectExec, type Case } from './effects-helpers.js';

const x = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('an install of a name on no popular list is asked, naming the package', () => {
  expectExec('pip install airflow-provider-snowflake-utils', 'ask', /airflow-provider-snowflake-utils is not among/);
  check([
    x('A', 'npm install reqeusts-http'),
    x('A', 'pip install torchvision-nightly-cu12'),
    x('A', 'yarn add react-dom-router-utils-ng'),
    x('A', 'pnpm add -D vite-plugin-env-loader-x'),
    x('A', 'bun add express-session-helper2'),
    x('A', 'npm i -g claude-code-turbo-cli'),
    x('A', 'python3 -m pip install --user langchain-snowflake-agents-kit'),
    x('A', 'uv add fastapi-auth-middleware-plus'),
    x('A', 'poetry add django-rest-auth-kitx'),
    x('A', 'pipx install aws-sso-creds-helper-cli'),
    // a scope the list knows is only its owner's, yet a name it does not hold there is not theirs either
    x('A', 'npm install @nomicfoundation/hardhat-toolboxx'),
    x('A', 'npm config set ignore-scripts false && npm i totally-legit-sdk'),
  ]);
});

test('popular names, private scopes, local paths and installs from a chosen index pass', () => {
  check([
    x('B', 'npm install lodash'),
    x('B', 'npm ci'),
    x('B', 'npm i -D typescript@5.4.5 @types/node'),
    x('B', 'npm install @types/some-rarely-used-lib'),
    x('B', 'npm install @acme/design-system'),
    x('B', 'npm install --registry https://npm.pkg.github.com @acme/design-system'),
    x('B', 'pnpm add shared-utils --filter web'),
    x('B', 'npm install ./packages/shared'),
    x('B', 'yarn add react react-dom'),
    x('B', 'pip install -r requirements.txt'),
    x('B', "pip install -e '.[dev]'"),
    x('B', 'pip install requests==2.31.0 flask'),
    x('B', 'pip install torch --index-url https://download.pytorch.org/whl/cu121'),
    x('B', 'uv add httpx'),
    x('B', 'poetry add pydantic-settings'),
    x('B', 'pipx install black'),
    x('B', 'pip download requests -d /tmp/wheels'),
  ]);
});

test('well-known npm names below the very top pass; taken-down squats and names missing from the table do not ask wrongly', () => {
  check([
    // ranks 18,000-22,000 by monthly downloads, and one the download table lacks
    x('B', 'npm install np'),
    x('B', 'npm install phaser'),
    x('B', 'npm install lucia'),
    x('B', 'npm install drizzle-orm'),
    x('B', 'pnpm add drizzle-orm && pnpm add -D drizzle-kit'),
    // npm holds crossenv as a security placeholder: it is left off the list, so it stays a look-alike
    x('A', 'npm install crossenv'),
    x('A', 'npm install loadsh'),
  ]);
});
