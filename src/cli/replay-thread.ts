// The replay itself, on a thread of its own with a bounded heap: reading the log, remembering
// answers and counting changes make garbage at a steady rate, and an unbounded heap lets V8 grow
// it with the length of the log. With the old generation capped the peak stays where the first
// hundred thousand calls put it (docs/shadow-and-replay.md). The threads deciding calls ahead
// (src/policy/replay-ahead.ts) get the same cap.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { ManualClock } from '../util/clock.js';
import { deterministicFiles, Engine } from '../policy/engine.js';
import type { ParsedPolicyFile } from '../policy/ast.js';
import type { SessionLookup } from '../policy/session-types.js';
import {
  canDeferTaints,
  Redecider,
  ReplayTally,
  testedLabels,
  type RecordedCall,
  type ReplayReport,
} from '../policy/replay.js';
import { LazyTaintsUnsafe, type DeferLimits } from '../policy/replay-taints.js';
import { AheadPipeline, AheadPool, YOUNG_GENERATION_MB, type AheadSet } from '../policy/replay-ahead.js';
import type { Decision, ToolCall } from '../policy/types.js';
import { scanAudit, type AuditScan } from './audit-scan.js';

export interface ReplayJob {
  set: AheadSet;
  scan: AuditScan;
  examples: number;
  /** Threads deciding calls ahead; 1: none, every call is decided on the replay thread. */
  jobs: number;
  /** Old-generation cap of each thread, in MiB. */
  heapMb: number;
  /** Smaller bounds for deferred taints (tests only). */
  deferLimits?: DeferLimits;
}

type Reply = { ok: true; report: ReplayReport } | { ok: false; message: string };

/**
 * The reading thread's engine, compiled on first use. With deciding threads it decides only the
 * calls they could not answer (none, on most logs), and compiling the set costs some 350 ms of
 * CPU; whether the set is deterministic, which every call's memory key asks, comes from the
 * parsed files (deterministicFiles), the compiled engine's own answer.
 */
class EngineOnDemand {
  readonly deterministic: boolean;
  private built: Engine | undefined;

  constructor(
    readonly files: ParsedPolicyFile[],
    private readonly make: () => Engine,
  ) {
    this.deterministic = deterministicFiles(files);
  }

  private get engine(): Engine {
    return (this.built ??= this.make());
  }

  get counter(): Engine['counter'] {
    return this.engine.counter;
  }

  evaluate(call: ToolCall, o: { dryRun: boolean; session?: SessionLookup }): Decision {
    return this.engine.evaluate(call, o);
  }
}

/**
 * Replays the log under the set (the caller's thread does nothing meanwhile). A set whose rules
 * test no taint label decides without taints at all (no answer can depend on them). With deciding
 * threads, a denied call's derived taints are left to the reading thread, which works them out only
 * where a later call reads a label (src/policy/replay-taints.ts); where that could not give the
 * same answers (more taint keys than the session state holds, times that go back by hours) the log
 * is replayed again with every taint worked out at once.
 */
export async function replayOn(job: ReplayJob): Promise<ReplayReport> {
  const taints = testedLabels(job.set.files).length > 0;
  const defer = job.jobs > 1 && canDeferTaints(job.set.files, deterministicFiles(job.set.files));
  if (!defer) return replayWith(job, taints, false);
  try {
    return await replayWith(job, taints, true);
  } catch (err) {
    if (!(err instanceof LazyTaintsUnsafe)) throw err;
    return replayWith(job, taints, false);
  }
}

async function replayWith(job: ReplayJob, taints: boolean, deferTaints: boolean): Promise<ReplayReport> {
  const clock = new ManualClock(0);
  const { set } = job;
  const make = () =>
    new Engine(set.files, set.defaultAction, {
      clock,
      home: set.home,
      defaultActionSet: set.defaultActionSet,
      taints,
    });
  // One thread: it decides every call, so the engine is built now.
  const engine = job.jobs === 1 ? make() : new EngineOnDemand(set.files, make);
  const tally = new ReplayTally(job.examples);
  const decider = new Redecider(engine, clock, undefined, undefined, undefined, {
    deferTaints,
    deferLimits: job.deferLimits,
  });
  const onDecided = (rc: RecordedCall, d: Decision) => void tally.add(rc, d);
  if (job.jobs === 1) await scanAudit(job.scan, (rc) => onDecided(rc, decider.decide(rc)), tally.report);
  else {
    const ahead: AheadSet = { ...set, taints, deferTaints };
    const pipe = new AheadPipeline(decider, onDecided, () => new AheadPool(ahead, job.jobs, job.heapMb));
    try {
      await scanAudit(job.scan, (rc) => pipe.push(rc), tally.report);
      await pipe.finish();
    } catch (err) {
      await pipe.abort();
      throw err;
    }
  }
  return tally.result();
}

if (!isMainThread && parentPort && (workerData as { replayJob?: ReplayJob } | null)?.replayJob) {
  const port = parentPort;
  replayOn((workerData as { replayJob: ReplayJob }).replayJob).then(
    (report) => port.postMessage({ ok: true, report } satisfies Reply),
    (err: unknown) => port.postMessage({ ok: false, message: (err as Error).message } satisfies Reply),
  );
}

/** replayOn(job) on a thread whose old generation is capped at job.heapMb. */
export function replayOffThread(job: ReplayJob): Promise<ReplayReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { replayJob: job },
      resourceLimits: { maxOldGenerationSizeMb: job.heapMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    let settled = false;
    worker.once('message', (r: Reply) => {
      settled = true;
      if (r.ok) resolve(r.report);
      else reject(new Error(r.message));
      void worker.terminate();
    });
    worker.once('error', (err) => {
      if (settled) return;
      settled = true;
      reject(
        new Error(
          (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `the replay needed more than ${job.heapMb} MiB of heap (give --heap-mb more)`
            : `the replay stopped: ${err.message}`,
        ),
      );
    });
    worker.once('exit', (code) => {
      if (settled) return;
      settled = true;
      reject(new Error(`the replay thread exited (${code}) without a report`));
    });
  });
}
