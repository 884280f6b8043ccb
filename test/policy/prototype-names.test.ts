// Calls whose words are the names of Object.prototype's members. The readings look programs,
// subcommands, options and event names up in tables by the text of the call; in a plain object
// literal `constructor` or `toString` finds a function, and readings threw on it (the engine then
// refused the call as unreadable, and explain and the HTTP API answered 500). Every table keyed
// by call text is null-prototype (src/util/lookup-table.ts): these calls are read like any other
// unknown word, and a reading that throws anyway is refused visibly, never answered with a 5xx.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, standard, call } from './effects-helpers.js';

const NAMES = Object.getOwnPropertyNames(Object.prototype).concat(['__proto__', 'prototype']);
// The launchers and tools whose tables threw before (one each), and a bare command.
const PREFIXES = ['', 'sudo ', 'npx ', 'uv ', 'python -m ', 'git '];
const SHAPES = (n: string) => [`${n} -c "rm -rf ~"`, `${n} -${n} /etc/${n}`, `x --${n}=${n}`];

test('commands made of prototype member names are read, not refused as unreadable', () => {
  const unreadable: string[] = [];
  for (const name of NAMES)
    for (const p of PREFIXES)
      for (const s of SHAPES(name)) {
        const command = p + s;
        const d = decide('exec', { command });
        if (/could not be read/.test(d.message ?? '')) unreadable.push(`${command}: ${d.message}`);
      }
  assert.deepEqual(unreadable, []);
});

test('paths, MCP tools and URLs named like prototype members are read too', () => {
  const unreadable: string[] = [];
  for (const name of NAMES) {
    const calls: [string, Record<string, unknown>][] = [
      ['read', { path: `/home/dev/${name}` }],
      ['write', { path: `/home/dev/project/${name}`, content: name }],
      ['edit', { path: `/home/dev/project/${name}`, old_string: name, new_string: name }],
      ['mcp', { tool: name, [name]: name }],
      ['fetch', { url: `https://${name}.example/${name}?${name}=1` }],
    ];
    for (const [tool, params] of calls) {
      const d = decide(tool, params);
      if (/could not be read/.test(d.message ?? '')) unreadable.push(`${tool} ${JSON.stringify(params)}: ${d.message}`);
    }
  }
  assert.deepEqual(unreadable, []);
});

test('explain reads them as well (it threw before)', () => {
  const x = standard().explain(call('exec', { command: 'toString -c "rm -rf ~"' }));
  assert.ok(x.decision);
  const y = standard().explain(call('exec', { command: 'sudo constructor' }));
  assert.ok(y.decision);
});

test('what the calls amount to is still decided: the hidden delete is stopped', () => {
  assert.equal(decide('exec', { command: 'bash -c "constructor; rm -rf ~"' }).action, 'deny');
  assert.equal(decide('exec', { command: 'env toString=1 rm -rf ~' }).action, 'deny');
});
