// Scale: the standard profile plus N generated user rules (N = 10, 100, 1,000, 10,000), each
// measured for load time (read, parse, compile), warm load time (parsed files from the parse
// cache, as on a restart: read and compile) and first-seen evaluation of the corpus mix
// (every call unique, fresh engine). The generated rules are the shapes users write: a command
// with a literal head, a `*fragment*` substring pattern (no whole word to index by),
// command_contains, a path and a domain. One in ten is a substring pattern on a word the corpus
// uses often (`*curl*17x*`), so every curl command must try a tenth of the set. The floor is the standard profile alone, measured in the
// same rounds, interleaved.
// Run: node dist/bench/scale.bench.js [--rounds N] [--sizes 10,100,1000,10000]
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../src/util/version.js';
import { loadEngine, type Engine } from '../src/policy/engine.js';
import { PolicyParseCache } from '../src/policy/parse-cache.js';
import { loadCorpus, toolCall } from '../src/policy/corpus.js';
import type { ToolCall } from '../src/policy/types.js';
import { ratio, spread } from './stats.js';

const arg = (name: string, dflt: string) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i > 0 ? process.argv[i + 1] : undefined;
  return v ?? dflt;
};
const ROUNDS = Number(arg('rounds', '5'));
const SIZES = arg('sizes', '10,100,1000,10000').split(',').map(Number);
const STANDARD = join(PACKAGE_ROOT, 'policies', 'standard.yaml');
const CORPUS_DIR = join(PACKAGE_ROOT, 'test', 'corpus');

/** One list per figure a size is measured for (the build's and the floor's rows). */
function samples() {
  return {
    p50: [] as number[],
    p99: [] as number[],
    load: [] as number[],
    loadCpu: [] as number[],
    warm: [] as number[],
    warmCpu: [] as number[],
  };
}

function corpusCalls(): ToolCall[] {
  const out: ToolCall[] = [];
  for (const f of readdirSync(CORPUS_DIR)
    .filter((n) => n.endsWith('.yaml'))
    .sort())
    for (const c of loadCorpus(join(CORPUS_DIR, f))) out.push(toolCall(c));
  return out;
}

/** A unique spelling of a call (a new trailing argument, path suffix or query). */
function uniqueVariant(call: ToolCall, tag: string): ToolCall {
  const p = { ...call.params };
  if (typeof p.command === 'string')
    p.command = p.command.includes('\n') ? `U_${tag}=1 ${p.command}` : `${p.command} u${tag}`;
  else if (typeof p.url === 'string') p.url = `${p.url}${p.url.includes('?') ? '&' : '?'}u=${tag}`;
  else for (const k of ['path', 'file_path']) if (typeof p[k] === 'string') p[k] = `${p[k]}.u${tag}`;
  return { ...call, params: p };
}

const WORDS = ['deploy', 'backup', 'sync', 'report', 'migrate', 'secret', 'token', 'vault', 'mirror', 'stage'];

/** One generated rule of five shapes; one in ten is a substring pattern on a word the corpus uses. */
function rule(i: number): string {
  const w = WORDS[i % WORDS.length] ?? 'x';
  const real = i % 10 === 0;
  switch (i % 5) {
    case 0:
      // Substring patterns on a common word (every curl command opens all of these) or on a rare one.
      return `      - action: ask\n        when:\n          command_matches: ["${real ? `*curl*${i % 100}x*` : `*frag${w}${i}q*`}"]`;
    case 1:
      return `      - action: deny\n        when:\n          command_matches: ["tool${i} ${w} *", "*zz${w}${i}zz*"]`;
    case 2:
      return `      - action: ask\n        when:\n          command_contains: ["${w}${i}xy"]`;
    case 3:
      return `      - action: deny\n        when:\n          path_matches: ["**/.${w}${i}/**"]`;
    default:
      return `      - action: ask\n        when:\n          domain_matches: ["*.${w}${i}.example"]`;
  }
}

function generated(n: number, dir: string): string {
  const file = join(dir, `gen-${n}.yaml`);
  const per = 10;
  const out = ['version: "1"', 'default_action: allow', 'policies:'];
  for (let p = 0; p * per < n; p++) {
    out.push(`  - name: gen-${p}`, '    rules:');
    for (let i = p * per; i < Math.min(n, (p + 1) * per); i++) out.push(rule(i));
  }
  writeFileSync(file, out.join('\n') + '\n');
  return file;
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

function timePass(engine: Engine, calls: ToolCall[]): { p50: number; p99: number } {
  const t: number[] = [];
  for (const c of calls) {
    const t0 = process.hrtime.bigint();
    engine.evaluate(c, { dryRun: true });
    t.push(Number(process.hrtime.bigint() - t0) / 1000);
  }
  t.sort((a, b) => a - b);
  return { p50: percentile(t, 0.5), p99: percentile(t, 0.99) };
}

/** CPU time of this process (all threads, the garbage collector's included), in ms. */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function load(
  paths: string[],
  parseCache?: PolicyParseCache,
): { engine: Engine; ms: number; cpuMs: number; heapMB: number } {
  const h0 = process.memoryUsage().heapUsed;
  const c0 = cpuMs();
  const t0 = performance.now();
  const engine = loadEngine(paths, parseCache ? { parseCache } : {});
  const ms = performance.now() - t0;
  return { engine, ms, cpuMs: cpuMs() - c0, heapMB: (process.memoryUsage().heapUsed - h0) / 1048576 };
}

function run(): void {
  const base = corpusCalls();
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-scale-'));
  try {
    const files = new Map(SIZES.map((n) => [n, generated(n, dir)]));
    // A server restart reads parsed files from its cache (src/policy/parse-cache.ts): the warm
    // load skips the YAML parse and compiles only. Primed here, outside the timed rounds.
    const cache = new PolicyParseCache(join(dir, 'parse-cache'));
    for (const f of [STANDARD, ...files.values()]) load([f], cache);
    // Warm the JIT.
    for (let w = 0; w < 2; w++)
      timePass(
        load([STANDARD]).engine,
        base.map((c, i) => uniqueVariant(c, `w${w}x${i}`)),
      );
    const rows = [];
    for (const n of SIZES) {
      const file = files.get(n) ?? '';
      const m = { ...samples(), heap: [] as number[] };
      const f = samples();
      let rules = 0;
      for (let r = 0; r < ROUNDS; r++) {
        const calls = base.map((c, i) => uniqueVariant(c, `n${n}r${r}x${i}`));
        const floorCalls = base.map((c, i) => uniqueVariant(c, `fn${n}r${r}x${i}`));
        const measure = () => {
          const l = load([STANDARD, file]);
          rules = l.engine.ruleCount;
          m.load.push(l.ms);
          m.loadCpu.push(l.cpuMs);
          m.heap.push(l.heapMB);
          const w = load([STANDARD, file], cache);
          m.warm.push(w.ms);
          m.warmCpu.push(w.cpuMs);
          const a = timePass(l.engine, calls);
          m.p50.push(a.p50);
          m.p99.push(a.p99);
        };
        const floor = () => {
          const l = load([STANDARD]);
          f.load.push(l.ms);
          f.loadCpu.push(l.cpuMs);
          const w = load([STANDARD], cache);
          f.warm.push(w.ms);
          f.warmCpu.push(w.cpuMs);
          const a = timePass(l.engine, floorCalls);
          f.p50.push(a.p50);
          f.p99.push(a.p99);
        };
        if (r % 2) {
          floor();
          measure();
        } else {
          measure();
          floor();
        }
      }
      const p50 = spread(m.p50);
      const p99 = spread(m.p99);
      const ld = spread(m.load);
      const fp50 = spread(f.p50);
      const fp99 = spread(f.p99);
      const fld = spread(f.load);
      const wm = spread(m.warm);
      const fwm = spread(f.warm);
      const lc = spread(m.loadCpu);
      const flc = spread(f.loadCpu);
      const wc = spread(m.warmCpu);
      const fwc = spread(f.warmCpu);
      rows.push({
        generated_rules: n,
        rules,
        first_seen_p50_us: { ...p50, floor: fp50.median, x_floor: ratio(p50.median, fp50.median) },
        first_seen_p99_us: { ...p99, floor: fp99.median, x_floor: ratio(p99.median, fp99.median) },
        load_ms: { ...ld, floor: fld.median, x_floor: ratio(ld.median, fld.median) },
        load_warm_ms: { ...wm, floor: fwm.median, x_floor: ratio(wm.median, fwm.median) },
        load_cpu_ms: { ...lc, floor: flc.median, x_floor: ratio(lc.median, flc.median) },
        load_warm_cpu_ms: { ...wc, floor: fwc.median, x_floor: ratio(wc.median, fwc.median) },
        heap_mb: spread(m.heap),
      });
    }
    console.log(
      JSON.stringify(
        {
          bench: 'scale',
          calls_per_round: base.length,
          rounds: ROUNDS,
          unit: 'min/median/max over rounds; floor = the standard profile alone, same rounds',
          load_warm_note: 'load_warm_ms: the same files read from the parse cache (a restart): compile only',
          load_cpu_note:
            '*_cpu_ms: CPU time of the load (all threads), which a loaded machine moves far less than wall time',
          targets: { at_10000: { first_seen_p50_us: 50, load_ms: 500 } },
          results: rows,
        },
        null,
        2,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

run();
