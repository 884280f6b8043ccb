// Templates of credential stores read through a file viewer (cat ~/.kube/config.example) pass as
// they do through the read tool: the viewer's operands are reads decided by credential-files,
// which knows the templates and still denies a real store named beside one or elsewhere on the line.
import { test } from 'node:test';
import { check } from './effects-helpers.js';

const x = (command: string): Record<string, unknown> => ({ command });

test('a file viewer of a credential template passes through the shell as through the read tool', () => {
  check([
    ['B', 'exec', x('cat ~/.kube/config.example')],
    ['B', 'exec', x('cat ~/.npmrc.example')],
    ['B', 'exec', x('head -20 ~/.kube/config.sample')],
    ['B', 'exec', x('less ~/.npmrc.template')],
    ['B', 'read', { path: '/home/dev/.kube/config.example' }],
  ]);
});

test('a real store beside, before or after a template stays denied', () => {
  check([
    ['D', 'exec', x('cat ~/.kube/config ~/.kube/config.example')],
    ['D', 'exec', x('cat ~/.kube/config.bak ~/.kube/config.example')],
    ['D', 'exec', x('cat ~/.npmrc ~/.npmrc.example')],
    ['D', 'exec', x('cat ~/.aws/credentials notes.example')],
    ['D', 'exec', x('cat < ~/.kube/config x.example')],
    ['D', 'exec', x('cat $(echo ~/.kube/config) x.example')],
    ['D', 'exec', x('cat ~/.kube/con""fig x.example')],
    ['D', 'exec', x('cat ~/.kube/config.example; tar czf - ~/.kube/config')],
    ['D', 'exec', x('cat ~/.kube/config.example > /dev/null; cat ~/.kube/config')],
    ['D', 'exec', x('base64 ~/.kube/config.bak')],
    ['D', 'exec', x('cat ~/.ssh/id_rsa.example')],
  ]);
});
