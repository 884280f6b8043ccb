#!/usr/bin/env node
// Fills the catalogue blocks of the shipped profiles from policies/catalogues/*.yaml.
// A profile marks a list with
//     # BEGIN catalogue NAME            (or NAME.SECTION for one section of it)
//     # END catalogue NAME
// and this script replaces what is between the markers with the catalogue's items, indented
// like the BEGIN line. `--check` exits 1 when a profile is out of date (the tests run it).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const catDir = join(root, 'policies', 'catalogues');

export function loadCatalogues(dir = catDir) {
  const out = new Map();
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith('.yaml'))
    .sort()) {
    const doc = parse(readFileSync(join(dir, f), 'utf8'));
    const name = f.replace(/\.yaml$/, '');
    for (const [section, entries] of Object.entries(doc.sections ?? {})) {
      const items = [];
      for (const e of entries) for (const i of e.items ?? []) if (!items.includes(String(i))) items.push(String(i));
      out.set(`${name}.${section}`, items);
    }
  }
  return out;
}

const BEGIN = /^(\s*)# BEGIN catalogue ([\w.-]+)\s*$/;
const END = /^\s*# END catalogue ([\w.-]+)\s*$/;

export function render(text, cats) {
  const lines = text.split('\n');
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    const m = BEGIN.exec(lines[i]);
    out.push(lines[i]);
    if (!m) continue;
    const [, indent, name] = m;
    const items = cats.get(name);
    if (!items) throw new Error(`unknown catalogue section ${name}`);
    let j = i + 1;
    while (j < lines.length && !END.test(lines[j])) j++;
    if (j >= lines.length) throw new Error(`catalogue ${name}: no END marker`);
    for (const it of items) out.push(`${indent}- '${it.replace(/'/g, "''")}'`);
    out.push(lines[j]);
    i = j;
  }
  return out.join('\n');
}

const check = process.argv.includes('--check');
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const cats = loadCatalogues();
  let stale = 0;
  for (const f of readdirSync(join(root, 'policies')).filter((x) => x.endsWith('.yaml'))) {
    const p = join(root, 'policies', f);
    const before = readFileSync(p, 'utf8');
    const after = render(before, cats);
    if (after === before) continue;
    stale++;
    if (check) console.error(`${f} is out of date with policies/catalogues (run node scripts/catalogues.mjs)`);
    else writeFileSync(p, after);
  }
  if (check && stale) process.exit(1);
}
