// Opening the audit log: verify what is on disk, repair an interrupted last line, refuse a chain
// that does not verify (or record the break and start a new segment when asked), then hand out
// one object that appends (ChainWriter), reads (AuditReader) and feeds the sinks.
import path from 'node:path';
import { promises as fsp } from 'node:fs';
import { systemClock, type Clock } from '../util/clock.js';
import { VERSION } from '../util/version.js';
import type { AuditEvent, AuditInput, AuditWriter } from './types.js';
import { ChainWriter, DEFAULT_MAX_SIZE_BYTES } from './writer.js';
import { AuditReader, type AuditStats, type QueryOptions, type QueryResult } from './reader.js';
import { verifyChain, StartMismatch, type ChainProblem, type VerifyResult } from './verify.js';
import { ANCHOR_EVERY, anchorPath, anchorSignatureValid, ensureAnchorKey, readAnchor, type Anchor } from './anchor.js';
import { listAuditFiles } from './audit-file-names.js';
import { APPEND_FLAGS, DIR_MODE, FILE_MODE, fsyncDir, nodeFs, type AuditFs } from './fsio.js';
import { ANCHOR_RESET_KIND, chainBreakEvent, recoveryEvent, serviceEvent } from './audit-event-builders.js';
import { createSinks, SinkFanout, type AuditSink } from './sinks/index.js';
import type { WebhookOptions } from './sinks/audit-webhook-sink.js';
import { SvcError } from '../util/errors.js';

/** The chain on disk does not verify and no new segment was requested. */
export class AuditChainError extends SvcError {
  override name = 'AuditChainError';
  constructor(
    readonly problem: ChainProblem,
    message: string,
  ) {
    super('audit_chain_broken', message);
  }
}

export interface OpenAuditLogOptions {
  /** The audit directory (created 0700). */
  dir: string;
  /** Where audit-anchor.json lives. */
  dataDir: string;
  clock?: Clock;
  /** Size rotation threshold per file (default 100 MiB). */
  maxSizeBytes?: number;
  /** Record a break and start a new segment instead of refusing a chain that does not verify. */
  startNewChain?: boolean;
  /** udp://host:514, tcp://host:601 or unix:///dev/log. */
  syslog?: string;
  /** CEF lines: as the syslog message, or on stderr without --syslog. */
  cef?: boolean;
  webhookUrl?: string;
  log?: (msg: string) => void;
  /** Tests: a counting or failing file layer, tuned webhook timings, extra sinks, CEF stream. */
  fs?: AuditFs;
  webhook?: Partial<Omit<WebhookOptions, 'url' | 'version' | 'log'>>;
  sinks?: AuditSink[];
  cefStream?: NodeJS.WritableStream;
}

export class AuditLog implements AuditWriter {
  readonly reader: AuditReader;

  constructor(
    readonly dir: string,
    readonly anchorFile: string,
    private readonly writer: ChainWriter,
    private readonly fanout: SinkFanout,
    clock: Clock,
    /** What opening found and did (for logs and tests). */
    readonly opened: { verified: VerifyResult; recoveredBytes: number; newSegment: ChainProblem | null },
  ) {
    this.reader = new AuditReader(dir, clock, (name) => writer.durableSize(name));
    writer.onEvent((ev) => fanout.push(ev));
    writer.onAnchor((a) => fanout.anchor(a));
  }

  append(input: AuditInput, opts?: { lazy?: boolean }): Promise<AuditEvent> {
    return this.writer.append(input, opts);
  }

  onEvent(listener: (ev: AuditEvent) => void): () => void {
    return this.writer.onEvent(listener);
  }

  onAnchor(listener: (a: Anchor) => void): () => void {
    return this.writer.onAnchor(listener);
  }

  get lastHash(): string {
    return this.writer.lastHash;
  }

  get eventCount(): number {
    return this.writer.eventCount;
  }

  /** events, batches (= fsync rounds), failedBatches, anchors. */
  get counters(): Readonly<ChainWriter['counters']> {
    return this.writer.counters;
  }

  /** Events each sink has lost so far (full buffers, gave up retrying), for metrics. */
  sinkDropped(): Record<string, number> {
    return this.fanout.dropped();
  }

  query(q: QueryOptions = {}): Promise<QueryResult> {
    return this.reader.query(q);
  }

  dates(): Promise<string[]> {
    return this.reader.dates();
  }

  exportDay(date: string): Promise<AsyncIterable<Buffer> | null> {
    return this.reader.exportDay(date);
  }

  stats(from?: string, to?: string): Promise<AuditStats> {
    return this.reader.stats(from, to);
  }

  verify(): Promise<VerifyResult> {
    return verifyChain(this.dir, { anchorPath: this.anchorFile });
  }

  /** Resolves when the latest anchor is written (tests). */
  anchorsSettled(): Promise<void> {
    return this.writer.anchorsSettled();
  }

  /** Writes what is queued, then flushes the sinks within their bounds. */
  async close(): Promise<void> {
    await this.writer.close();
    await this.fanout.close();
  }
}

async function ensureDir(io: AuditFs, dir: string, what: string): Promise<void> {
  const created = await fsp.mkdir(dir, { recursive: true, mode: DIR_MODE });
  // A new directory's own entry must be durable too, or a crash could lose it with its files.
  if (created !== undefined) await fsyncDir(io, path.dirname(dir));
  const st = await fsp.stat(dir);
  if (!st.isDirectory()) throw new Error(`${what} ${dir} is not a directory`);
  // Tighten a directory we own that was created looser (e.g. by mkdir with the default umask).
  // Group search alone is kept: the protected layout's data dir (docs/protected-mode.md).
  if ((st.mode & 0o067) !== 0 && typeof process.getuid === 'function' && st.uid === process.getuid()) {
    await fsp.chmod(dir, DIR_MODE);
  }
}

/** Full verification, or from the anchor onwards when the anchor still matches the log. */
async function verifyForOpen(
  dir: string,
  anchorFile: string | undefined,
): Promise<{ res: VerifyResult; count: number }> {
  const anchor = anchorFile ? await readAnchor(anchorFile) : null;
  if (anchor && path.resolve(anchor.dir) === dir) {
    try {
      const from = { file: anchor.file, line: anchor.line, offset: anchor.offset, hash: anchor.last_hash };
      const res = await verifyChain(dir, { anchorPath: anchorFile, from, tornIfUnparsable: true });
      if (res.ok) return { res, count: anchor.count + res.events - 1 };
    } catch (err) {
      if (!(err instanceof StartMismatch) && (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  // No usable anchor, or a problem after it: walk everything, so a problem is the first one.
  const res = await verifyChain(dir, { anchorPath: anchorFile, tornIfUnparsable: true });
  return { res, count: res.events };
}

export async function openAuditLog(opts: OpenAuditLogOptions): Promise<AuditLog> {
  const log = opts.log ?? (() => {});
  const clock = opts.clock ?? systemClock;
  const io = opts.fs ?? nodeFs;
  const dir = path.resolve(opts.dir);
  const anchorFile = anchorPath(path.resolve(opts.dataDir));
  const maxSize = opts.maxSizeBytes ?? DEFAULT_MAX_SIZE_BYTES;
  if (!Number.isInteger(maxSize) || maxSize < 1)
    throw new Error(`invalid audit max size ${maxSize}: a positive number of bytes`);
  // Bad sink settings fail before anything on disk is touched.
  const sinks = [
    ...createSinks({
      syslog: opts.syslog,
      cef: opts.cef,
      webhookUrl: opts.webhookUrl,
      webhook: opts.webhook,
      cefStream: opts.cefStream,
      version: VERSION,
      log,
    }),
    ...(opts.sinks ?? []),
  ];
  const fanout = new SinkFanout(sinks, log);
  try {
    await ensureDir(io, dir, 'audit directory');
    await ensureDir(io, path.dirname(anchorFile), 'data directory');

    // Only an anchor signed with this data dir's key is trusted to shortcut or judge the log; any
    // other (unsigned, forged, or missing from a log that should have one) is put on the record
    // below and replaced, rather than stopping the server.
    const anchorKey = ensureAnchorKey(path.resolve(opts.dataDir));
    const found = await readAnchor(anchorFile);
    const anchorHere = found !== null && path.resolve(found.dir) === dir;
    const trusted = anchorHere && anchorSignatureValid(found, anchorKey);
    const { res, count } = await verifyForOpen(dir, !found || trusted ? anchorFile : undefined);
    let anchorReset: string | null = null;
    if (anchorHere && !trusted) {
      anchorReset =
        found.sig === undefined
          ? 'the anchor found at start was not signed'
          : 'the anchor found at start has a signature that does not verify';
    } else if (!found && count >= ANCHOR_EVERY) {
      anchorReset = `no anchor was found at start for a log of ${count} events`;
    }
    let broken: ChainProblem | null = null;
    if (!res.ok) {
      broken = res.problem ?? (res.anchor.status === 'mismatch' ? res.anchor.problem : null);
      if (!broken) throw new Error('audit verification failed without naming a problem');
      if (!opts.startNewChain) {
        throw new AuditChainError(
          broken,
          `audit chain does not verify: ${path.join(dir, broken.file)} line ${broken.line}: ${broken.problem}. ` +
            `Run "svc audit verify --audit-dir ${dir}" for details; "svc serve --audit-start-new-chain" starts a new chain segment that records this break.`,
        );
      }
    }

    let recoveredBytes = 0;
    const torn = res.tornTail;
    if (torn) {
      const fd = await io.open(path.join(dir, torn.file.name), APPEND_FLAGS, FILE_MODE);
      try {
        await io.ftruncate(fd, torn.offset);
        await io.fsync(fd);
      } finally {
        await io.close(fd);
      }
      recoveredBytes = torn.bytes;
      log(
        `audit: cut ${torn.bytes} bytes of an interrupted last line at ${torn.file.name}:${torn.line} (${torn.reason})`,
      );
    }

    const files = await listAuditFiles(dir);
    const newest = files.at(-1);
    const current = newest
      ? { file: newest, size: (await fsp.lstat(path.join(dir, newest.name))).size, lines: res.lastFileLines }
      : null;
    const writer = new ChainWriter(
      { dir, anchorFile, anchorKey, clock, maxSizeBytes: maxSize, io, log },
      { hash: broken ? '' : (res.tail?.hash ?? ''), count, current, maxId: res.maxId },
    );
    const auditLog = new AuditLog(dir, anchorFile, writer, fanout, clock, {
      verified: res,
      recoveredBytes,
      newSegment: broken,
    });

    try {
      if (broken) {
        log(
          `audit: chain does not verify at ${broken.file}:${broken.line} (${broken.problem}); starting a new chain segment that records the break`,
        );
        await writer.appendAnchored(chainBreakEvent({ ...broken, lastVerifiedHash: res.tail?.hash ?? '' }));
      }
      if (torn) {
        await writer.append(
          recoveryEvent({ file: torn.file.name, line: torn.line, bytesCut: torn.bytes, reason: torn.reason }),
        );
      }
      if (anchorReset && !broken) {
        log(
          `audit: ${anchorReset}; recording it and anchoring anew (events cut before this start cannot be ruled out)`,
        );
        await writer.appendAnchored(
          serviceEvent(ANCHOR_RESET_KIND, 'recorded', `${anchorReset}; a new signed anchor starts here`, {
            reason: anchorReset,
          }),
        );
      }
    } catch (err) {
      await writer.close().catch(() => {});
      throw err;
    }
    return auditLog;
  } catch (err) {
    await fanout.close().catch(() => {});
    throw err;
  }
}
