#!/usr/bin/env node
// Rewrites the npm list of policies/catalogues/popular-packages.yaml from a table of npm names
// with their monthly downloads (tab-separated: name, version, downloads a month, ...; a header
// line first). Keeps the file's other lists and its targets.
//   node scripts/popular-npm.mjs TABLE.tsv [COUNT]
// COUNT (default 50000): how many of the most downloaded names to keep. Names whose latest
// version is a registry security placeholder (`0.0.1-security`: a package npm took down for
// malware and holds so nobody re-registers the name) are left out whatever their downloads:
// they are the typosquats the look-alike check exists for.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [table, countArg] = process.argv.slice(2);
if (!table) {
  console.error('usage: node scripts/popular-npm.mjs TABLE.tsv [COUNT]');
  process.exit(2);
}
const count = Number(countArg ?? 50000);
if (!Number.isInteger(count) || count < 1000) {
  console.error(`COUNT must be an integer >= 1000, got ${countArg}`);
  process.exit(2);
}
const rows = [];
for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
  const [name, version, downloads] = line.split('\t');
  if (!name || !version || !/^\d+$/.test(downloads ?? '')) continue;
  if (/-security(?:\.\d+)?$/.test(version)) continue;
  rows.push({ name, downloads: Number(downloads) });
}
rows.sort((a, b) => b.downloads - a.downloads || (a.name < b.name ? -1 : 1));
const names = rows.slice(0, count).map((r) => r.name);

// Folded scalar lines of about 110 characters, indented six spaces (the layout the reader expects).
const lines = [];
let cur = '';
for (const n of names) {
  if (cur && cur.length + 1 + n.length > 110) {
    lines.push('      ' + cur);
    cur = n;
  } else cur = cur ? `${cur} ${n}` : n;
}
if (cur) lines.push('      ' + cur);

const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'policies', 'catalogues', 'popular-packages.yaml');
const text = readFileSync(file, 'utf8');
const start = text.indexOf('\n  npm:\n');
const end = text.indexOf('\n  pypi:\n');
if (start < 0 || end < start) throw new Error('popular-packages.yaml: no npm list followed by a pypi list');
const head = text.slice(start, end).split('\n');
const targets = head.find((l) => /^    targets: \d+$/.test(l)) ?? '    targets: 8000';
const out = `${text.slice(0, start)}\n  npm:\n${targets}\n    names: >-\n${lines.join('\n')}${text.slice(end)}`;
writeFileSync(file, out);
console.log(`npm: ${names.length} names, the last with ${rows[count - 1]?.downloads ?? 0} downloads a month`);
