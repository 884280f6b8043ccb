import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FifoMap } from '../../src/util/fifo-map.js';

test('the oldest entry leaves first, and a replaced value keeps its place', () => {
  const m = new FifoMap<string, number>();
  m.set('a', 1);
  m.set('b', 2);
  m.set('a', 10);
  m.set('c', 3);
  assert.deepEqual(m.shift(), ['a', 10]);
  assert.deepEqual(m.shift(), ['b', 2]);
  assert.equal(m.size, 1);
  assert.equal(m.get('c'), 3);
  assert.deepEqual(m.shift(), ['c', 3]);
  assert.equal(m.shift(), undefined);
});

test('a deleted key is not returned; added again, it may leave as early as its first insert', () => {
  const m = new FifoMap<string, number>();
  m.set('a', 1);
  m.set('b', 2);
  m.delete('a');
  m.set('c', 3);
  m.set('a', 4);
  // Its earlier slot is still in the order (a cache only needs to forget the old first).
  assert.deepEqual(m.shift(), ['a', 4]);
  assert.deepEqual(m.shift(), ['b', 2]);
  assert.deepEqual(m.shift(), ['c', 3]);
  assert.equal(m.size, 0);
});

test('a bounded cache keeps the newest entries over many inserts and deletes', () => {
  const m = new FifoMap<number, number>();
  for (let i = 0; i < 50_000; i++) {
    m.set(i, i);
    if (i % 3 === 0) m.delete(i - 1);
    while (m.size > 100) m.shift();
  }
  assert.equal(m.size, 100);
  assert.equal(m.get(49_999), 49_999);
  assert.equal(m.get(10), undefined);
});

test('a key deleted for good is never returned', () => {
  const m = new FifoMap<string, number>();
  m.set('a', 1);
  m.set('b', 2);
  m.delete('a');
  assert.deepEqual(m.shift(), ['b', 2]);
  assert.equal(m.shift(), undefined);
});
