// The durable approval journal: one JSON object per line, appended and fsynced synchronously so
// each state change is on disk before the caller's reply, and atomic with respect to the event
// loop. Compacted (temp file + fsync + rename) on open and whenever it grows. A torn last line,
// left by a crash mid-write, is ignored; damage anywhere else keeps pending cards but drops every
// once-only grant (fail closed: a lost "consumed" line must never let a grant be used twice).
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
  chmodSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { ApprovalRecord, OnceGrant } from './record.js';
import { persistable } from './record.js';
import { UnavailableError } from '../util/errors.js';

export type JournalEntry =
  | { t: 'approval'; a: ApprovalRecord }
  | { t: 'resolve'; id: string; status: 'approved' | 'denied'; by: string; at: number; grant?: OnceGrant }
  | { t: 'reopen'; id: string }
  | { t: 'annotate'; id: string; audit_id?: string; persisted?: boolean }
  | { t: 'expire'; id: string; at: number }
  | { t: 'grant'; g: OnceGrant }
  | { t: 'consume'; key: string; at: number };

export interface JournalState {
  approvals: Map<string, ApprovalRecord>;
  grants: Map<string, OnceGrant>;
}

/** A journal file larger than this is not replayed (moved aside); live state is far smaller. */
export const MAX_JOURNAL_BYTES = 256 * 1024 * 1024;
/** Compaction runs once this much was appended since the last one (or twice the live size). */
export const COMPACT_AFTER_BYTES = 1024 * 1024;

export class JournalError extends UnavailableError {
  override name = 'JournalError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('approval_state_unavailable', message, options);
  }
}

export interface ReplayResult {
  state: JournalState;
  warnings: string[];
}

/** Applies the journal's lines in order; the latest line about an id or grant wins. */
export function replay(text: string): ReplayResult & { damaged: boolean } {
  const state: JournalState = { approvals: new Map(), grants: new Map() };
  const warnings: string[] = [];
  const lines = text.split('\n');
  let damaged = false;
  lines.forEach((line, i) => {
    if (!line.trim()) return;
    let entry: JournalEntry;
    try {
      entry = JSON.parse(line) as JournalEntry;
      if (!entry || typeof entry !== 'object' || typeof entry.t !== 'string') throw new Error('not an entry');
    } catch {
      if (i === lines.length - 1) {
        warnings.push('approval journal: ignored a torn last line (interrupted write)');
      } else {
        damaged = true;
        warnings.push(`approval journal: line ${i + 1} is unreadable`);
      }
      return;
    }
    apply(state, entry);
  });
  if (damaged) {
    state.grants.clear();
    warnings.push('approval journal is damaged: pending approvals kept, once-only grants dropped');
  }
  return { state, warnings, damaged };
}

function apply(state: JournalState, e: JournalEntry): void {
  switch (e.t) {
    case 'approval':
      state.approvals.set(e.a.id, { ...e.a });
      return;
    case 'resolve': {
      const rec = state.approvals.get(e.id);
      if (rec) Object.assign(rec, { status: e.status, resolved_by: e.by, resolved_at: e.at });
      if (e.grant) state.grants.set(e.grant.key, { ...e.grant });
      return;
    }
    case 'reopen': {
      const rec = state.approvals.get(e.id);
      if (rec) {
        rec.status = 'pending';
        delete rec.resolved_by;
        delete rec.resolved_at;
      }
      for (const [key, g] of state.grants) if (g.approval_id === e.id) state.grants.delete(key);
      return;
    }
    case 'annotate': {
      const rec = state.approvals.get(e.id);
      if (rec && e.audit_id !== undefined) rec.resolution_audit_id = e.audit_id;
      if (rec && e.persisted !== undefined) rec.persisted = e.persisted;
      for (const g of state.grants.values()) {
        if (g.approval_id === e.id && e.audit_id !== undefined) g.resolution_audit_id = e.audit_id;
      }
      return;
    }
    case 'expire': {
      const rec = state.approvals.get(e.id);
      if (rec && rec.status === 'pending')
        Object.assign(rec, { status: 'expired', resolved_by: 'timeout', resolved_at: e.at });
      return;
    }
    case 'grant':
      state.grants.set(e.g.key, { ...e.g });
      return;
    case 'consume':
      state.grants.delete(e.key);
      return;
  }
}

function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function writeAll(fd: number, text: string): void {
  const buf = Buffer.from(text, 'utf8');
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
}

export class Journal {
  private fd = -1;
  private appended = 0;
  private liveBytes = 0;

  private constructor(readonly path: string) {}

  /** Reads (and then compacts) the journal at `path`; a missing file is an empty state. */
  static open(path: string): { journal: Journal; state: JournalState; warnings: string[] } {
    const journal = new Journal(path);
    let result: ReplayResult = { state: { approvals: new Map(), grants: new Map() }, warnings: [] };
    if (existsSync(path)) {
      const size = statSync(path).size;
      if (size > MAX_JOURNAL_BYTES) {
        journal.moveAside();
        result.warnings.push(`approval journal exceeds ${MAX_JOURNAL_BYTES} bytes; moved aside and started empty`);
      } else {
        const r = replay(readFileSync(path, 'utf8'));
        if (r.damaged) journal.moveAside();
        result = r;
      }
    }
    return { journal, state: result.state, warnings: result.warnings };
  }

  private moveAside(): void {
    renameSync(this.path, `${this.path}.damaged-${Date.now()}`);
  }

  /** Appends one entry and fsyncs it; throws JournalError when that cannot be guaranteed. */
  append(entry: JournalEntry): void {
    this.appendMany([entry]);
  }

  /**
   * Appends several entries with one write and one fsync (a restart that finds a thousand
   * approvals expired must not pay a thousand fsyncs); all or, on error, none are acknowledged.
   */
  appendMany(entries: JournalEntry[]): void {
    if (!entries.length) return;
    const line = entries.map((e) => JSON.stringify(e) + '\n').join('');
    try {
      if (this.fd < 0) this.openForAppend();
      writeAll(this.fd, line);
      fsyncSync(this.fd);
    } catch (err) {
      throw new JournalError(`approval state could not be made durable: ${(err as Error).message}`, { cause: err });
    }
    this.appended += Buffer.byteLength(line);
  }

  /** True once enough was appended that rewriting the live state is worth it. */
  wantsCompaction(): boolean {
    return this.appended > Math.max(COMPACT_AFTER_BYTES, 2 * this.liveBytes);
  }

  /** Atomically replaces the journal with just `state` (temp file, fsync, rename, dir fsync). */
  compact(state: JournalState): void {
    const lines: string[] = [];
    for (const a of state.approvals.values()) lines.push(JSON.stringify({ t: 'approval', a: persistable(a) }));
    for (const g of state.grants.values()) lines.push(JSON.stringify({ t: 'grant', g }));
    const text = lines.length ? lines.join('\n') + '\n' : '';
    const tmp = `${this.path}.tmp-${process.pid}`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeAll(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    this.closeFd();
    renameSync(tmp, this.path);
    fsyncDir(dirname(this.path));
    this.appended = 0;
    this.liveBytes = Buffer.byteLength(text);
  }

  private openForAppend(): void {
    const created = !existsSync(this.path);
    this.fd = openSync(this.path, 'a', 0o600);
    chmodSync(this.path, 0o600);
    if (created) fsyncDir(dirname(this.path));
  }

  private closeFd(): void {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }

  close(): void {
    this.closeFd();
  }
}
