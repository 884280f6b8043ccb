// domain_matches lists answered by lookups decide exactly as trying every glob in turn, and a
// rule with a long host list still matches by literal host, by `*.suffix` and by other globs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileDomainGlob, normalizeDomain } from '../../src/policy/glob.js';
import { anyDomainMatches } from '../../src/policy/domain-index.js';
import { actionOf, engineOf, fetchCall } from './helpers.js';

const PATTERNS = [
  'pastebin.com',
  '*.pastebin.com',
  '*paste.ee',
  'A.Example.COM.',
  '*.io',
  '*x',
  '?.short.net',
  'h[ab]st.org',
  'lit\\*eral.net',
  '*.*.multi.dev',
  '',
  '169.254.169.254',
];
const DOMAINS = [
  'pastebin.com',
  'api.pastebin.com',
  'notpastebin.com',
  '.pastebin.com',
  'paste.ee',
  'mypaste.ee',
  'a.example.com',
  'b.example.com',
  'foo.io',
  'io',
  'x',
  'box',
  'a/b.io',
  'a.short.net',
  'ab.short.net',
  'hast.org',
  'hcst.org',
  'lit*eral.net',
  'a.b.multi.dev',
  '169.254.169.254',
  '169.254.169.2544',
  '',
];

test('lookups answer as trying each domain glob in turn', () => {
  for (let n = 0; n <= PATTERNS.length; n++) {
    // Every prefix of the list, so each kind of entry is also tried alone and in mixes.
    const list = PATTERNS.slice(0, n).map(compileDomainGlob);
    for (const raw of DOMAINS) {
      const d = normalizeDomain(raw);
      assert.equal(
        anyDomainMatches(list, d),
        list.some((g) => g.test(d)),
        `${JSON.stringify(d)} against ${JSON.stringify(PATTERNS.slice(0, n))}`,
      );
    }
  }
});

test('a rule with a long host list asks for a listed host, a subdomain and a class match only', () => {
  const hosts = Array.from({ length: 300 }, (_, i) => `'h${i}.example'`).join(', ');
  const e = engineOf(`
version: "1"
default_action: allow
policies:
  - name: egress
    match: { tool: fetch }
    rules:
      - action: ask
        when: { domain_matches: [${hosts}, '*.paste.example', 'c[0-9].cdn.example'] }
`);
  assert.equal(actionOf(e, fetchCall('https://h299.example/x')), 'ask');
  assert.equal(actionOf(e, fetchCall('https://H7.EXAMPLE./x')), 'ask');
  assert.equal(actionOf(e, fetchCall('https://a.b.paste.example/')), 'ask');
  assert.equal(actionOf(e, fetchCall('https://c4.cdn.example/')), 'ask');
  assert.equal(actionOf(e, fetchCall('https://h300.example/')), 'allow');
  assert.equal(actionOf(e, fetchCall('https://paste.example.org/')), 'allow');
  assert.equal(actionOf(e, fetchCall('https://cx.cdn.example/')), 'allow');
});
