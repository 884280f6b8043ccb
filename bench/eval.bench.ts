// In-process policy evaluation: Engine.evaluate on the shipped standard profile, over a realistic
// mix drawn from the corpora (test/corpus/*.yaml: attacks and routine calls of every tool class).
//
// Inputs cannot flatter: in each round every call of the "first-seen" pass is made unique (a
// distinct argument, path suffix or query) and goes to a fresh engine, so no cache helps. The
// "repeated" pass sends the same round's calls again to the same engine (analysis cached). The
// floor is the same two passes against an engine with no policies (input checks and command
// analysis, no rule matching), measured in the same rounds. Rounds interleave the three, so drift on a shared
// machine lands on all of them; each figure is given as min/median/max over rounds, with its
// ratio to the floor.
//
// A fresh engine in a process that has made a few passes is still being compiled by V8 (most of
// a first-seen pass's instructions are the optimising compiler's: bench/RESULTS.md, 2026-11-27).
// A server that has run a while has not: the "first-seen, settled" pass sends each round's new
// unique calls to one long-lived engine after it has decided --settle passes of OTHER unique
// calls (compilation settled), against a long-lived floor engine settled the same way.
// Run: node dist/bench/eval.bench.js [--rounds N] [--settle PASSES] [--config FILE]
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/util/version.js';
import { loadEngine, type Engine } from '../src/policy/engine.js';
import { loadCorpus, toolCall } from '../src/policy/corpus.js';
import type { ToolCall } from '../src/policy/types.js';
import { ratio, spread, type Spread } from './stats.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt;
};
const ROUNDS = Number(arg('rounds', '10'));
const SETTLE = Number(arg('settle', '6'));
const CONFIG = arg('config', join(PACKAGE_ROOT, 'policies', 'standard.yaml'));
const CORPUS_DIR = join(PACKAGE_ROOT, 'test', 'corpus');

function corpusCalls(): ToolCall[] {
  const out: ToolCall[] = [];
  for (const f of readdirSync(CORPUS_DIR)
    .filter((n) => n.endsWith('.yaml'))
    .sort()) {
    for (const c of loadCorpus(join(CORPUS_DIR, f))) out.push(toolCall(c));
  }
  return out;
}

/** The same call with a unique token where its text is analysed: a new command, path or URL. */
function uniqueVariant(call: ToolCall, tag: string): ToolCall {
  const p = { ...call.params };
  if (typeof p.command === 'string') {
    // A trailing argument on one-line commands; multi-line scripts get a unique assignment prefix.
    p.command = p.command.includes('\n') ? `U_${tag}=1 ${p.command}` : `${p.command} u${tag}`;
  } else if (typeof p.url === 'string') {
    p.url = `${p.url}${p.url.includes('?') ? '&' : '?'}u=${tag}`;
  } else {
    for (const k of ['path', 'file_path']) if (typeof p[k] === 'string') p[k] = `${p[k]}.u${tag}`;
  }
  return { ...call, params: p };
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function timePass(engine: Engine, calls: ToolCall[]): { p50: number; p99: number; mean: number; cpu: number } {
  const opts = { dryRun: true };
  const t: number[] = new Array(calls.length);
  const c0 = process.cpuUsage();
  for (let i = 0; i < calls.length; i++) {
    const t0 = process.hrtime.bigint();
    const c = calls[i];
    if (c) engine.evaluate(c, opts);
    t[i] = Number(process.hrtime.bigint() - t0) / 1000;
  }
  const c = process.cpuUsage(c0);
  const mean = t.reduce((a, b) => a + b, 0) / t.length;
  t.sort((a, b) => a - b);
  // CPU time of the pass per call (the garbage collector's threads included): a loaded machine
  // stretches wall-clock percentiles, far less this.
  return { p50: percentile(t, 0.5), p99: percentile(t, 0.99), mean, cpu: (c.user + c.system) / calls.length };
}

function run(): void {
  const base = corpusCalls();
  const emptyDir = mkdtempSync(join(tmpdir(), 'svc-bench-eval-'));
  const emptyPolicy = join(emptyDir, 'empty.yaml');
  writeFileSync(emptyPolicy, 'version: "1"\ndefault_action: allow\npolicies: []\n');
  // Warm the JIT on throwaway engines and inputs that no measured round uses.
  for (let w = 0; w < 3; w++) {
    const e = loadEngine(CONFIG);
    const f = loadEngine(emptyPolicy);
    const calls = base.map((c, i) => uniqueVariant(c, `w${w}x${i}`));
    timePass(e, calls);
    timePass(e, calls);
    timePass(f, calls);
  }
  // The long-lived engines: each decides SETTLE passes of unique calls no measured round uses.
  const server = loadEngine(CONFIG);
  const serverFloor = loadEngine(emptyPolicy);
  for (let w = 0; w < SETTLE; w++) {
    timePass(
      server,
      base.map((c, i) => uniqueVariant(c, `s${w}x${i}`)),
    );
    timePass(
      serverFloor,
      base.map((c, i) => uniqueVariant(c, `t${w}x${i}`)),
    );
  }
  const settled = { p50: [] as number[], p99: [] as number[], mean: [] as number[], cpu: [] as number[] };
  const settledFloor = { p50: [] as number[], p99: [] as number[], cpu: [] as number[] };
  const first = { p50: [] as number[], p99: [] as number[], mean: [] as number[], cpu: [] as number[] };
  const repeated = { p50: [] as number[], p99: [] as number[] };
  const floor = { p50: [] as number[], p99: [] as number[], cpu: [] as number[] };
  const floorRepeated = { p50: [] as number[], p99: [] as number[] };
  const decisions: Record<string, number> = {};
  for (let r = 0; r < ROUNDS; r++) {
    const calls = base.map((c, i) => uniqueVariant(c, `r${r}x${i}`));
    const floorCalls = base.map((c, i) => uniqueVariant(c, `f${r}x${i}`));
    // Alternate the order of the floor and the measured pass between rounds.
    const measure = () => {
      const engine = loadEngine(CONFIG);
      const a = timePass(engine, calls);
      first.p50.push(a.p50);
      first.p99.push(a.p99);
      first.mean.push(a.mean);
      first.cpu.push(a.cpu);
      const b = timePass(engine, calls);
      repeated.p50.push(b.p50);
      repeated.p99.push(b.p99);
      if (r === 0) {
        for (const c of calls) {
          const act = engine.evaluate(c, { dryRun: true }).action;
          decisions[act] = (decisions[act] ?? 0) + 1;
        }
      }
    };
    const measureFloor = () => {
      const empty = loadEngine(emptyPolicy);
      const f = timePass(empty, floorCalls);
      floor.p50.push(f.p50);
      floor.p99.push(f.p99);
      floor.cpu.push(f.cpu);
      const g = timePass(empty, floorCalls);
      floorRepeated.p50.push(g.p50);
      floorRepeated.p99.push(g.p99);
    };
    const measureSettled = () => {
      const a = timePass(
        server,
        base.map((c, i) => uniqueVariant(c, `l${r}x${i}`)),
      );
      settled.p50.push(a.p50);
      settled.p99.push(a.p99);
      settled.mean.push(a.mean);
      settled.cpu.push(a.cpu);
      const f = timePass(
        serverFloor,
        base.map((c, i) => uniqueVariant(c, `m${r}x${i}`)),
      );
      settledFloor.p50.push(f.p50);
      settledFloor.p99.push(f.p99);
      settledFloor.cpu.push(f.cpu);
    };
    if (r % 2) {
      measureFloor();
      measureSettled();
      measure();
    } else {
      measure();
      measureSettled();
      measureFloor();
    }
  }
  rmSync(emptyDir, { recursive: true, force: true });
  const engine = loadEngine(CONFIG);
  const withRatio = (s: Spread, fl: Spread) => ({ ...s, x_floor: ratio(s.median, fl.median) });
  const floorP50 = spread(floor.p50);
  const floorP99 = spread(floor.p99);
  const byTool: Record<string, number> = {};
  for (const c of base) byTool[c.tool] = (byTool[c.tool] ?? 0) + 1;
  console.log(
    JSON.stringify(
      {
        bench: 'eval',
        config: CONFIG,
        policies: engine.policyCount,
        rules: engine.ruleCount,
        calls_per_round: base.length,
        rounds: ROUNDS,
        by_tool: byTool,
        decisions_first_round: decisions,
        unit: 'microseconds per call; min/median/max over rounds',
        first_seen: {
          p50: withRatio(spread(first.p50), floorP50),
          p99: withRatio(spread(first.p99), floorP99),
          mean: spread(first.mean),
          cpu_per_call: withRatio(spread(first.cpu), spread(floor.cpu)),
          note: 'every call unique and new to a fresh engine',
        },
        first_seen_settled: {
          p50: withRatio(spread(settled.p50), spread(settledFloor.p50)),
          p99: withRatio(spread(settled.p99), spread(settledFloor.p99)),
          mean: spread(settled.mean),
          cpu_per_call: withRatio(spread(settled.cpu), spread(settledFloor.cpu)),
          x_fresh_engine: ratio(spread(settled.p50).median, spread(first.p50).median),
          settled_after_calls: SETTLE * base.length,
          note: `every call unique and new to one long-lived engine that has decided ${SETTLE * base.length} other unique calls (a server that has run a while); floor: a long-lived engine with no policies, settled the same way`,
        },
        repeated: {
          p50: withRatio(spread(repeated.p50), spread(floorRepeated.p50)),
          p99: withRatio(spread(repeated.p99), spread(floorRepeated.p99)),
          note: 'the same calls again, analysis cached',
        },
        floor: {
          first_seen: { p50: floorP50, p99: floorP99, cpu_per_call: spread(floor.cpu) },
          repeated: { p50: spread(floorRepeated.p50), p99: spread(floorRepeated.p99) },
          note: 'the same passes against an engine with no policies: input checks and command analysis, no rule matching',
          first_seen_settled: {
            p50: spread(settledFloor.p50),
            p99: spread(settledFloor.p99),
            cpu_per_call: spread(settledFloor.cpu),
          },
        },
        targets: { first_seen_p50_us: 5, first_seen_p99_us: 40, repeated_p50_us: 2 },
      },
      null,
      2,
    ),
  );
}

run();
