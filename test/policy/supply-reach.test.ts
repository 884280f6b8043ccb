// Where installed or fetched code comes from, in the forms this file's readings add: near
// spellings under a scope the lists know, decided by the standard profile.
import { test } from 'node:test';
import { check, type Case } from './effects-helpers.js';

const exec = (want: Case[0], command: string): Case => [want, 'exec', { command }];

test('a near spelling of a listed package under its own scope is asked about', () => {
  check([
    exec('A', 'npm i -D @types/nodee'),
    exec('A', 'npm i -g @anthropic-ai/claude-codes'),
    exec('A', 'npm i -g @anthropic-ai/claude-code-helper@latest'),
    exec('A', 'pnpm add @types/exprses'),
    ['A', 'mcp', { tool: 'install_package', manager: 'npm', name: '@types/nodee' }],
    // listed siblings, and real siblings that differ by more than a slip in a large scope
    exec('B', 'npm i -D @types/node @types/react-dom @types/lodash'),
    exec('B', 'npm i -g @anthropic-ai/claude-code'),
    exec('B', 'npm i @anthropic-ai/sdk @aws-sdk/client-ssm @aws-sdk/client-sso'),
    exec('B', 'npm i @babel/preset-env @babel/core'),
  ]);
});
