import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  editDistance,
  isKnownRegistry,
  isVendorHost,
  lookalikeOf,
  underHosts,
  withinOneEdit,
} from '../../src/policy/effects/supply-data.js';

test('withinOneEdit agrees with the edit distance on every kind of one edit and on random pairs', () => {
  for (const [a, b, want] of [
    ['requests', 'requests', true],
    ['reqeusts', 'requests', true], // transposition
    ['requets', 'requests', true], // deletion
    ['rrequests', 'requests', true], // insertion at the front
    ['xequests', 'requests', true], // substitution at the front
    ['requestz', 'requests', true], // substitution at the end
    ['reqeustz', 'requests', false],
    ['abc', 'cba', false],
    ['', 'a', true],
    ['', 'ab', false],
  ] as const)
    assert.equal(withinOneEdit(a, b), want, `${a} / ${b}`);
  let seed = 7;
  const r = (k: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed % k);
  for (let k = 0; k < 20_000; k++) {
    let a = '';
    for (let i = r(8); i > 0; i--) a += 'abc'[r(3)];
    let b = a;
    for (let o = r(3); o > 0; o--) {
      const i = r(b.length + 1);
      const c = 'abc'[r(3)] ?? 'a';
      const op = r(4);
      if (op === 0) b = b.slice(0, i) + c + b.slice(i);
      else if (op === 1) b = b.slice(0, i) + b.slice(i + 1);
      else if (op === 2) b = b.slice(0, i) + c + b.slice(i + 1);
      else if (i + 1 < b.length) b = b.slice(0, i) + (b[i + 1] ?? '') + (b[i] ?? '') + b.slice(i + 2);
    }
    assert.equal(withinOneEdit(a, b), editDistance(a, b, 1) <= 1, `${a} / ${b}`);
  }
});

test('a look-alike of a popular package is still named', () => {
  assert.equal(lookalikeOf('pypi', 'reqeusts'), 'requests');
  assert.equal(lookalikeOf('npm', 'lodahs'), 'lodash');
  assert.equal(lookalikeOf('npm', 'lodash'), undefined);
});

test('a host is under a listed host when it is one or a subdomain of one, never by a bare suffix', () => {
  const list = ['github.com', 'pypi.org'];
  assert.equal(underHosts('github.com', list), true);
  assert.equal(underHosts('api.github.com', list), true);
  assert.equal(underHosts('a.b.pypi.org', list), true);
  assert.equal(underHosts('evilgithub.com', list), false);
  assert.equal(underHosts('github.com.evil.io', list), false);
  assert.equal(underHosts('com', list), false);
  assert.equal(isVendorHost('raw.githubusercontent.com'), true);
  assert.equal(isVendorHost('GitHub.com.'), true);
  assert.equal(isKnownRegistry('registry.npmjs.org'), true);
  assert.equal(isKnownRegistry('registry.npmjs.org.evil.example'), false);
});
