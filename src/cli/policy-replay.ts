// `svc policy replay CANDIDATE`: re-decides the recorded calls of the audit log under a candidate
// policy set and prints what would change. The log is streamed line by line (memory stays flat
// whatever its size); each call is decided as a dry run at its recorded time, in recorded order,
// so call_count and expiring rules see what they saw then. See docs/shadow-and-replay.md.
import { join, resolve } from 'node:path';
import { availableParallelism, homedir } from 'node:os';
import { statSync } from 'node:fs';
import { parse, UsageError } from './args.js';
import { defaultDataDir } from '../util/datadir.js';
import { isValidDate } from '../audit/audit-file-names.js';
import { loadEngine, type Engine, type LoadEngineOptions } from '../policy/engine.js';
import { candidateConfig, type CandidateConfig } from '../policy/shadow-config.js';
import type { ReplayReport } from '../policy/replay.js';
import { at } from '../util/invariant.js';
import { replayOffThread } from './replay-thread.js';

/** Most threads --jobs may ask for (each holds its own engine). */
const MAX_JOBS = 16;

/** One thread per CPU up to four: beyond that the main thread reading the log is the limit. */
function defaultJobs(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * Each replay thread's heap cap: four times what the loaded set takes (it holds an engine over the
 * set, plus bounded caches), at least 256 MiB: an engine whose caches are full holds some 80 MiB,
 * and a cap much nearer that makes V8 collect the old generation over and over (deciding ahead
 * cost up to 1.7 times the CPU under a 128 MiB cap).
 */
function defaultHeapMb(before: number): number {
  const set = Math.max(0, process.memoryUsage().heapUsed - before) / 2 ** 20;
  return Math.max(256, Math.ceil(64 + 4 * set));
}

/** Exit status for bad arguments: 1 already means "decisions changed" (sysexits EX_USAGE). */
export const USAGE_EXIT = 64;

export const replayHelp = `usage: svc policy replay CANDIDATE [--from DATE] [--to DATE] [--agent A] [--json]

Re-decides every call recorded in the audit log under CANDIDATE and prints the decisions that
would change, by recorded -> candidate action and the candidate's deciding rule, with examples.
Each call is decided as recorded (fields the record holds redacted or truncated are decided as
they read, and marked and counted in the report), at its recorded time and in recorded order.
Nothing is sent anywhere: no webhook is called, no rule file is changed.

CANDIDATE    a directory of policy files (or one file) in place of <data-dir>/policies/,
             layered on the same base as the live set; a profile name (standard, strict,
             permissive, ci) for that profile alone; or live for the live set
  --from DATE      first UTC day to replay, YYYY-MM-DD (default: the oldest in the log)
  --to DATE        last UTC day to replay (default: the newest)
  --agent A        only calls made by agent A
  --examples N     examples per row (default 3, at most 100)
  --jobs N         threads deciding calls (default: the number of CPUs, at most 4);
                   1 decides every call on the replay thread
  --heap-mb N      heap cap of each replay thread in MiB (default: from the set's size,
                   at least 256); memory stays flat however long the log
  --json           the report as JSON
  --config PATH    the base, as for svc serve   --data-dir DIR   (default $SERVICE_HOME, else ~/.svc)
  --audit-dir DIR  the audit log (default <data-dir>/audit)

Exit status: 0 nothing would change, 1 some decisions would change, 2 the candidate or the log
could not be read, 64 bad arguments.`;

export interface SetOptions {
  config?: string;
  dataDir: string;
}

/** Loads a policy set named on the command line (a candidate, a profile, or live). */
export function loadSet(
  spec: string,
  o: SetOptions,
  opts: LoadEngineOptions = {},
): { engine: Engine; set: CandidateConfig } {
  const set = candidateConfig(spec, o.config, o.dataDir);
  return { engine: loadEngine(set.paths, opts), set };
}

function dateOption(v: unknown, name: string): string | undefined {
  if (v === undefined) return undefined;
  if (!isValidDate(v))
    throw new UsageError(`${name} "${String(v)}" is not a date: use YYYY-MM-DD, a real calendar day`);
  return v;
}

export function auditDirOf(values: Record<string, unknown>, dataDir: string): string {
  const dir = resolve((values['audit-dir'] as string | undefined) ?? join(dataDir, 'audit'));
  let ok = false;
  try {
    ok = statSync(dir).isDirectory();
  } catch {
    /* below */
  }
  if (!ok) throw new Error(`no audit log at ${dir} (give --audit-dir or --data-dir)`);
  return dir;
}

export function scanOptions(values: Record<string, unknown>): { from?: string; to?: string; agent?: string } {
  const from = dateOption(values.from, '--from');
  const to = dateOption(values.to, '--to');
  if (from && to && to < from) throw new UsageError(`--to ${to} is before --from ${from}`);
  const agent = values.agent as string | undefined;
  if (agent !== undefined && !agent) throw new UsageError('--agent needs a name');
  return { ...(from ? { from } : {}), ...(to ? { to } : {}), ...(agent !== undefined ? { agent } : {}) };
}

const n = (x: number) => x.toLocaleString('en-US');

export interface ReportLabels {
  /** The two sides' names in the table header. */
  from: string;
  to: string;
  /** What was decided: "recorded calls", "cases". */
  what: string;
}

const REPLAY_LABELS: ReportLabels = { from: 'RECORDED', to: 'CANDIDATE', what: 'recorded calls' };

export function formatReplay(r: ReplayReport, head: string, l: ReportLabels = REPLAY_LABELS): string {
  const out: string[] = [head];
  const replay = l === REPLAY_LABELS;
  out.push(
    replay
      ? `Re-decided ${n(r.calls)} recorded calls (${n(r.events)} audit events read${r.unreadable ? `, ${n(r.unreadable)} unreadable lines skipped` : ''}).`
      : `Decided ${n(r.calls)} ${l.what} under both sets${r.unreadable ? ` (${n(r.unreadable)} unreadable lines skipped)` : ''}.`,
  );
  if (r.redacted)
    out.push(
      `${n(r.redacted)} calls had fields the record holds redacted or truncated; they were decided as recorded (${n(r.changedRedacted)} of them changed).`,
    );
  if (!r.changed) {
    out.push(replay ? 'No decision would change.' : 'The two sets decide every one alike.');
    return out.join('\n');
  }
  const pct = r.calls ? ((r.changed / r.calls) * 100).toFixed(2) : '0';
  out.push(`${n(r.changed)} decisions ${replay ? 'would change' : 'differ'} (${pct}%).`, '');
  const title = `${l.from} -> ${l.to}`;
  const w1 = Math.max(title.length, ...r.rows.map((x) => x.pair.length + 2));
  const w2 = Math.max(7, ...r.rows.map((x) => n(x.count).length + 2));
  out.push(`${title.padEnd(w1)}${'COUNT'.padStart(w2)}  RULE (${l.to === 'B' ? 'B' : l.to.toLowerCase()})`);
  for (const row of r.rows)
    out.push(`${row.pair.replace('->', ' -> ').padEnd(w1)}${n(row.count).padStart(w2)}  ${row.rule}`);
  if (r.rows.some((row) => row.examples.length)) out.push('', 'Examples:');
  for (const row of r.rows) {
    if (!row.examples.length) continue;
    out.push(`  ${row.pair.replace('->', ' -> ')}  ${row.rule}`);
    for (const e of row.examples) {
      const subject = e.subject.length > 100 ? e.subject.slice(0, 100) + '...' : e.subject;
      const was = e.recorded.policy ? ` (${replay ? 'was' : 'A'}: ${e.recorded.policy})` : '';
      const red = e.redacted ? `  [redacted in the record: ${e.redacted.join(', ')}]` : '';
      out.push(`    ${e.timestamp || e.id} ${e.agent} ${e.tool}: ${subject}${was}${red}`);
    }
  }
  return out.join('\n');
}

export async function replay(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    from: { type: 'string' },
    to: { type: 'string' },
    agent: { type: 'string' },
    examples: { type: 'string' },
    jobs: { type: 'string' },
    'heap-mb': { type: 'string' },
    json: { type: 'boolean' },
    config: { type: 'string', short: 'c' },
    'data-dir': { type: 'string' },
    'audit-dir': { type: 'string' },
  });
  if (positionals.length !== 1)
    throw new UsageError(
      positionals.length
        ? `give one CANDIDATE (got ${positionals.length})`
        : 'missing CANDIDATE policy set to replay under',
    );
  const spec = at(positionals, 0);
  const filters = scanOptions(values);
  const examples = values.examples === undefined ? 3 : Number(values.examples);
  if (!Number.isInteger(examples) || examples < 0 || examples > 100)
    throw new UsageError('--examples takes a whole number from 0 to 100');
  const jobs = values.jobs === undefined ? defaultJobs() : Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > MAX_JOBS)
    throw new UsageError(`--jobs takes a whole number from 1 to ${MAX_JOBS}`);
  const dataDir = resolve((values['data-dir'] as string | undefined) ?? defaultDataDir());
  const auditDir = auditDirOf(values, dataDir);
  const before = process.memoryUsage().heapUsed;
  const { engine, set } = loadSet(spec, { config: values.config as string | undefined, dataDir }, {});
  const heapMb = values['heap-mb'] === undefined ? defaultHeapMb(before) : Number(values['heap-mb']);
  if (!Number.isInteger(heapMb) || heapMb < 32 || heapMb > 65536)
    throw new UsageError('--heap-mb takes a whole number of MiB from 32 to 65536');
  const r = await replayOffThread({
    set: {
      files: engine.files,
      defaultAction: engine.defaultAction,
      defaultActionSet: engine.defaultActionSet,
      home: homedir(),
    },
    scan: { auditDir, ...filters },
    examples,
    jobs,
    heapMb,
  });
  if (values.json) {
    process.stdout.write(
      JSON.stringify({ candidate: set.display, layers: set.layers, audit_dir: auditDir, ...filters, ...r }, null, 2) +
        '\n',
    );
  } else {
    const range =
      filters.from || filters.to ? ` from ${filters.from ?? 'the start'} to ${filters.to ?? 'the end'}` : '';
    const who = filters.agent !== undefined ? `, agent ${filters.agent}` : '';
    process.stdout.write(
      formatReplay(
        r,
        `Candidate: ${set.display} (${set.layers.map((l) => l.name).join(' + ')})\nLog:       ${auditDir}${range}${who}`,
      ) + '\n',
    );
  }
  return r.changed ? 1 : 0;
}
