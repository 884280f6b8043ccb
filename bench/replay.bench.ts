// Replay speed and memory: `svc policy replay` (the real CLI, a child process) over a generated
// audit log of 1,000,000 decision events in ten daily files, under the standard profile plus a
// candidate file of ten policies. Wall time and peak RSS (from /usr/bin/time) for the first day
// alone (100,000 events) and for the whole log: flat memory means the two peaks are alike.
//
// The log's calls: exec commands of the shipped corpora across four agents and three working
// directories, of which --unique-pct percent carry an argument never seen before (no cache of
// any kind helps those) and the rest repeat earlier calls, as agents' logs do. A last run over
// an all-unique day gives the cost of a call nothing was learned from.
// --jobs J is passed to the CLI (its default: one deciding thread per CPU, at most four).
// Run: node dist/bench/replay.bench.js [--events N] [--unique-pct P] [--rounds R] [--jobs J]
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusCommands } from './corpus-commands.js';
import { BY_GIT_VERB, candidatePolicy } from './candidate-policy.js';
import { SVC_BIN } from '../test/helpers/spawn.js';
import { spread } from './stats.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const EVENTS = arg('events', 1_000_000);
const UNIQUE_PCT = arg('unique-pct', 20);
const ROUNDS = arg('rounds', 3);
const JOBS = arg('jobs', 0);
const DAYS = 10;

const CANDIDATE = candidatePolicy(BY_GIT_VERB);

const POOL = corpusCommands();
const AGENTS = ['claude', 'codex', 'cursor', 'aider'];
const WORKDIRS = ['/home/dev/project', '/home/dev/project/web', '/home/dev/other'];
const HASH = 'sha256:' + 'ab'.repeat(32);

/** Deterministic pseudo-random numbers (xorshift), so every run writes the same log. */
let state = 0x9e3779b9;
const rand = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4294967296;
};

function writeLog(dir: string, events: number, uniquePct: number): void {
  mkdirSync(dir, { recursive: true });
  const perDay = Math.ceil(events / DAYS);
  let n = 0;
  for (let d = 0; d < DAYS && n < events; d++) {
    const date = `2026-11-${String(10 + d).padStart(2, '0')}`;
    const fd = openSync(join(dir, `${date}.jsonl`), 'w');
    const lines: string[] = [];
    for (let i = 0; i < perDay && n < events; i++, n++) {
      const base = POOL[Math.floor(rand() * POOL.length)]!;
      const command = rand() * 100 < uniquePct ? `${base} u${n}` : base;
      const ms = Date.parse(`${date}T00:00:00Z`) + Math.floor((i / perDay) * 86_400_000);
      lines.push(
        JSON.stringify({
          id: `01BENCH${String(n).padStart(19, '0')}`,
          timestamp: new Date(ms).toISOString(),
          schema: 'service.audit.v1',
          agent: AGENTS[n % AGENTS.length],
          session: `s${n % 50}`,
          tool: 'exec',
          request: { command, source: 'tool', workdir: WORKDIRS[n % WORKDIRS.length] },
          decision: {
            action: 'allow',
            matched_policies: [],
            evaluation_time_us: 40,
            message: 'no matching rule; using default action',
            suggestions: [],
          },
          prev_hash: HASH,
          hash: HASH,
        }),
      );
      if (lines.length === 10_000) {
        writeSync(fd, lines.join('\n') + '\n');
        lines.length = 0;
      }
    }
    if (lines.length) writeSync(fd, lines.join('\n') + '\n');
    closeSync(fd);
  }
}

interface Run {
  seconds: number;
  /** User plus system CPU seconds: what the run costs, whatever else the machine is doing. */
  cpu_seconds: number;
  max_rss_mb: number;
  calls: number;
  changed: number;
}

function replay(auditDir: string, candidate: string, extra: string[] = []): Run {
  const r = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      '%e %U %S %M',
      process.execPath,
      SVC_BIN,
      'policy',
      'replay',
      candidate,
      '--config',
      'standard',
      '--audit-dir',
      auditDir,
      '--json',
      '--examples',
      '1',
      ...(JOBS ? ['--jobs', String(JOBS)] : []),
      ...extra,
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20, env: { ...process.env, SERVICE_HOME: join(auditDir, '..') } },
  );
  if (r.status !== 0 && r.status !== 1) throw new Error(`replay failed (${r.status}): ${r.stderr}`);
  const last = r.stderr.trim().split('\n').pop() ?? '';
  const [secs, user, sys, kb] = last.split(' ').map(Number);
  const rep = JSON.parse(r.stdout) as { calls: number; changed: number };
  return {
    seconds: secs ?? NaN,
    cpu_seconds: Math.round(((user ?? NaN) + (sys ?? NaN)) * 100) / 100,
    max_rss_mb: Math.round((kb ?? 0) / 1024),
    calls: rep.calls,
    changed: rep.changed,
  };
}

// --write-log DIR: only write the mixed log (for profiling the CLI by hand), then stop.
const writeOnly = process.argv.indexOf('--write-log');
if (writeOnly > 0) {
  const dir = process.argv[writeOnly + 1];
  if (!dir) throw new Error('--write-log needs a directory');
  writeLog(dir, EVENTS, UNIQUE_PCT);
  process.exit(0);
}

const root = mkdtempSync(join(tmpdir(), 'svc-bench-replay-'));
try {
  const candidate = join(root, 'candidate');
  mkdirSync(candidate);
  writeFileSync(join(candidate, 'candidate.yaml'), CANDIDATE);
  const mixed = join(root, 'audit');
  const unique = join(root, 'audit-unique');
  let t0 = performance.now();
  writeLog(mixed, EVENTS, UNIQUE_PCT);
  writeLog(unique, Math.min(20_000, EVENTS), 100);
  const generateS = (performance.now() - t0) / 1000;
  const day: Run[] = [];
  const all: Run[] = [];
  const uniq: Run[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    day.push(replay(mixed, candidate, ['--to', '2026-11-10']));
    all.push(replay(mixed, candidate));
    uniq.push(replay(unique, candidate));
  }
  t0 = performance.now();
  const f = (xs: Run[], k: keyof Run) => spread(xs.map((x) => x[k]));
  const uniqCalls = uniq[0]?.calls ?? 0;
  console.log(
    JSON.stringify(
      {
        bench: 'svc policy replay over a generated audit log',
        node: process.version,
        events: EVENTS,
        unique_pct: UNIQUE_PCT,
        rounds: ROUNDS,
        jobs: JOBS || 'default',
        cpus: availableParallelism(),
        unit: 'min/median/max over rounds; seconds are wall time of the whole CLI run',
        generate_s: Math.round(generateS * 10) / 10,
        first_day: {
          calls: day[0]?.calls,
          seconds: f(day, 'seconds'),
          cpu_seconds: f(day, 'cpu_seconds'),
          max_rss_mb: f(day, 'max_rss_mb'),
        },
        whole_log: {
          calls: all[0]?.calls,
          changed: all[0]?.changed,
          seconds: f(all, 'seconds'),
          cpu_seconds: f(all, 'cpu_seconds'),
          max_rss_mb: f(all, 'max_rss_mb'),
          events_per_s: spread(all.map((x) => Math.round(x.calls / x.seconds))),
        },
        all_unique: {
          calls: uniqCalls,
          seconds: f(uniq, 'seconds'),
          cpu_seconds: f(uniq, 'cpu_seconds'),
          max_rss_mb: f(uniq, 'max_rss_mb'),
          cpu_us_per_call: spread(uniq.map((x) => Math.round((x.cpu_seconds * 1e6) / Math.max(1, x.calls)))),
        },
        target: { whole_log_seconds_under: 60 },
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
