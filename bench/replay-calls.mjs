#!/usr/bin/env node
// What replay's unique calls cost apart from the rest of replay: the calls of a log written by
// `node dist/bench/replay.bench.js --write-log DIR --events N --unique-pct 100`, decided by one
// engine over the bench's set (the standard profile plus its ten candidate policies), built as a
// deciding thread builds it (src/policy/replay-worker.ts). Modes:
//   ahead  through answerAhead, as the deciding threads do (session lookup, second evaluation
//          of the calls that reach a session_tainted test); CPU per call by chunks of 2,000
//   plain  Engine.evaluate alone on the same calls, same chunks
//   own    replay's reading thread alone (the real scan, memory keys, memory of answers, session
//          state and tally) with every call answered at once by a stub: its CPU per event
// Under callgrind (`--instr-atstart=no`), `--count W M` decides W calls uncounted and switches
// instrumentation on around the next M only: instructions per unique call, steady under load.
// In ahead mode the engine is a deciding thread's as DIST builds it (src/policy/replay-ahead.ts's
// aheadEngine where DIST has it: a denied call's derived taints deferred; NO_DEFER=1: not).
// Run: node bench/replay-calls.mjs DIST LOGDIR ahead|plain|own [N] [--count W M]
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { execFileSync } from 'node:child_process';

const [distArg, logDir, mode = 'ahead', nArg] = process.argv.slice(2);
const dist = resolve(distArg ?? 'dist');
const N = Number(nArg ?? 20000);
const at = process.argv.indexOf('--count');
const count = at > 0 ? [Number(process.argv[at + 1]), Number(process.argv[at + 2])] : null;
const { loadSet } = await import(join(dist, 'src/cli/policy-sets.js'));
const { recordedCall, answerAhead, Redecider, ReplayTally } = await import(join(dist, 'src/policy/replay.js'));
const { ManualClock } = await import(join(dist, 'src/util/clock.js'));
const { Engine } = await import(join(dist, 'src/policy/engine.js'));
const { BY_GIT_VERB, candidatePolicy } = await import(join(dist, 'bench/candidate-policy.js'));
const candidate = mkdtempSync(join(tmpdir(), 'svc-replay-calls-'));
writeFileSync(join(candidate, 'candidate.yaml'), candidatePolicy(BY_GIT_VERB));
process.on('exit', () => rmSync(candidate, { recursive: true, force: true }));
const loaded = loadSet(candidate, { config: 'standard', dataDir: join(candidate, 'data') }, {}).engine;
const fresh = (clock) =>
  new Engine(loaded.files, loaded.defaultAction, { clock, home: homedir(), defaultActionSet: loaded.defaultActionSet });
// A deciding thread's engine as the build makes it: with deferred taints where it has them
// (perf24a: a denied call's derived taints are left to the reading thread) and the set tests a label.
const ahead = await import(join(dist, 'src/policy/replay-ahead.js'));
const { canDeferTaints } = await import(join(dist, 'src/policy/replay.js'));
const deciding = (clock) =>
  ahead.aheadEngine && canDeferTaints
    ? ahead.aheadEngine(
        {
          files: loaded.files,
          defaultAction: loaded.defaultAction,
          defaultActionSet: loaded.defaultActionSet,
          home: homedir(),
          deferTaints: process.env.NO_DEFER !== '1' && canDeferTaints(loaded.files, loaded.deterministic),
        },
        clock,
      )
    : fresh(clock);

if (mode === 'own') {
  const { AheadPipeline } = await import(join(dist, 'src/policy/replay-ahead.js'));
  const { scanAudit } = await import(join(dist, 'src/cli/audit-scan.js'));
  for (let round = 0; round < 3; round++) {
    const clock = new ManualClock(0);
    let n = 0;
    const stub = {
      run: async (batch) =>
        batch.calls.map(() => ({
          decision: { action: n++ % 2 ? 'allow' : 'deny', message: 'stub', matchedPolicies: [], policy: 'p', rule: 0 },
          readsTaint: false,
        })),
      close: async () => {},
    };
    const tally = new ReplayTally(1);
    const c0 = process.cpuUsage();
    const pipe = new AheadPipeline(
      new Redecider(fresh(clock), clock),
      (rc, d) => void tally.add(rc, d),
      () => stub,
    );
    await scanAudit({ auditDir: logDir }, (rc) => pipe.push(rc), tally.report);
    await pipe.finish();
    const u = process.cpuUsage(c0);
    const r = tally.result();
    console.log(
      `round ${round}: ${r.events} events, ${n} answered by the stub; ${((u.user + u.system) / r.events).toFixed(2)} us CPU per event`,
    );
  }
  process.exit(0);
}

const calls = [];
for (const f of readdirSync(logDir).sort())
  for (const line of readFileSync(join(logDir, f), 'utf8').split('\n')) {
    if (!line) continue;
    const rc = recordedCall(JSON.parse(line));
    if (rc) calls.push({ call: rc.call, now: Date.parse(rc.timestamp) });
  }
const clock = new ManualClock(0);
const engine = mode === 'ahead' ? deciding(clock) : fresh(clock);
const labels = new Redecider(engine, clock).sessionLabels;
const instrument = (on) =>
  execFileSync('callgrind_control', ['-i', on ? 'on' : 'off', String(process.pid)], { stdio: 'ignore' });
const total = count ? count[0] + count[1] : Math.min(N, calls.length);
const chunks = [];
let twice = 0;
let c0 = process.cpuUsage();
for (let i = 0; i < total; i++) {
  if (count && i === count[0]) instrument(true);
  const c = calls[i % calls.length];
  if (mode === 'ahead') {
    if (answerAhead(engine, clock, c.call, c.now, labels).readsTaint) twice++;
  } else {
    clock.set(c.now);
    engine.evaluate(c.call, { dryRun: true });
  }
  if (count && i === total - 1) instrument(false);
  if ((i + 1) % 2000 === 0) {
    const u = process.cpuUsage(c0);
    chunks.push(Math.round((u.user + u.system) / 2000));
    c0 = process.cpuUsage();
  }
}
console.log(
  `${mode}: ${total} calls, ${twice} evaluated twice; CPU us per call by chunks of 2,000: ${chunks.join(' ')}`,
);
