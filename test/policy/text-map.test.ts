// TextMap / TextSet (text-map.ts): string-keyed lookups that fingerprint long keys instead of
// hashing them. They must answer exactly as a Map would, also for keys built to share a
// fingerprint (same length and same sampled characters, different elsewhere).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextMap, TextSet } from '../../src/policy/text-map.js';

test('short and long keys are found by content, not by identity', () => {
  const m = new TextMap<number>();
  const long = 'lorem ipsum '.repeat(100);
  m.set('a', 1);
  m.set(long, 2);
  assert.equal(m.get('a'), 1);
  // the same text built anew (another string object) is the same key
  assert.equal(m.get(['lorem ipsum '.repeat(50), 'lorem ipsum '.repeat(50)].join('')), 2);
  assert.equal(m.get(long.slice(1)), undefined);
  assert.equal(m.get(long + ' '), undefined);
  m.set(long, 3);
  assert.equal(m.get(long), 3);
  const s = new TextSet();
  s.add(long);
  assert.ok(s.has('lorem ipsum '.repeat(100)));
  assert.ok(!s.has('lorem ipsum '.repeat(99)));
});

test('many long keys sharing a fingerprint are kept apart, before and after their bucket gets a map', () => {
  const m = new TextMap<number>();
  // same length, same ends, same spread samples: they differ at one position that is not sampled
  const base = 'x'.repeat(1000);
  const key = (i: number) => base.slice(0, 501) + String.fromCharCode(65 + i) + base.slice(502);
  for (let i = 0; i < 40; i++) {
    assert.equal(m.get(key(i)), undefined, `key ${i} is new`);
    m.set(key(i), i);
    for (let j = 0; j <= i; j++) assert.equal(m.get(key(j)), j);
  }
  assert.equal(m.get(base), undefined);
  m.set(key(7), 70);
  assert.equal(m.get(key(7)), 70);
  assert.equal(m.get(key(8)), 8);
});
