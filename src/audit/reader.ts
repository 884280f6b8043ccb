// Reading the log back: one day's events (newest first, filtered, paged), the list of days, a
// day's raw export, and statistics over a range of days. Everything streams, so a day of a
// million events costs a chunk of memory, not the file's size.
import path from 'node:path';
import { promises as fsp } from 'node:fs';
import { CHUNK_BYTES, countLines, readLines, readLinesBackward } from './audit-line-reader.js';
import { daySpan, filesForDate, isValidDate, listAuditFiles, utcDate, type AuditFile } from './audit-file-names.js';
import type { AuditEvent } from './types.js';
import type { Clock } from '../util/clock.js';
import { SvcError } from '../util/errors.js';
import { at } from '../util/invariant.js';

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 500;
/** Longest range /v1/audit/stats scans. */
export const MAX_STATS_DAYS = 366;

/** A bad query parameter (the route answers 400). */
export class AuditQueryError extends SvcError {
  override name = 'AuditQueryError';
  constructor(message: string, code: 'invalid_date' | 'invalid_range' | 'invalid_request' = 'invalid_date') {
    super(code, message);
  }
}

export interface QueryOptions {
  date?: string;
  limit?: number | string;
  offset?: number | string;
  tool?: string;
  action?: string;
  agent?: string;
  session?: string;
  run_id?: string;
  /** Case-insensitive substring of the request's command, path or URL. */
  q?: string;
}

/** The longest search term the reader accepts (the route caps it the same). */
export const MAX_SEARCH = 256;

/** The strings a search looks through: what the call runs or touches, at the top or in params. */
const SEARCH_FIELDS = ['command', 'path', 'file_path', 'url'];
function searchText(req: unknown): string {
  if (!req || typeof req !== 'object') return '';
  const r = req as Record<string, unknown>;
  const parts: string[] = [];
  for (const obj of [r, r.params]) {
    if (!obj || typeof obj !== 'object') continue;
    for (const k of SEARCH_FIELDS) {
      const v = (obj as Record<string, unknown>)[k];
      if (typeof v === 'string') parts.push(v);
    }
  }
  return parts.join('\n').toLowerCase();
}

export interface QueryResult {
  events: AuditEvent[];
  /** Events in the day's files before filtering. */
  total_in_file: number;
  /** Offset of the next page in the filtered newest-first list; 0 when there is no more. */
  next_offset: number;
  date: string;
}

export interface AuditStats {
  total_events: number;
  by_action: Record<string, number>;
  by_tool: Record<string, number>;
  by_agent: Record<string, number>;
  by_session: Record<string, number>;
}

function intParam(v: unknown, fallback: number): number {
  if (v === undefined || v === null || v === '') return fallback;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isInteger(n) ? n : fallback;
}

/** `label` names the parameter in the error: "date", "from date", "to date". */
export function dateParam(v: unknown, label: string, fallback: string): string {
  if (v === undefined || v === '') return fallback;
  if (!isValidDate(v)) throw invalidDate(label, v);
  return v;
}

function invalidDate(label: string, v: unknown): AuditQueryError {
  return new AuditQueryError(
    `invalid ${label} ${JSON.stringify(String(v).slice(0, 40))}: use YYYY-MM-DD, a real calendar day`,
  );
}

export class AuditReader {
  /**
   * @param durableSize for the file a live writer is appending to: the size up to which it is
   *   fsynced, so readers never see a batch that may still be rolled back.
   */
  constructor(
    readonly dir: string,
    private readonly clock: Clock,
    private readonly durableSize: (name: string) => number | undefined = () => undefined,
  ) {}

  private today(): string {
    return utcDate(this.clock.now());
  }

  private async end(f: AuditFile): Promise<number> {
    const d = this.durableSize(f.name);
    if (d !== undefined) return d;
    return (await fsp.lstat(path.join(this.dir, f.name))).size;
  }

  async query(q: QueryOptions = {}): Promise<QueryResult> {
    const date = dateParam(q.date, 'date', this.today());
    let limit = intParam(q.limit, DEFAULT_PAGE);
    if (limit < 1) limit = DEFAULT_PAGE;
    limit = Math.min(limit, MAX_PAGE);
    const offset = Math.max(0, intParam(q.offset, 0));
    const filters: Array<(ev: AuditEvent) => boolean> = [];
    if (q.tool) filters.push((ev) => ev.tool === q.tool);
    if (q.action) filters.push((ev) => ev.decision?.action === q.action);
    if (q.agent) filters.push((ev) => ev.agent === q.agent);
    if (q.session) filters.push((ev) => ev.session === q.session);
    if (q.run_id) filters.push((ev) => ev.run_id === q.run_id);
    if (q.q) {
      if (q.q.length > MAX_SEARCH)
        throw new AuditQueryError(`invalid q: at most ${MAX_SEARCH} characters`, 'invalid_request');
      const needle = q.q.toLowerCase();
      filters.push((ev) => searchText(ev.request).includes(needle));
    }

    const files = await filesForDate(this.dir, date);
    const ends = await Promise.all(files.map((f) => this.end(f)));
    let total = 0;
    for (let i = 0; i < files.length; i++) total += await countLines(path.join(this.dir, at(files, i).name), ends[i]);

    const events: AuditEvent[] = [];
    let matched = 0;
    let more = false;
    scan: for (let i = files.length - 1; i >= 0; i--) {
      for await (const buf of readLinesBackward(path.join(this.dir, at(files, i).name), ends[i])) {
        let ev: AuditEvent;
        try {
          ev = JSON.parse(buf.toString('utf8'));
        } catch {
          continue;
        }
        if (!ev || typeof ev !== 'object' || !filters.every((f) => f(ev))) continue;
        if (matched++ < offset) continue;
        if (events.length === limit) {
          more = true;
          break scan;
        }
        events.push(ev);
      }
    }
    return { events, total_in_file: total, next_offset: more ? offset + events.length : 0, date };
  }

  /** Days that have audit files, newest first. */
  async dates(): Promise<string[]> {
    const files = await listAuditFiles(this.dir);
    return [...new Set(files.map((f) => f.date))].reverse();
  }

  /**
   * The day's files, all rotation parts in order, as raw bytes; null when the day has none.
   * The caller streams the chunks (e.g. Readable.from) so a large day is never buffered.
   */
  async exportDay(date: string): Promise<AsyncIterable<Buffer> | null> {
    if (!isValidDate(date)) throw invalidDate('date', date);
    const files = await filesForDate(this.dir, date);
    if (!files.length) return null;
    const ends = await Promise.all(files.map((f) => this.end(f)));
    const dir = this.dir;
    return (async function* () {
      for (let i = 0; i < files.length; i++) {
        const fh = await fsp.open(path.join(dir, at(files, i).name), 'r');
        try {
          let pos = 0;
          while (pos < at(ends, i)) {
            const buf = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, at(ends, i) - pos));
            const { bytesRead } = await fh.read(buf, 0, buf.length, pos);
            if (bytesRead === 0) break;
            pos += bytesRead;
            yield bytesRead === buf.length ? buf : buf.subarray(0, bytesRead);
          }
        } finally {
          await fh.close();
        }
      }
    })();
  }

  /** Counts over the days from..to inclusive (each defaults to today, UTC). */
  async stats(fromIn?: string, toIn?: string): Promise<AuditStats> {
    const today = this.today();
    const from = dateParam(fromIn, 'from date', today);
    const to = dateParam(toIn, 'to date', today);
    if (to < from) throw new AuditQueryError(`invalid range: to (${to}) is before from (${from})`, 'invalid_range');
    if (daySpan(from, to) > MAX_STATS_DAYS)
      throw new AuditQueryError(`invalid range: at most ${MAX_STATS_DAYS} days at a time`, 'invalid_range');
    // Maps, not objects: an agent named "__proto__" must count like any other.
    const maps = {
      by_action: new Map<string, number>(),
      by_tool: new Map<string, number>(),
      by_agent: new Map<string, number>(),
      by_session: new Map<string, number>(),
    };
    const bump = (m: Map<string, number>, k: unknown) => {
      const key = String(k ?? '');
      m.set(key, (m.get(key) ?? 0) + 1);
    };
    let total = 0;
    const days = (await listAuditFiles(this.dir)).filter((f) => f.date >= from && f.date <= to);
    for (const f of days) {
      const end = await this.end(f);
      for await (const ln of readLines(path.join(this.dir, f.name), { end })) {
        if (!ln.terminated || ln.overlong || ln.buf.length === 0) continue;
        let ev: AuditEvent;
        try {
          ev = JSON.parse(ln.buf.toString('utf8'));
        } catch {
          continue;
        }
        if (!ev || typeof ev !== 'object') continue;
        total++;
        bump(maps.by_action, ev.decision?.action);
        bump(maps.by_tool, ev.tool);
        // An empty agent or session is "not known", not a name worth a bucket.
        if (ev.agent) bump(maps.by_agent, ev.agent);
        if (ev.session) bump(maps.by_session, ev.session);
      }
    }
    const stats: AuditStats = {
      total_events: total,
      by_action: Object.fromEntries(maps.by_action),
      by_tool: Object.fromEntries(maps.by_tool),
      by_agent: Object.fromEntries(maps.by_agent),
      by_session: Object.fromEntries(maps.by_session),
    };
    return stats;
  }
}
