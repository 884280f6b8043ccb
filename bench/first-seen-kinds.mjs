#!/usr/bin/env node
// Where a first-seen call's cost goes by what the call is, and what a whole-call fast path could
// gain at most. Each call of the corpus mix is decided first-seen (a fresh engine per round, a tag
// never used before) in each of R rounds; its time is the median over the rounds. Calls are split
// by spelling (bench/call-kinds.mjs), by decision, and by whether the line amounts to anything
// (its effects, effects/derive.ts). The ceiling: the mix's p50 and p99 if every call a fast path
// could at best answer without reading (an allowed call of one kind of spelling that amounts to
// nothing) cost nothing at all: an oracle, no mechanism, so the most any fast path could move.
// Run: node bench/first-seen-kinds.mjs [DIST] [rounds]
import { join, resolve } from 'node:path';
import { callKind, KINDS } from './call-kinds.mjs';
import { corpusCalls, loadBuilds, unique } from './compare-builds.mjs';

const dist = resolve(process.argv[2] ?? 'dist');
const rounds = Number(process.argv[3] ?? 5);
const [b] = await loadBuilds([dist]);
const { effectsOf, EffectCache } = await import(join(dist, 'src/policy/effects/decide.js'));
const config = join(dist, '..', 'policies', 'standard.yaml');
const base = corpusCalls(b);
const times = base.map(() => []);
let decisions;
for (let r = -6; r < rounds; r++) {
  const e = b.engine.loadEngine(config);
  const out = [];
  base.forEach((c, i) => {
    const call = unique(c, `k${r}x${i}`);
    const t0 = process.hrtime.bigint();
    const d = e.evaluate(call, { dryRun: true });
    const t = Number(process.hrtime.bigint() - t0) / 1000;
    if (r >= 0) times[i].push(t);
    out.push(d);
  });
  decisions = out;
}
const med = (xs) => xs.slice().sort((x, y) => x - y)[xs.length >> 1];
const per = times.map(med);
const cache = new EffectCache();
const rows = base.map((c, i) => {
  const call = unique(c, 'kfinal');
  const cmd = typeof call.params.command === 'string' ? call.params.command : undefined;
  const path = call.params.path ?? call.params.file_path;
  let effects = 0;
  try {
    effects = effectsOf(call, cmd, typeof path === 'string' ? path : undefined, cache).length;
  } catch {
    effects = -1;
  }
  const d = decisions[i];
  return { kind: callKind(c), action: d.action, byRule: !!d.policy, effects, t: per[i] };
});
const pct = (xs, q) => {
  const s = xs.slice().sort((x, y) => x - y);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(s.length * q))] * 10) / 10 : null;
};
const group = (name, pick) => {
  const xs = rows.filter(pick).map((r) => r.t);
  return {
    group: name,
    calls: xs.length,
    share: Math.round((xs.length / rows.length) * 1000) / 10,
    p50: pct(xs, 0.5),
    p99: pct(xs, 0.99),
  };
};
const table = [group('all', () => true)];
for (const k of KINDS) table.push(group(k, (r) => r.kind === k));
table.push(group('allowed', (r) => r.action === 'allow'));
table.push(group('allowed, amounts to nothing', (r) => r.action === 'allow' && r.effects === 0));
table.push(group('stopped (deny/ask)', (r) => r.action === 'deny' || r.action === 'ask'));
table.push(
  group(
    'exec-words, allowed, amounts to nothing',
    (r) => r.kind === 'exec-words' && r.action === 'allow' && r.effects === 0,
  ),
);
table.push(
  group(
    'exec-words, allowed by default, amounts to nothing',
    (r) => r.kind === 'exec-words' && r.action === 'allow' && !r.byRule && r.effects === 0,
  ),
);
const ceiling = (name, free) => {
  const xs = rows.map((r) => (free(r) ? 0 : r.t));
  return { fast_path_answers: name, calls: rows.filter(free).length, p50: pct(xs, 0.5), p99: pct(xs, 0.99) };
};
console.log(
  JSON.stringify(
    {
      bench: 'first-seen-kinds',
      dist,
      rounds,
      unit: 'microseconds per call (each call: median of its rounds), p50/p99 over calls',
      groups: table,
      ceilings: [
        ceiling('nothing (as measured)', () => false),
        ceiling(
          'exec-words allowed by default, amounting to nothing, at zero cost',
          (r) => r.kind === 'exec-words' && r.action === 'allow' && !r.byRule && r.effects === 0,
        ),
        ceiling(
          'exec-words allowed, amounting to nothing, at zero cost',
          (r) => r.kind === 'exec-words' && r.action === 'allow' && r.effects === 0,
        ),
        ceiling(
          'every allowed call amounting to nothing, at zero cost',
          (r) => r.action === 'allow' && r.effects === 0,
        ),
      ],
    },
    null,
    2,
  ),
);
