#!/usr/bin/env node
// decisions-dump.ts for any build over THIS checkout's corpora: the same calls (the shipped and
// blind dev corpora, their variants of seeds 1 and 2, the `uX1` spellings), decided by the engine
// and standard profile of the build at DIST, one JSON line each. Two builds whose checkouts hold
// different corpora can so be compared on one list: dump each, then diff. `--parts` picks parts
// (cases, u, v1, v2: the corpora, their uX1 spellings, the variants of seed 1 and 2; all by
// default), each written as it is decided, so a dump stopped on a busy machine keeps its parts.
// `--extra FILE.yaml ...` (last on the line) adds those corpus files' cases (red-team sets kept
// outside the checkout) to the cases, so to their `u` spellings and variants too.
// Run: node bench/decisions-of.mjs DIST [--parts cases,u,v1,v2] [--extra FILE...] > out.jsonl
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const dist = resolve(process.argv[2] ?? 'dist');
const at = process.argv.indexOf('--parts');
const parts = new Set((at > 0 ? process.argv[at + 1] : 'cases,u,v1,v2').split(','));
// `--every N`: every Nth variant only (a seed has some 300,000), for a dump a busy machine finishes
const ev = process.argv.indexOf('--every');
const every = ev > 0 ? Number(process.argv[ev + 1]) : 1;
const { loadEngine } = await import(join(dist, 'src/policy/engine.js'));
const { CORPUS_HOME, loadCorpus, toolCall } = await import(join(dist, 'src/policy/corpus.js'));
const { corpusVariants } = await import(join(dist, 'src/policy/variants.js'));
const config = join(dist, '..', 'policies', 'standard.yaml');
const cases = [];
for (const d of [join(ROOT, 'test', 'corpus'), join(ROOT, 'test', 'corpus', 'blind')])
  for (const f of readdirSync(d)
    .filter((n) => n.endsWith('.yaml'))
    .sort())
    cases.push(...loadCorpus(join(d, f)));
const ex = process.argv.indexOf('--extra');
if (ex > 0) for (const f of process.argv.slice(ex + 1)) cases.push(...loadCorpus(resolve(f)));
const engine = loadEngine(config, { home: CORPUS_HOME, resolveSymlinks: false });
let out = [];
const emit = (id, call) => {
  const { evalDurationUs: _t, ...d } = engine.evaluate(call, { dryRun: true });
  out.push(JSON.stringify({ id, d }));
  if (out.length >= 1000) flush();
};
const flush = () => {
  if (out.length) process.stdout.write(out.join('\n') + '\n');
  out = [];
};
if (parts.has('cases')) for (const c of cases) emit(c.id, toolCall(c));
for (const seed of [1, 2].filter((s) => parts.has(`v${s}`)))
  for (const [i, { source, variant }] of corpusVariants(cases, seed).entries())
    if (i % every === 0)
      emit(`${source.id}/${variant.kind}/${seed}`, {
        ...toolCall(source),
        params: { ...source.params, command: variant.command },
      });
if (parts.has('u'))
  for (const c of cases) {
    const call = toolCall(c);
    const p = { ...call.params };
    if (typeof p.command === 'string') p.command = `${p.command} uX1`;
    else for (const k of ['path', 'file_path']) if (typeof p[k] === 'string') p[k] = `${p[k]}.uX1`;
    emit(`${c.id}/u`, { ...call, params: p });
  }
flush();
