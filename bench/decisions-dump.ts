// Dumps every decision the standard profile makes over the shipped and blind dev corpora, their
// variants (the `svc bench --variants` set) and the eval bench's unique variants, one JSON line
// each, so a performance change can be checked to decide exactly as before:
//   node dist/bench/decisions-dump.js > before.jsonl; (change, build) ...; diff before.jsonl after.jsonl
// With --repeat every call is decided twice by the same engine and the second answer printed (it
// must equal the first: what a call seen before gets from the engine's caches).
// With --shadow DIR the decisions printed are those of a shadow set (the profile plus DIR, as
// `svc serve --shadow DIR` loads it), each call decided by the live profile first and the shadow
// reusing its answers as in a server; add --alone for the same shadow set deciding on its own
// (the two dumps must be equal: sharing never changes a shadow decision).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/util/version.js';
import { loadEngine } from '../src/policy/engine.js';
import { SharedAnalysis } from '../src/policy/shadow-cache.js';
import { CORPUS_HOME, loadCorpus, toolCall, type CorpusCase } from '../src/policy/corpus.js';
import { corpusVariants } from '../src/policy/variants.js';
import type { Decision, ToolCall } from '../src/policy/types.js';

const args = process.argv.slice(2);
const repeat = args.includes('--repeat');
const alone = args.includes('--alone');
const shadowAt = args.indexOf('--shadow');
const shadowDir = shadowAt >= 0 ? args[shadowAt + 1] : undefined;
const config =
  args.filter((a, i) => !a.startsWith('--') && (shadowAt < 0 || i !== shadowAt + 1))[0] ??
  join(PACKAGE_ROOT, 'policies', 'standard.yaml');
const dirs = [join(PACKAGE_ROOT, 'test', 'corpus'), join(PACKAGE_ROOT, 'test', 'corpus', 'blind')];
const cases: CorpusCase[] = [];
for (const d of dirs)
  for (const f of readdirSync(d)
    .filter((n) => n.endsWith('.yaml'))
    .sort())
    cases.push(...loadCorpus(join(d, f)));

const home = CORPUS_HOME;
const shared = shadowDir && !alone ? new SharedAnalysis(home) : undefined;
const live = shared ? loadEngine(config, { home, resolveSymlinks: false, shared }) : undefined;
const engine = shadowDir
  ? loadEngine([config, shadowDir], { home, resolveSymlinks: false, taints: false, ...(shared ? { shared } : {}) })
  : loadEngine(config, { home, resolveSymlinks: false });
/** The engine's answer, decided after the live set's when a shadow shares its answers. */
const decide = (call: ToolCall): Decision => {
  live?.evaluate(call, { dryRun: true });
  return engine.evaluate(call, { dryRun: true });
};
const show = (d: Decision) => {
  const { evalDurationUs: _t, ...rest } = d;
  return rest;
};
const out: string[] = [];
const emit = (id: string, call: ToolCall) => {
  if (repeat) decide(call);
  out.push(JSON.stringify({ id, d: show(decide(call)) }));
};
for (const c of cases) emit(c.id, toolCall(c));
for (const seed of [1, 2]) {
  for (const { source, variant } of corpusVariants(cases, seed))
    emit(`${source.id}/${variant.kind}/${seed}`, {
      ...toolCall(source),
      params: { ...source.params, command: variant.command },
    });
}
// Appended arguments and path suffixes, as the eval bench makes them.
for (const c of cases) {
  const call = toolCall(c);
  const p = { ...call.params };
  if (typeof p.command === 'string') p.command = `${p.command} uX1`;
  else for (const k of ['path', 'file_path']) if (typeof p[k] === 'string') p[k] = `${p[k]}.uX1`;
  emit(`${c.id}/u`, { ...call, params: p });
}
process.stdout.write(out.join('\n') + '\n');
