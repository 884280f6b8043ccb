// The hash-chained, group-committed audit writer.
//
// append() queues an input; a flush loop takes everything queued (one batch), assigns ids,
// timestamps and chain hashes in order, writes the batch with one write and one fsync per file
// it touches, and only then resolves the batch's promises. Appends that arrive while an fsync
// runs form the next batch, which is written while that fsync runs and synced right after it,
// so N concurrent callers cost far fewer than N fsyncs and the disk is never idle waiting for
// the main thread.
//
// A failed write or fsync rejects the batch (and the one written behind it, which chained onto
// it) with AuditUnavailableError and cuts the file back to its last durable size, so no half
// line is left for later events to chain onto; the in-memory chain is rolled back and the next
// append simply tries again.
import path from 'node:path';
import { AUDIT_SCHEMA, AuditUnavailableError, type AuditEvent, type AuditInput, type AuditWriter } from './types.js';
import { chainHash, toJsonData } from './hash.js';
import { IdGenerator } from './id.js';
import { fileName, utcDate, type AuditFile } from './audit-file-names.js';
import { APPEND_FLAGS, FILE_MODE, fsyncDir, nodeFs, writeAll, type AuditFs } from './fsio.js';
import { compactEvent, MAX_EVENT_BYTES } from './compact.js';
import { ANCHOR_EVERY, signAnchor, writeAnchor, type Anchor } from './anchor.js';
import type { Clock } from '../util/clock.js';
import { at } from '../util/invariant.js';

export const DEFAULT_MAX_SIZE_BYTES = 100 * 1024 * 1024;
/** Upper bound on events per batch, so one batch's buffer stays a few MiB at most. */
export const MAX_BATCH_EVENTS = 1024;
/**
 * How long a lazy append (an allow already answered) may wait for company before it is written.
 * A burst of execs under the preload library then costs one write and one fsync per few
 * milliseconds instead of one per exec; any other append flushes the lot at once.
 */
export const LAZY_FLUSH_MS = 5;

export interface WriterState {
  /** Hash of the last durable event ("" before the first event ever, or for a new segment). */
  hash: string;
  /** Events in the log so far (anchor count). */
  count: number;
  /** The newest file, its durable size and complete lines; null when there is none yet. */
  current: { file: AuditFile; size: number; lines: number } | null;
  /** Largest id on disk. */
  maxId: string;
}

interface Pending {
  data: Omit<AuditEvent, 'id' | 'timestamp' | 'schema' | 'prev_hash' | 'hash'>;
  resolve: (ev: AuditEvent) => void;
  reject: (err: Error) => void;
  forceAnchor: boolean;
}

interface Placed {
  p: Pending;
  ev: AuditEvent;
  line: number;
  offset: number;
  count: number;
}

/** A batch planned into the chain; `error` is set when planning or writing it failed. */
interface Written {
  batch: Pending[];
  saved: WriterState;
  segments: Segment[];
  error: unknown;
}

/** A written batch whose fsync runs. */
interface Syncing {
  w: Written;
  settled: Promise<void>;
  done: boolean;
  error: unknown;
}

interface Segment {
  file: AuditFile;
  isNew: boolean;
  sizeBefore: number;
  linesBefore: number;
  bufs: Buffer[];
  bytes: number;
  placed: Placed[];
  /** Set once a write to the file began (only those need cutting back). */
  touched: boolean;
}

export interface WriterOptions {
  dir: string;
  anchorFile: string;
  /** Signs every anchor (absent: anchors are unsigned; only tests of the writer alone). */
  anchorKey?: Buffer;
  clock: Clock;
  maxSizeBytes: number;
  io?: AuditFs;
  log: (msg: string) => void;
}

export class ChainWriter implements AuditWriter {
  private readonly io: AuditFs;
  private readonly ids: IdGenerator;
  private queue: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  /** A lazy flush waiting for LAZY_FLUSH_MS (only lazy appends are queued). */
  private lazyTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Wakes the flush loop when an append arrives while it waits on an fsync. */
  private wake: (() => void) | null = null;
  private fd: number | null = null;
  private fdFile: string | null = null;
  /** Files a failed batch could not cut back; the next batch repairs them first. */
  private dirty: Array<{ name: string; size: number }> = [];
  private readonly listeners = new Set<(ev: AuditEvent) => void>();
  private readonly anchorListeners = new Set<(a: Anchor) => void>();
  private anchorWriting: Promise<void> = Promise.resolve();
  private nextAnchor: Anchor | null = null;
  /** Counters for metrics and tests. */
  readonly counters = { events: 0, batches: 0, failedBatches: 0, anchors: 0 };

  constructor(
    private readonly opts: WriterOptions,
    private state: WriterState,
  ) {
    this.io = opts.io ?? nodeFs;
    this.ids = new IdGenerator(opts.clock, state.maxId || undefined);
  }

  get lastHash(): string {
    return this.state.hash;
  }

  get eventCount(): number {
    return this.state.count;
  }

  /** Durable size of a file this writer is appending to (readers stop there). */
  durableSize(name: string): number | undefined {
    return this.state.current?.file.name === name ? this.state.current.size : undefined;
  }

  append(input: AuditInput, opts?: { lazy?: boolean }): Promise<AuditEvent> {
    return this.enqueue(input, false, opts?.lazy === true);
  }

  /** Starts a new chain segment: the next event gets prev_hash "" (used for a recorded break). */
  restartChain(): void {
    this.state.hash = '';
  }

  /** Appends and anchors at this event regardless of the count (the first event of a segment). */
  appendAnchored(input: AuditInput): Promise<AuditEvent> {
    return this.enqueue(input, true);
  }

  onEvent(listener: (ev: AuditEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onAnchor(listener: (a: Anchor) => void): () => void {
    this.anchorListeners.add(listener);
    return () => this.anchorListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.lazyTimer) this.schedule();
    while (this.flushing || this.scheduled || this.queue.length) {
      if (this.flushing) await this.flushing;
      else await new Promise((r) => setImmediate(r));
    }
    await this.anchorWriting;
    await this.closeFd();
  }

  private enqueue(input: AuditInput, forceAnchor: boolean, lazy = false): Promise<AuditEvent> {
    if (this.closed) return Promise.reject(new AuditUnavailableError('the audit log is closed'));
    let data: Pending['data'];
    try {
      data = normalize(input);
    } catch (err) {
      return Promise.reject(err);
    }
    return new Promise<AuditEvent>((resolve, reject) => {
      this.queue.push({ data, resolve, reject, forceAnchor });
      // While a batch is being written, whatever is queued goes into the next one at once.
      if (this.flushing || this.scheduled) {
        this.wake?.();
        return;
      }
      if (lazy) this.lazyTimer ??= setTimeout(() => this.schedule(), LAZY_FLUSH_MS);
      else this.schedule();
    });
  }

  /** Flushes in the check phase of this loop turn: appends of the same turn share the batch. */
  private schedule(): void {
    if (this.lazyTimer) {
      clearTimeout(this.lazyTimer);
      this.lazyTimer = null;
    }
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.flushing) this.flushing = this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    // Two stages, so the disk never waits on JavaScript: batch N+1 is planned and written while
    // batch N's fsync runs, and N+1's fsync starts as soon as N's returns. fsyncs stay one at a
    // time and batches are acknowledged in order, so an acknowledged event never follows an
    // unacknowledged one in the file.
    let syncing: Syncing | null = null;
    try {
      while (this.queue.length || syncing) {
        if (!this.queue.length && syncing) {
          // Nothing to write: wait for the fsync, or for an append to write while it runs.
          const s: Syncing = syncing;
          await Promise.race([s.settled, new Promise<void>((r) => (this.wake = r))]);
          this.wake = null;
          if (!s.done) continue;
          syncing = null;
          await this.settle(s, null);
          continue;
        }
        const batch = this.queue.splice(0, MAX_BATCH_EVENTS);
        const w = this.prepare(batch);
        if (syncing && !w.error && this.switchesFile(w)) {
          // A batch that opens another file waits until the old descriptor's fsync is done.
          const s: Syncing = syncing;
          syncing = null;
          await s.settled;
          if (s.error !== null) {
            // w chained onto the failed batch: plan it again after the rollback.
            this.queue.unshift(...batch);
            await this.fail([s.w], s.error);
            continue;
          }
          this.complete(s.w);
        }
        if (!w.error) await this.writeOut(w);
        if (syncing) {
          const s: Syncing = syncing;
          syncing = null;
          await s.settled;
          if (s.error !== null) {
            await this.fail([s.w, w], s.error);
            continue;
          }
          this.complete(s.w);
        }
        if (w.error) await this.fail([w], w.error);
        else syncing = this.startSync(w);
      }
    } finally {
      this.wake = null;
      this.flushing = null;
    }
  }

  /** Assigns the batch its place in the chain (nothing is written yet). */
  private prepare(batch: Pending[]): Written {
    const saved: WriterState = { ...this.state, current: this.state.current && { ...this.state.current } };
    const w: Written = { batch, saved, segments: [], error: null };
    try {
      w.segments = this.plan(batch);
    } catch (err) {
      w.error = err ?? new Error('planning the batch failed');
    }
    return w;
  }

  private switchesFile(w: Written): boolean {
    return w.segments.length > 1 || w.segments.some((seg) => seg.file.name !== this.fdFile);
  }

  /** Writes the batch; every segment but the last is fsynced here (its descriptor closes next). */
  private async writeOut(w: Written): Promise<void> {
    try {
      if (this.dirty.length) await this.repair();
      for (let i = 0; i < w.segments.length; i++) {
        const seg = w.segments[i];
        if (!seg) continue;
        const fd = await this.writeSegment(seg);
        if (i < w.segments.length - 1) await this.io.fsync(fd);
      }
    } catch (err) {
      w.error = err ?? new Error('writing the batch failed');
    }
  }

  private startSync(w: Written): Syncing {
    const s: Syncing = { w, done: false, error: null, settled: Promise.resolve() };
    const fd = this.fd;
    const run = fd === null ? Promise.resolve() : this.io.fsync(fd);
    s.settled = run.then(
      () => {
        s.done = true;
      },
      (err: unknown) => {
        s.done = true;
        s.error = err ?? new Error('fsync failed');
      },
    );
    return s;
  }

  private async settle(s: Syncing, also: Written | null): Promise<void> {
    await s.settled;
    if (s.error !== null) await this.fail(also ? [s.w, also] : [s.w], s.error);
    else this.complete(s.w);
  }

  /**
   * Rejects the batches (oldest first) with AuditUnavailableError, cuts every file they touched
   * back to its size before the oldest one, and rolls the in-memory chain back to match.
   */
  private async fail(ws: Written[], err: unknown): Promise<void> {
    const first = ws[0];
    if (!first) return;
    this.counters.failedBatches += ws.length;
    this.state = first.saved;
    await this.rollback(
      ws.flatMap((w) => w.segments),
      first.saved,
    );
    const cause = err as NodeJS.ErrnoException;
    const failure =
      err instanceof AuditUnavailableError
        ? err
        : new AuditUnavailableError(
            `audit storage unavailable: ${cause.code ?? ''} ${cause.message}`.replace(/\s+/g, ' ').trim(),
            { cause },
          );
    this.opts.log(`audit: ${failure.message}`);
    for (const w of ws) for (const p of w.batch) p.reject(failure);
  }

  /** The batch is durable: acknowledge it, anchor it when due, tell the listeners. */
  private complete(w: Written): void {
    const segments = w.segments;
    this.counters.batches++;
    this.counters.events += w.batch.length;
    let anchorAt: { placed: Placed; file: AuditFile } | null = null;
    for (const seg of segments) {
      for (const pl of seg.placed) {
        if (pl.count % ANCHOR_EVERY === 0 || pl.p.forceAnchor) anchorAt = { placed: pl, file: seg.file };
      }
    }
    for (const seg of segments) for (const pl of seg.placed) pl.p.resolve(pl.ev);
    if (anchorAt) this.scheduleAnchor(anchorAt.placed, anchorAt.file);
    for (const seg of segments) {
      for (const pl of seg.placed) {
        for (const l of this.listeners) {
          try {
            l(pl.ev);
          } catch (err) {
            this.opts.log(`audit: listener failed: ${(err as Error).message}`);
          }
        }
      }
    }
  }

  /** Assigns ids, timestamps and hashes in order and decides which file each line goes to. */
  private plan(batch: Pending[]): Segment[] {
    const segments: Segment[] = [];
    let seg: Segment | null = null;
    let cur = this.state.current;
    for (const p of batch) {
      const now = this.opts.clock.now();
      const ev = {
        id: this.ids.next(),
        timestamp: new Date(now).toISOString(),
        schema: AUDIT_SCHEMA,
        ...p.data,
        prev_hash: this.state.hash,
        hash: '',
      } as AuditEvent;
      let json = JSON.stringify(ev);
      // Only a line that could be oversized (3 bytes per UTF-16 unit at most) is measured.
      if (json.length * 3 > MAX_EVENT_BYTES) {
        compactEvent(ev, (e) => Buffer.byteLength(JSON.stringify(e), 'utf8'));
        json = JSON.stringify(ev);
      }
      ev.hash = chainHash(ev as unknown as Record<string, unknown>);
      // "hash" is the last member, so the final line is the same text with the hash filled in.
      const buf = Buffer.from(`${json.slice(0, -3)}"${ev.hash}"}\n`, 'utf8');

      // Never write behind the newest file, even if the clock stepped back a day.
      const date = cur && cur.file.date > utcDate(now) ? cur.file.date : utcDate(now);
      let target: AuditFile;
      if (!cur || cur.file.date !== date) target = { name: fileName(date, 0), date, part: 0 };
      else if (cur.size > 0 && cur.size + buf.length > this.opts.maxSizeBytes) {
        target = { name: fileName(date, cur.file.part + 1), date, part: cur.file.part + 1 };
      } else target = cur.file;
      if (!cur || target.name !== cur.file.name) cur = { file: target, size: 0, lines: 0 };
      if (!seg || seg.file.name !== target.name) {
        seg = {
          file: target,
          isNew: cur.size === 0 && target.name !== this.state.current?.file.name,
          sizeBefore: cur.size,
          linesBefore: cur.lines,
          bufs: [],
          bytes: 0,
          placed: [],
          touched: false,
        };
        segments.push(seg);
      }
      this.state.count++;
      seg.placed.push({ p, ev, line: cur.lines + 1, offset: cur.size, count: this.state.count });
      seg.bufs.push(buf);
      seg.bytes += buf.length;
      cur.size += buf.length;
      cur.lines++;
      this.state.hash = ev.hash;
    }
    this.state.current = cur;
    return segments;
  }

  /** Writes one segment (no fsync) and returns the descriptor it went to. */
  private async writeSegment(seg: Segment): Promise<number> {
    const full = path.join(this.opts.dir, seg.file.name);
    seg.touched = true;
    let fd = this.fdFile === seg.file.name ? this.fd : null;
    if (fd === null) {
      fd = await this.io.open(full, APPEND_FLAGS, FILE_MODE);
      if (this.fd !== null) await this.io.close(this.fd).catch(() => {});
      this.fd = fd;
      this.fdFile = seg.file.name;
      // The new directory entry must be durable too, or a crash could lose the whole file.
      if (seg.isNew) await fsyncDir(this.io, this.opts.dir);
    }
    const only = seg.bufs.length === 1 ? seg.bufs[0] : undefined;
    await writeAll(this.io, fd, only ?? Buffer.concat(seg.bufs, seg.bytes));
    return fd;
  }

  /**
   * Cuts every file the failed batch touched back to its size before the batch (a file the
   * batch created goes back to empty and is then removed).
   */
  private async rollback(segments: Segment[], saved: WriterState): Promise<void> {
    for (const seg of segments.filter((x) => x.touched).reverse()) {
      const full = path.join(this.opts.dir, seg.file.name);
      try {
        if (this.fdFile === seg.file.name && this.fd !== null) {
          await this.io.ftruncate(this.fd, seg.sizeBefore);
          await this.io.fsync(this.fd);
        } else {
          await this.truncateFile(seg.file.name, seg.sizeBefore);
        }
      } catch (err) {
        this.dirty.push({ name: seg.file.name, size: seg.sizeBefore });
        this.opts.log(`audit: could not cut ${seg.file.name} back after a failed write: ${(err as Error).message}`);
        continue;
      }
      if (seg.isNew) {
        if (this.fdFile === seg.file.name && this.fd !== null) await this.closeFd();
        await this.io.unlink(full).catch(() => {});
      }
    }
    // The next batch reopens the previous newest file through a fresh descriptor.
    if (this.fd !== null && this.fdFile !== saved.current?.file.name) await this.closeFd();
  }

  private async truncateFile(name: string, size: number): Promise<void> {
    const fd = await this.io.open(path.join(this.opts.dir, name), APPEND_FLAGS, FILE_MODE);
    try {
      await this.io.ftruncate(fd, size);
      await this.io.fsync(fd);
    } finally {
      await this.io.close(fd).catch(() => {});
    }
  }

  private async closeFd(): Promise<void> {
    const fd = this.fd;
    this.fd = null;
    this.fdFile = null;
    if (fd !== null) await this.io.close(fd).catch(() => {});
  }

  private async repair(): Promise<void> {
    while (this.dirty.length) {
      const d = at(this.dirty, 0);
      if (this.fdFile === d.name) await this.closeFd();
      await this.truncateFile(d.name, d.size);
      this.dirty.shift();
    }
  }

  private scheduleAnchor(pl: Placed, file: AuditFile): void {
    const unsigned: Anchor = {
      count: pl.count,
      last_hash: pl.ev.hash,
      event_id: pl.ev.id,
      file: file.name,
      line: pl.line,
      offset: pl.offset,
      dir: path.resolve(this.opts.dir),
      timestamp: pl.ev.timestamp,
    };
    const anchor = this.opts.anchorKey ? signAnchor(unsigned, this.opts.anchorKey) : unsigned;
    for (const l of this.anchorListeners) {
      try {
        l(anchor);
      } catch (err) {
        this.opts.log(`audit: anchor listener failed: ${(err as Error).message}`);
      }
    }
    // Anchors are written one at a time; if several queue up, only the newest is written.
    const pendingAlready = this.nextAnchor !== null;
    this.nextAnchor = anchor;
    if (pendingAlready) return;
    this.anchorWriting = this.anchorWriting.then(async () => {
      const a = this.nextAnchor;
      this.nextAnchor = null;
      // set just before this write was queued; only this write clears it
      if (a === null) return;
      try {
        await writeAnchor(this.io, this.opts.anchorFile, a);
        this.counters.anchors++;
      } catch (err) {
        this.opts.log(`audit: could not write the anchor ${this.opts.anchorFile}: ${(err as Error).message}`);
      }
    });
  }

  /** Resolves when the latest anchor is on disk. */
  anchorsSettled(): Promise<void> {
    return this.anchorWriting;
  }
}

/** A caller's input as plain JSON data with the field types docs/api.md requires. */
function normalize(input: AuditInput): Pending['data'] {
  const d = (input.decision ?? {}) as Partial<AuditInput['decision']>;
  const data = toJsonData({
    agent: String(input.agent ?? ''),
    session: String(input.session ?? ''),
    ...(input.run_id ? { run_id: String(input.run_id) } : {}),
    tool: String(input.tool ?? ''),
    request: input.request && typeof input.request === 'object' && !Array.isArray(input.request) ? input.request : {},
    decision: {
      action: String(d.action ?? ''),
      matched_policies: Array.isArray(d.matched_policies) ? d.matched_policies.map(String) : [],
      evaluation_time_us:
        typeof d.evaluation_time_us === 'number' && Number.isFinite(d.evaluation_time_us)
          ? Math.max(0, Math.round(d.evaluation_time_us))
          : 0,
      message: String(d.message ?? ''),
      suggestions: Array.isArray(d.suggestions) ? d.suggestions.map(String) : [],
    },
    ...(input.source === 'client-reported' ? { source: 'client-reported' } : {}),
  }) as Pending['data'];
  return data;
}
