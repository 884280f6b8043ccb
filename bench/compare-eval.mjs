#!/usr/bin/env node
// Two builds of the engine, each in its own child process, rounds interleaved (A, B, B, A, ...),
// so load on a shared machine lands on both: first-seen (every call unique, fresh engine) and
// repeated p50/p99 of the corpus mix under the standard profile, per build, min/median/max over
// rounds and the spread ((max - min) / median) of each; B/A as the ratio of medians and as the
// median of each round's own B/A (the two builds' turns in one round are adjacent in time).
// Also per build and round: the floor (the same passes on an engine with no policies: input
// checks, command analysis and effects, no rule matching), and first-seen calls to a long-lived
// engine whose caches are full (as in a server that has run for a while: every new command
// evicts the oldest entry of each cache), and the first-seen p50 of each kind of call (kinds
// below).
// Why a process per build: with both builds in one process, the build loaded second measured
// ~1.3x slower on first-seen calls whichever it was (bench/RESULTS.md, 2026-11-27 18:15; V8's
// shared builtins and inline caches see both builds' object shapes). Only one child runs at a
// time; the other waits for its turn, so both see the same machine.
// Both children get the same calls (worked out once, here, with build A's corpus reader) and the
// same unique tags in each round.
// Run: node bench/compare-eval.mjs A_DIST B_DIST [rounds] [--own-profiles]
//   e.g. git archive 08161c7 | tar -x -C /tmp/old; (cd /tmp/old && ln -s $OLDPWD/node_modules && npx tsc -p .)
//        node bench/compare-eval.mjs /tmp/old/dist dist 10
// A vs A (`node bench/compare-eval.mjs dist dist 5`) shows the bench's own bias: ~1.0x.
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { callKind, KINDS } from './call-kinds.mjs';
import { corpusCalls, loadBuilds, ROOT, timePass, unique } from './compare-builds.mjs';

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else await parent();

/** Runs in a child: one build, one round at a time when the parent asks. */
async function child(dist, jobFile) {
  const job = JSON.parse(readFileSync(jobFile, 'utf8'));
  const engine = await import(join(dist, 'src/policy/engine.js'));
  const config = job.ownProfiles ? join(dist, '..', 'policies', 'standard.yaml') : job.config;
  const base = job.calls;
  const kinds = job.kinds;
  const pass = (e, calls, byKind) => {
    const { times: t, cpu } = timePass(e, calls);
    const out = { cpu };
    if (byKind) {
      const per = {};
      t.forEach((x, i) => (per[kinds[i]] ??= []).push(x));
      out.kinds = Object.fromEntries(Object.entries(per).map(([k, xs]) => [k, median(xs)]));
    }
    t.sort((a, b) => a - b);
    return { ...out, p50: t[t.length >> 1], p99: t[Math.floor(t.length * 0.99)] };
  };
  for (let w = 0; w < 3; w++) {
    const e = engine.loadEngine(config);
    const calls = base.map((c, i) => unique(c, `w${w}x${i}`));
    pass(e, calls);
    pass(e, calls);
    pass(engine.loadEngine(job.empty), calls);
  }
  // A long-lived engine, its caches filled past their bounds (8,192 commands) with unique calls.
  const full = engine.loadEngine(config);
  for (let w = 0; w < 10; w++)
    pass(
      full,
      base.map((c, i) => unique(c, `f${w}x${i}`)),
    );
  process.on('message', (r) => {
    if (r === 'exit') process.exit(0);
    const e = engine.loadEngine(config);
    const calls = base.map((c, i) => unique(c, `r${r}x${i}`));
    const a = pass(e, calls, true);
    const c = pass(e, calls);
    const fe = engine.loadEngine(job.empty);
    const f = pass(fe, calls, true);
    const fr = pass(fe, calls);
    const l = pass(
      full,
      base.map((x, i) => unique(x, `full${r}x${i}`)),
    );
    process.send({
      first50: a.p50,
      first99: a.p99,
      firstCpu: a.cpu,
      rep50: c.p50,
      rep99: c.p99,
      repCpu: c.cpu,
      floor50: f.p50,
      floorCpu: f.cpu,
      floorRep50: fr.p50,
      full50: l.p50,
      fullCpu: l.cpu,
      kinds: a.kinds,
      floorKinds: f.kinds,
    });
  });
  process.send('ready');
}

function median(xs) {
  const s = xs.slice().sort((a, b) => a - b);
  return s[s.length >> 1];
}

async function parent() {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const [distA, distB, roundsArg] = args;
  if (!distA || !distB) {
    console.error('usage: node bench/compare-eval.mjs A_DIST B_DIST [rounds] [--own-profiles]');
    process.exit(2);
  }
  const ROUNDS = Number(roundsArg ?? 10);
  const dists = [resolve(distA), resolve(distB)];
  const [a] = await loadBuilds([dists[0]]);
  const calls = corpusCalls(a);
  const dir = mkdtempSync(join(tmpdir(), 'svc-compare-eval-'));
  try {
    const empty = join(dir, 'empty.yaml');
    writeFileSync(empty, 'version: "1"\ndefault_action: allow\npolicies: []\n');
    const jobFile = join(dir, 'job.json');
    // By default both builds load this checkout's standard profile (the engines compared on the
    // same rules); with --own-profiles each build loads the profile beside its own dist/ (what a
    // user of that build gets; needed when the profile format changed between them).
    writeFileSync(
      jobFile,
      JSON.stringify({
        calls,
        kinds: calls.map(callKind),
        config: join(ROOT, 'policies', 'standard.yaml'),
        ownProfiles: process.argv.includes('--own-profiles'),
        empty,
      }),
    );
    const self = fileURLToPath(import.meta.url);
    const kids = [];
    // Started one after the other: each warms up alone.
    for (const d of dists) {
      const k = fork(self, ['--child', d, jobFile], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      await new Promise((res, rej) => {
        k.once('message', res);
        k.once('exit', (code) => rej(new Error(`child for ${d} exited with ${code}`)));
      });
      k.removeAllListeners('exit');
      kids.push(k);
    }
    const ask = (k) => new Promise((res) => k.once('message', res));
    const res = [[], []];
    for (let r = 0; r < ROUNDS; r++)
      for (const k of r % 2 ? [1, 0] : [0, 1]) {
        const reply = ask(kids[k]);
        kids[k].send(r);
        res[k].push(await reply);
      }
    for (const k of kids) k.send('exit');
    const spread = (xs) => {
      const s = xs.slice().sort((x, y) => x - y);
      const rd = (x) => Math.round(x * 1000) / 1000;
      const med = s[s.length >> 1];
      return { min: rd(s[0]), median: rd(med), max: rd(s[s.length - 1]), spread: rd((s[s.length - 1] - s[0]) / med) };
    };
    const figures = {
      first_seen_p50: 'first50',
      first_seen_p99: 'first99',
      first_seen_cpu_per_call: 'firstCpu',
      repeated_p50: 'rep50',
      repeated_p99: 'rep99',
      repeated_cpu_per_call: 'repCpu',
      floor_first_seen_p50: 'floor50',
      floor_first_seen_cpu_per_call: 'floorCpu',
      floor_repeated_p50: 'floorRep50',
      full_caches_first_seen_p50: 'full50',
      full_caches_first_seen_cpu_per_call: 'fullCpu',
    };
    const of = (k, key) => res[k].map((x) => x[key]);
    const kindsOf = (k, key) =>
      Object.fromEntries(
        KINDS.filter((n) => res[k][0][key][n] !== undefined).map((n) => [n, spread(res[k].map((x) => x[key][n]))]),
      );
    const counts = {};
    for (const c of calls) counts[callKind(c)] = (counts[callKind(c)] ?? 0) + 1;
    console.log(
      JSON.stringify(
        {
          bench: 'compare-eval',
          calls_per_round: calls.length,
          calls_per_kind: counts,
          rounds: ROUNDS,
          unit: 'microseconds per call; min/median/max over interleaved rounds, spread = (max - min) / median',
          builds: dists.map((d, k) => ({
            dist: d,
            ...Object.fromEntries(Object.entries(figures).map(([name, key]) => [name, spread(of(k, key))])),
            first_seen_p50_by_kind: kindsOf(k, 'kinds'),
            floor_first_seen_p50_by_kind: kindsOf(k, 'floorKinds'),
          })),
          // B over A within each round (the two ran next to each other, under the same load),
          // min/median/max over rounds: the steadier ratio where the load drifts between rounds
          b_over_a_paired: Object.fromEntries(
            Object.entries(figures).map(([name, key]) => [
              name,
              spread(res[1].map((x, r) => x[key] / (res[0][r]?.[key] ?? NaN))),
            ]),
          ),
          b_over_a_median: Object.fromEntries(
            Object.entries(figures).map(([name, key]) => [
              name,
              Math.round((spread(of(1, key)).median / spread(of(0, key)).median) * 1000) / 1000,
            ]),
          ),
        },
        null,
        2,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
