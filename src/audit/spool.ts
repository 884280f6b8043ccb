// Decisions made while the server was away. `svc hook HOST` decides locally with the same
// policies when it cannot reach the server and appends what it decided to
// <data-dir>/hook-spool.jsonl; the server folds those lines into the audit chain on its next
// start, marked `source: "client-reported"`. The spool is written by the agent's own user, so
// the folded records are evidence of what the hook says it did, not proof.
//
// The hook side (appendSpool) loads nothing but node:fs: it runs once per tool call.
import {
  closeSync,
  existsSync,
  mkdirSync,
  fstatSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  constants,
  fchmodSync,
  fchownSync,
} from 'node:fs';
import { join } from 'node:path';
import type { AuditInput, AuditWriter } from './types.js';

export const SPOOL_FILE = 'hook-spool.jsonl';
/** The spool being folded: renamed first, so hooks appending meanwhile start a fresh spool. */
export const FOLDING_FILE = 'hook-spool.folding.jsonl';
/** A spool this large takes no more lines (the hook then gives no allow it cannot record). Small
 * enough that folding a full one, written by the agent, cannot hold up the server's start for long. */
export const MAX_SPOOL_BYTES = 1024 * 1024;
/** One record larger than this keeps its decision and a cut summary of its parameters. */
export const MAX_SPOOL_LINE = 64 * 1024;
const SUMMARY_CHARS = 4096;
/** Records appended before waiting for their fsync. */
const FOLD_BATCH = 1000;

export interface SpoolDecision {
  action: string;
  matched_policies: string[];
  message: string;
  evaluation_time_us: number;
}

/** One locally decided target, as the hook writes it. */
export interface SpoolRecord {
  v: 1;
  /** Random; the folded audit event carries it, so a fold interrupted by a crash is not repeated. */
  id: string;
  /** When the hook decided (the audit event's own timestamp is the fold's). */
  ts: string;
  host: string;
  agent: string;
  session: string;
  run_id?: string;
  tool_call_id?: string;
  workdir?: string;
  /** A project's own policy file decided (docs/project-policy.md). */
  policy_file?: string;
  phase: 'pre' | 'post';
  tool: string;
  params: Record<string, unknown>;
  decision: SpoolDecision;
  /** Why the decision was local (the server error). */
  reason: string;
  /** Policy set the hook loaded. */
  policy_set: string;
  /** uid of the process that wrote the line. */
  uid?: number;
}

function boundedLine(rec: SpoolRecord): string {
  let line = JSON.stringify(rec);
  if (Buffer.byteLength(line) > MAX_SPOOL_LINE) {
    const summary = JSON.stringify(rec.params).slice(0, SUMMARY_CHARS);
    line = JSON.stringify({ ...rec, params: { truncated: true, summary } });
  }
  return line + '\n';
}

/**
 * Appends the records in one write and fsyncs them. Throws when the spool cannot take them
 * (unwritable, full, a symlink): the caller must then not give an allow it cannot record.
 */
export function appendSpool(dataDir: string, records: SpoolRecord[]): void {
  const text = records.map(boundedLine).join('');
  const buf = Buffer.from(text, 'utf8');
  // A hook may run before any server created the data dir (same-user mode): create it as the server would.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const fd = openSync(
    join(dataDir, SPOOL_FILE),
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new Error(`${SPOOL_FILE} is not a regular file`);
    if (st.size + buf.length > MAX_SPOOL_BYTES)
      throw new Error(
        `${SPOOL_FILE} is full (${MAX_SPOOL_BYTES} bytes); start the svc server to fold it into the audit log`,
      );
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

const ACTIONS = new Set(['allow', 'deny', 'ask', 'watch', 'webhook', 'defer']);

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** A spool line as an audit input, or undefined when it is not a record the hook writes. */
export function spoolEvent(line: string): { id: string; input: AuditInput } | undefined {
  let r: any;
  try {
    r = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!r || typeof r !== 'object' || r.v !== 1 || typeof r.id !== 'string' || !r.id) return undefined;
  const d = r.decision;
  if (!d || typeof d !== 'object' || !ACTIONS.has(d.action) || typeof r.tool !== 'string' || !r.tool) return undefined;
  const params = r.params && typeof r.params === 'object' && !Array.isArray(r.params) ? r.params : {};
  const request: Record<string, unknown> = {
    ...params,
    spool_id: r.id,
    reported_at: str(r.ts) ?? '',
    reported_by_host: str(r.host) ?? '',
    local_reason: str(r.reason) ?? '',
    local_policy_set: str(r.policy_set) ?? '',
  };
  if (typeof r.uid === 'number') request.reported_by_uid = r.uid;
  if (r.phase === 'post') request.service_phase = 'response';
  if (str(r.workdir)) request.workdir = r.workdir;
  if (str(r.policy_file)) request.policy_file = r.policy_file;
  if (str(r.tool_call_id)) request.tool_call_id = r.tool_call_id;
  const input: AuditInput = {
    agent: str(r.agent) ?? '',
    session: str(r.session) ?? '',
    ...(str(r.run_id) ? { run_id: r.run_id as string } : {}),
    tool: r.tool,
    request,
    decision: {
      action: d.action,
      matched_policies: Array.isArray(d.matched_policies)
        ? d.matched_policies.filter((p: unknown) => typeof p === 'string')
        : [],
      evaluation_time_us: Number.isFinite(d.evaluation_time_us) ? Math.max(0, Math.round(d.evaluation_time_us)) : 0,
      message: str(d.message) ?? '',
      suggestions: [],
    },
    source: 'client-reported',
  };
  return { id: r.id, input };
}

/** spool ids already in the audit files written since `sinceMs` (a fold that was cut short). */
function foldedIds(auditDir: string, sinceMs: number): Set<string> {
  const ids = new Set<string>();
  let names: string[] = [];
  try {
    names = readdirSync(auditDir).filter((n) => n.endsWith('.jsonl'));
  } catch {
    return ids;
  }
  for (const n of names) {
    const p = join(auditDir, n);
    try {
      if (statSync(p).mtimeMs < sinceMs) continue;
      for (const line of readFileSync(p, 'utf8').split('\n')) {
        if (!line.includes('"client-reported"')) continue;
        try {
          const ev = JSON.parse(line);
          if (ev.source === 'client-reported' && typeof ev.request?.spool_id === 'string') ids.add(ev.request.spool_id);
        } catch {
          // A torn last line is the log's own recovery's business.
        }
      }
    } catch {
      // Unreadable file: nothing from it is skipped, at worst a record is folded twice.
    }
  }
  return ids;
}

export interface FoldResult {
  folded: number;
  skipped: number;
  /** Lines that were not spool records. */
  invalid: number;
}

/**
 * Folds the spool into the audit chain: rename it aside (new hook decisions go to a fresh spool),
 * append each record (durable) and remove the renamed file. A fold cut short by a crash leaves the
 * renamed file behind; the next fold skips the records whose spool id is already in the log.
 */
export async function foldSpool(
  dataDir: string,
  auditDir: string,
  audit: Pick<AuditWriter, 'append'>,
  log: (m: string) => void = () => {},
): Promise<FoldResult> {
  try {
    return await fold(dataDir, auditDir, audit, log);
  } catch (err) {
    // The server still starts: the spool stays where it is and the next start tries again.
    log(`could not fold ${SPOOL_FILE} into the audit log (kept for the next start): ${(err as Error).message}`);
    return { folded: 0, skipped: 0, invalid: 0 };
  }
}

async function fold(
  dataDir: string,
  auditDir: string,
  audit: Pick<AuditWriter, 'append'>,
  log: (m: string) => void,
): Promise<FoldResult> {
  const spool = join(dataDir, SPOOL_FILE);
  const folding = join(dataDir, FOLDING_FILE);
  const res: FoldResult = { folded: 0, skipped: 0, invalid: 0 };
  let skip = new Set<string>();
  if (existsSync(folding)) {
    skip = foldedIds(auditDir, statSync(folding).mtimeMs - 1000);
  } else {
    let st;
    try {
      st = statSync(spool);
    } catch {
      return res;
    }
    if (!st.isFile() || st.size === 0) return res;
    renameSync(spool, folding);
    recreate(spool, st);
  }
  const text = readFileSync(folding, 'utf8');
  let batch: Array<Promise<unknown>> = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const ev = spoolEvent(line);
    if (!ev) {
      res.invalid++;
      continue;
    }
    if (skip.has(ev.id)) {
      res.skipped++;
      continue;
    }
    skip.add(ev.id);
    // Appends of one turn share a write and an fsync (group commit): a full spool of small lines
    // must not hold the server's start for one fsync per line.
    batch.push(audit.append(ev.input));
    res.folded++;
    if (batch.length >= FOLD_BATCH) {
      await Promise.all(batch);
      batch = [];
    }
  }
  await Promise.all(batch);
  unlinkSync(folding);
  if (res.folded || res.invalid)
    log(
      `folded ${res.folded} client-reported decisions from ${SPOOL_FILE} into the audit log${res.invalid ? ` (${res.invalid} unreadable lines dropped)` : ''}`,
    );
  return res;
}

/** A fresh empty spool with the old one's mode and group (protected mode: the agents' group may append). */
function recreate(path: string, old: { mode: number; gid: number }): void {
  try {
    const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      fchownSync(fd, -1, old.gid);
      fchmodSync(fd, old.mode & 0o7777);
    } catch {
      // Same-user mode: the default 0600 is right anyway.
    } finally {
      closeSync(fd);
    }
  } catch {
    // A hook created it first.
  }
}
