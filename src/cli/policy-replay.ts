// `svc policy replay CANDIDATE`: re-decides the recorded calls of the audit log under a candidate
// policy set and prints what would change. The log is streamed line by line (memory stays flat
// whatever its size); each call is decided as a dry run at its recorded time, in recorded order,
// so call_count and expiring rules see what they saw then. See docs/shadow-and-replay.md.
import { resolve } from 'node:path';
import { availableParallelism, homedir } from 'node:os';
import { parse, UsageError } from './args.js';
import { defaultDataDir } from '../util/datadir.js';
import { at } from '../util/invariant.js';
import { auditDirOf, scanOptions } from './replay-options.js';
import { formatReplay } from './replay-format.js';

/** Most threads --jobs may ask for (each holds its own engine). */
const MAX_JOBS = 16;

/** One thread per CPU up to four: beyond that the main thread reading the log is the limit. */
function defaultJobs(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * Each replay thread's heap cap: four times what an engine over the loaded set takes (each thread
 * holds one, plus bounded caches), at least 256 MiB: an engine whose caches are full holds some
 * 80 MiB, and a cap much nearer that makes V8 collect the old generation over and over (deciding
 * ahead cost up to 1.7 times the CPU under a 128 MiB cap). Only the parsed files are measured
 * here (no engine is compiled on this thread); an engine over the standard profile took 1.33
 * times their heap (32.2 against 24.3 MiB, this measure), so six times the files' heap is at
 * least the four times the engine's of before.
 */
function defaultHeapMb(before: number): number {
  const files = Math.max(0, process.memoryUsage().heapUsed - before) / 2 ** 20;
  return Math.max(256, Math.ceil(64 + 6 * files));
}

/** Exit status for bad arguments: 1 already means "decisions changed" (sysexits EX_USAGE). */
export const USAGE_EXIT = 64;

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
  const givenHeapMb = values['heap-mb'] === undefined ? undefined : Number(values['heap-mb']);
  if (givenHeapMb !== undefined && (!Number.isInteger(givenHeapMb) || givenHeapMb < 32 || givenHeapMb > 65536))
    throw new UsageError('--heap-mb takes a whole number of MiB from 32 to 65536');
  const dataDir = resolve((values['data-dir'] as string | undefined) ?? defaultDataDir());
  const auditDir = auditDirOf(values, dataDir);
  // The engine's code only now that the arguments are known to be good (policy-help.ts).
  const [{ loadSetFiles }, { replayOffThread }] = await Promise.all([
    import('./policy-sets.js'),
    import('./replay-thread.js'),
  ]);
  const before = process.memoryUsage().heapUsed;
  // Parsed only: the replay thread and each deciding thread compile an engine of their own.
  const { loaded, set } = loadSetFiles(spec, { config: values.config as string | undefined, dataDir });
  const heapMb = givenHeapMb ?? defaultHeapMb(before);
  const r = await replayOffThread({
    set: {
      files: loaded.files,
      defaultAction: loaded.defaultAction,
      defaultActionSet: loaded.defaultActionSet,
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
