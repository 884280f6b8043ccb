// Comments, test titles and shipped docs stand alone: none cites a document that does not ship
// with the code (a specification section number, a contract file, a research note, "the peer"
// a format was copied from). A reason is stated where it applies, or a docs/ page is named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIRS = ['src', 'server', 'native', 'preload', 'test', 'bench', 'scripts', 'docs'];
const EXTS = ['.ts', '.js', '.mjs', '.c', '.h', '.cc', '.md'];
const SKIP = new Set(['node_modules', 'fixtures', 'corpus', 'prebuilds']);

/** This file names what it looks for, so it is not scanned itself. */
const SELF = 'test/comments.test.ts';
const CITATION = new RegExp(
  [
    String.raw`\bSPEC(?:\.md|\s+\d|\s+part)`,
    String.raw`\bCONTRACT(?:\.md)?\b`,
    String.raw`\bresearch(?:\s+\d|/)`,
    String.raw`\bpeer[- ]format\b`,
    String.raw`\b(?:in|as in|from) the peer\b(?!'s uid| credentials)`,
    String.raw`\bthe peer's (?:glob|format|policy|policies)\b`,
  ].join('|'),
);

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p));
    else if (EXTS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

export function citations(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (CITATION.test(line) ? [`${file}:${i + 1}  ${line.trim()}`] : []));
}

test('the check finds each kind of outside citation and not the socket peer', () => {
  const text = [
    '// SPEC 2.8: the reply body',
    '// as CONTRACT.md defines it',
    '// (research 3.2)',
    '// expired rules apply (as in the peer)',
    '// peer-format policies',
    "// checks the peer's uid after accept",
    '// the peer credentials of a connection',
    '// SPECS: the flag tables',
  ].join('\n');
  assert.deepEqual(
    citations('x.ts', text).map((l) => l.split(' ')[0]),
    ['x.ts:1', 'x.ts:2', 'x.ts:3', 'x.ts:4', 'x.ts:5'],
  );
});

test('no comment, title or doc cites a document outside the repository', () => {
  const all = DIRS.flatMap((d) => files(join(ROOT, d)));
  assert.ok(all.length > 300, `read ${all.length} files`);
  const found = all
    .map((f) => relative(ROOT, f))
    .filter((f) => f !== SELF)
    .flatMap((f) => citations(f, readFileSync(join(ROOT, f), 'utf8')));
  assert.deepEqual(found, []);
});
