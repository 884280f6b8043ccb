// readLineTexts gives the same lines as readLines, decoded: across chunk boundaries, with
// multi-byte characters split between chunks, a line longer than a chunk, a line over the
// line limit (''), empty lines, and a final line with no newline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHUNK_BYTES, MAX_LINE_BYTES, readLineTexts, readLines } from '../../src/audit/audit-line-reader.js';
import { tempDir } from '../helpers/server.js';

async function both(path: string): Promise<{ texts: string[]; lines: string[] }> {
  const texts: string[] = [];
  for await (const batch of readLineTexts(path)) texts.push(...batch);
  const lines: string[] = [];
  for await (const ln of readLines(path)) lines.push(ln.overlong ? '' : ln.buf.toString('utf8'));
  return { texts, lines };
}

test('the same lines as readLines, whatever falls on a chunk boundary', async () => {
  const dir = tempDir();
  try {
    const path = join(dir, 'log.jsonl');
    // Deterministic pseudo-random line lengths, with 2-, 3- and 4-byte characters.
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const alphabet = ['a', 'é', '€', '𝄞', '{', '"'];
    const lines: string[] = [];
    let bytes = 0;
    while (bytes < 3 * CHUNK_BYTES) {
      const len = rand(10) === 0 ? CHUNK_BYTES + rand(5000) : rand(3) === 0 ? 0 : rand(900);
      let l = '';
      for (let i = 0; i < len; i++) l += alphabet[rand(alphabet.length)];
      lines.push(l);
      bytes += Buffer.byteLength(l) + 1;
    }
    for (const tail of ['\n', '']) {
      writeFileSync(path, lines.join('\n') + tail);
      const got = await both(path);
      assert.equal(got.texts.length, lines.length);
      assert.deepEqual(got.texts, got.lines);
      assert.deepEqual(got.texts, lines);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a line over the limit comes back empty, and the lines around it whole', async () => {
  const dir = tempDir();
  try {
    const path = join(dir, 'log.jsonl');
    writeFileSync(path, `before\n${'x'.repeat(MAX_LINE_BYTES + 10)}\nafter\n`);
    const got = await both(path);
    assert.deepEqual(got.texts, ['before', '', 'after']);
    assert.deepEqual(got.lines, got.texts);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
