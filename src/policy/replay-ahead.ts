// Replay's calls decided ahead on worker threads. A deterministic set without history rules gives
// a call the same answer wherever it is decided, except through the taint labels the call carries,
// which depend on the calls before it. So the workers decide each call not yet remembered as if it
// carried no label, while the main thread reads the log; the main thread then goes through the
// calls in recorded order (Redecider.decide), uses a worker's answer where the labels cannot change
// it, and decides the rest itself. The report is the one a single thread gives. See
// docs/shadow-and-replay.md.
import { Worker } from 'node:worker_threads';
import type { ParsedPolicyFile } from './ast.js';
import type { Clock } from '../util/clock.js';
import { Engine } from './engine.js';
import type { FinalAction, ToolCall } from './types.js';
import type { AheadAnswer, RecordedCall, Redecider, Remembered } from './replay.js';

/** Calls read before the oldest unprocessed ones must be decided; bounds what is held in memory. */
export const AHEAD_CHUNK = 2048;
/** Chunks handed to the workers and not yet gone through in order. */
const AHEAD_DEPTH = 3;
/** Calls per message to a worker (small enough to share a chunk's work out evenly). */
const BATCH = 64;
/**
 * Young generation of each replay thread, in MiB (V8's default is 48 on 64-bit machines). Deciding
 * a call allocates a great deal that dies young; with the default, much of it is copied into the
 * capped old generation and collected there again (about 8% more CPU on the replay bench's log,
 * against some 120 MB more peak RSS for the threads together; 192 MiB gave no more).
 */
export const YOUNG_GENERATION_MB = 96;

/** What a worker needs to build the same engine: the parsed set, not the files (they may change). */
export interface AheadSet {
  files: ParsedPolicyFile[];
  defaultAction: FinalAction;
  defaultActionSet: boolean;
  home: string;
  /** false: no rule tests a label, so no decision needs taints (Engine's taints option). */
  taints?: boolean;
  /** A denied call's derived taints are left to the reading thread (Engine's deferDeniedTaints). */
  deferTaints?: boolean;
}

/** The engine a deciding thread (and bench/replay-calls.mjs) decides with. */
export function aheadEngine(set: AheadSet, clock: Clock): Engine {
  return new Engine(set.files, set.defaultAction, {
    clock,
    home: set.home,
    defaultActionSet: set.defaultActionSet,
    taints: set.taints !== false,
    deferDeniedTaints: set.deferTaints === true,
  });
}

export interface AheadCall {
  call: ToolCall;
  /** The clock reading the call is decided at (its recorded time, else the one before it). */
  now: number;
}

/** A batch as sent: JSON costs less than cloning many small objects. */
export interface AheadBatch {
  /** The labels the set tests, or undefined when it reads no session state. */
  labels?: readonly string[];
  calls: AheadCall[];
}

interface Job {
  batch: AheadBatch;
  done: (answers: (AheadAnswer | null)[]) => void;
}

interface Slot {
  worker: Worker;
  job: Job | undefined;
}

/** What answers batches of calls ahead (a pool of workers; tests give stand-ins). */
export interface AheadRunner {
  /** Answers for the calls, in order; null where none could be given. */
  run(batch: AheadBatch): Promise<(AheadAnswer | null)[]>;
  close(): Promise<void>;
}

/** Worker threads that each hold an engine over the same set and answer batches of calls. */
export class AheadPool implements AheadRunner {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private closed = false;

  /** `heapMb`: each worker's old-generation cap; one that runs out leaves its calls to the caller. */
  constructor(set: AheadSet, size: number, heapMb?: number) {
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL('./replay-worker.js', import.meta.url), {
        workerData: set,
        ...(heapMb
          ? { resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }
          : {}),
      });
      const slot: Slot = { worker, job: undefined };
      worker.on('message', (answers: string) => {
        const job = slot.job;
        slot.job = undefined;
        job?.done(JSON.parse(answers) as (AheadAnswer | null)[]);
        this.next(slot);
      });
      // A worker that fails leaves its calls to the main thread (they are decided there instead).
      const drop = () => {
        const at = this.slots.indexOf(slot);
        if (at >= 0) this.slots.splice(at, 1);
        slot.job?.done(slot.job.batch.calls.map(() => null));
        slot.job = undefined;
        if (!this.slots.length) for (const j of this.queue.splice(0)) j.done(j.batch.calls.map(() => null));
      };
      worker.on('error', drop);
      worker.on('exit', drop);
      this.slots.push(slot);
    }
  }

  run(batch: AheadBatch): Promise<(AheadAnswer | null)[]> {
    return new Promise((done) => {
      if (this.closed || !this.slots.length) return done(batch.calls.map(() => null));
      this.queue.push({ batch, done });
      const idle = this.slots.find((s) => !s.job);
      if (idle) this.next(idle);
    });
  }

  private next(slot: Slot): void {
    const job = this.queue.shift();
    if (!job) return;
    slot.job = job;
    slot.worker.postMessage(JSON.stringify(job.batch));
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}

interface Item {
  rc: RecordedCall;
  key: string;
  /** Shared by the calls of a window with the same key; filled when a worker answers. */
  slot: { answer?: AheadAnswer } | undefined;
  /** The answers remembered for the key when it was read (so that dropping them later costs nothing). */
  kept: Remembered | undefined;
  /** The record's time, parsed once for both uses (NaN when it has none). */
  at: number;
}

interface Chunk {
  items: Item[];
  /** Keys this chunk sent ahead (cleared once it is gone through). */
  sent: string[];
  answered: Promise<unknown>;
}

/**
 * Feeds recorded calls through a Redecider in recorded order, with the calls it has not answered
 * before decided ahead by a pool. Memory: at most AHEAD_DEPTH + 1 chunks of calls.
 */
export class AheadPipeline {
  private chunk: Item[] = [];
  private readonly pending: Chunk[] = [];
  /** Keys sent ahead and not yet gone through: a repeat in the window waits for the same answer. */
  private readonly inflight = new Map<string, { answer?: AheadAnswer }>();
  private now = 0;
  private pool: AheadRunner | undefined;

  constructor(
    private readonly decider: Redecider,
    private readonly onDecided: (rc: RecordedCall, d: ReturnType<Redecider['decide']>) => void,
    private readonly startPool: () => AheadRunner,
    private readonly chunkSize = AHEAD_CHUNK,
  ) {}

  /** Takes one call; returns a promise when the caller should wait before the next. */
  push(rc: RecordedCall): Promise<void> | undefined {
    const key = this.decider.keyOf(rc);
    if (key === undefined) {
      // This set decides every call afresh, in order: nothing can be worked out ahead.
      this.onDecided(rc, this.decider.decide(rc));
      return undefined;
    }
    this.chunk.push({ rc, key, slot: undefined, kept: undefined, at: NaN });
    if (this.chunk.length < this.chunkSize) return undefined;
    this.send();
    return this.pending.length > AHEAD_DEPTH ? this.drain(this.pending.length - AHEAD_DEPTH) : undefined;
  }

  /** Stops the pool without going through what is left (after decide threw). */
  async abort(): Promise<void> {
    await this.pool?.close();
  }

  /** Goes through every call taken. */
  async finish(): Promise<void> {
    try {
      // A log smaller than one chunk is decided on this thread: starting workers would cost more.
      if (this.chunk.length && (this.pool || this.pending.length)) this.send();
      await this.drain(this.pending.length);
      for (const it of this.chunk.splice(0)) this.onDecided(it.rc, this.decider.decide(it.rc, { key: it.key }));
    } finally {
      await this.pool?.close();
    }
  }

  private send(): void {
    const items = this.chunk;
    this.chunk = [];
    this.pool ??= this.startPool();
    const calls: AheadCall[] = [];
    const slots: { answer?: AheadAnswer }[] = [];
    const sent: string[] = [];
    const labels = this.decider.sessionLabels;
    for (const it of items) {
      // The clock reading Redecider.decide will set for this call.
      const t = Date.parse(it.rc.timestamp);
      it.at = t;
      if (Number.isFinite(t)) this.now = t;
      let slot = this.inflight.get(it.key);
      if (!slot) it.kept = this.decider.recall(it.key);
      if (!slot && !it.kept) {
        slot = {};
        this.inflight.set(it.key, slot);
        sent.push(it.key);
        calls.push({ call: it.rc.call, now: this.now });
        slots.push(slot);
      }
      it.slot = slot;
    }
    const jobs: Promise<void>[] = [];
    for (let i = 0; i < calls.length; i += BATCH) {
      const from = i;
      jobs.push(
        this.pool.run({ labels, calls: calls.slice(from, from + BATCH) }).then((answers) => {
          answers.forEach((a, j) => {
            const slot = slots[from + j];
            if (a && slot) slot.answer = a;
          });
        }),
      );
    }
    this.pending.push({ items, sent, answered: Promise.all(jobs) });
  }

  private async drain(n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      const c = this.pending.shift();
      if (!c) return;
      await c.answered;
      for (const it of c.items)
        this.onDecided(
          it.rc,
          this.decider.decide(it.rc, { key: it.key, answer: it.slot?.answer, kept: it.kept, at: it.at }),
        );
      for (const k of c.sent) this.inflight.delete(k);
    }
  }
}
