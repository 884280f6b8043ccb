// Walks the chain across every audit file and reports the first place it does not hold.
// Used by `svc audit verify` and by the writer on open (which adopts the verified tail).
//
// Rules (docs/api.md, audit):
// - every line is one JSON event whose `hash` equals chainHash(event);
// - the first event ever has prev_hash ""; every other event's prev_hash is the previous
//   event's hash, across files (chain order = (date, part));
// - ids strictly increase within a chain segment;
// - a chain-break event (request.kind "audit_chain_break", prev_hash "") starts a new segment.
//   It is written by `--audit-start-new-chain` and names the first problem found at that time;
//   when the walk meets that very problem, everything from it up to the break event is skipped
//   as acknowledged. A problem that no later break event names is a failure.
// - a final line without a newline is an incomplete write that was never acknowledged: it is
//   reported as a torn tail (the writer cuts it on open), not as tampering.
import path from 'node:path';
import { promises as fsp } from 'node:fs';
import { chainHash, isChainHash } from './hash.js';
import { listAuditFiles, type AuditFile } from './audit-file-names.js';
import { readLines } from './audit-line-reader.js';
import { isEventId } from './id.js';
import { CHAIN_BREAK_KIND } from './audit-event-builders.js';
import { ANCHOR_EVERY, anchorSignatureValid, readAnchor, type Anchor } from './anchor.js';
import { at } from '../util/invariant.js';
import { SvcError, type SvcErrorOptions } from '../util/errors.js';

export interface ChainProblem {
  file: string;
  line: number;
  problem: string;
}

export interface RecordedBreak {
  /** Where the break event is. */
  file: string;
  line: number;
  /** The problem it acknowledges, as recorded in the event. */
  acknowledges: ChainProblem | null;
}

export interface ChainTail {
  id: string;
  hash: string;
  file: AuditFile;
  line: number;
  /** Offset just past the event's newline. */
  end: number;
}

export interface TornTail {
  file: AuditFile;
  line: number;
  /** Where the incomplete line starts (the size to truncate to). */
  offset: number;
  bytes: number;
  reason: string;
}

export interface VerifyResult {
  ok: boolean;
  /** The first problem that no recorded break acknowledges. */
  problem: ChainProblem | null;
  files: number;
  events: number;
  /** Lines inside broken stretches (acknowledged or not) that could not be verified. */
  skipped: number;
  breaks: RecordedBreak[];
  /** The last event that verified (the writer chains onto it). */
  tail: ChainTail | null;
  /** Largest id seen anywhere, so new ids sort after everything on disk. */
  maxId: string;
  tornTail: TornTail | null;
  /** Lines in the newest file, counting only complete lines before any torn tail. */
  lastFileLines: number;
  anchor: AnchorCheck;
}

export type AnchorCheck =
  | { status: 'none' }
  | { status: 'other-dir'; anchor: Anchor }
  | { status: 'ok'; anchor: Anchor; /** The signature was checked with the anchor key. */ signed?: boolean }
  | { status: 'mismatch'; anchor: Anchor; problem: ChainProblem }
  /** requireAnchor, and the log holds at least ANCHOR_EVERY events but there is no anchor. */
  | { status: 'missing'; problem: string };

export interface VerifyOptions {
  /** Path of audit-anchor.json; checked when it belongs to this audit dir. */
  anchorPath?: string;
  /**
   * Start at a known-good event instead of the first file (the open fast path): its hash is
   * checked, everything before it is trusted.
   */
  from?: { file: string; line: number; offset: number; hash: string };
  /** Treat an unparsable final line like an unterminated one (the writer's recovery rule). */
  tornIfUnparsable?: boolean;
  /** The anchor key: an anchor of this dir must carry a signature made with it. */
  anchorKey?: Buffer | null;
  /** A log of ANCHOR_EVERY or more events must have an anchor (`svc audit verify`). */
  requireAnchor?: boolean;
}

export function isBreakEvent(ev: Record<string, unknown>): boolean {
  const req = ev.request as Record<string, unknown> | undefined;
  return ev.prev_hash === '' && typeof req === 'object' && req !== null && req.kind === CHAIN_BREAK_KIND;
}

function acknowledged(ev: Record<string, unknown>): ChainProblem | null {
  const req = ev.request as Record<string, unknown>;
  if (typeof req.broken_file === 'string' && typeof req.broken_line === 'number') {
    return { file: req.broken_file, line: req.broken_line, problem: String(req.problem ?? '') };
  }
  return null;
}

export class StartMismatch extends SvcError {
  override name = 'StartMismatch';
  constructor(message: string, options?: SvcErrorOptions) {
    super('audit_start_mismatch', message, options);
  }
}

export async function verifyChain(dir: string, opts: VerifyOptions = {}): Promise<VerifyResult> {
  const all = await listAuditFiles(dir);
  const anchor = opts.anchorPath ? await readAnchor(opts.anchorPath) : null;
  const anchorHere = anchor !== null && path.resolve(anchor.dir) === path.resolve(dir);
  let anchorSeen = 'no' as 'no' | 'ok' | ChainProblem; // set by accept()

  const res: VerifyResult = {
    ok: true,
    problem: null,
    files: 0,
    events: 0,
    skipped: 0,
    breaks: [],
    tail: null,
    maxId: '',
    tornTail: null,
    lastFileLines: 0,
    anchor: { status: 'none' },
  };
  const from = opts.from;
  let files = all;
  if (from) {
    const idx = all.findIndex((f) => f.name === from.file);
    if (idx < 0) throw new StartMismatch(`start file ${from.file} not found`);
    files = all.slice(idx);
  }

  let prevHash: string | null = null; // null: the next event must be a genesis (prev_hash "")
  let prevWhere = '';
  let lastId = '';
  let pending: ChainProblem | null = null;
  let startSeen = false;

  const accept = (ev: Record<string, unknown>, file: AuditFile, line: number, end: number) => {
    prevHash = ev.hash as string;
    prevWhere = `${file.name}:${line}`;
    lastId = String(ev.id);
    res.events++;
    res.tail = { id: String(ev.id), hash: String(ev.hash), file, line, end };
    if (anchorHere && anchor.file === file.name && anchor.line === line) {
      anchorSeen =
        ev.hash === anchor.last_hash
          ? 'ok'
          : {
              file: file.name,
              line,
              problem: `the anchor recorded hash ${anchor.last_hash} for this event, the log has ${String(ev.hash)}`,
            };
    }
  };

  for (let fi = 0; fi < files.length; fi++) {
    const file = at(files, fi);
    const isLastFile = fi === files.length - 1;
    const full = path.join(dir, file.name);
    const size = (await fsp.lstat(full)).size;
    res.files++;
    let lines = 0;
    const startHere = from && fi === 0 ? from : undefined;
    const readOpts = startHere ? { start: startHere.offset, firstLine: startHere.line, end: size } : { end: size };
    for await (const ln of readLines(full, readOpts)) {
      const { ev, error } = parseLine(ln.buf, ln.overlong);
      const finalLine = isLastFile && ln.end === size;
      if (!ln.terminated || (error && finalLine && opts.tornIfUnparsable)) {
        if (finalLine) {
          res.tornTail = {
            file,
            line: ln.line,
            offset: ln.start,
            bytes: ln.end - ln.start,
            reason: ln.terminated ? error : 'the last line has no newline (an interrupted write)',
          };
          break;
        }
        pending ??= { file: file.name, line: ln.line, problem: 'line has no newline but later lines or files exist' };
        continue;
      }
      lines = ln.line;
      if (ev && isEventId(ev.id) && ev.id > res.maxId) res.maxId = ev.id;

      if (startHere && ln.start === startHere.offset) {
        // The fast path's first line must be exactly the event we were told about.
        if (!ev || ev.hash !== startHere.hash || chainHash(ev) !== ev.hash) {
          throw new StartMismatch(`${file.name}:${ln.line} is not the event with hash ${startHere.hash}`);
        }
        startSeen = true;
        accept(ev, file, ln.line, ln.end);
        continue;
      }

      if (pending) {
        // Inside a broken stretch: only the break event that names this very problem ends it.
        const p: ChainProblem = pending;
        if (ev && isBreakEvent(ev) && chainHash(ev) === ev.hash) {
          const ack = acknowledged(ev);
          if (ack && ack.file === p.file && ack.line === p.line) {
            res.breaks.push({ file: file.name, line: ln.line, acknowledges: ack });
            pending = null;
            accept(ev, file, ln.line, ln.end);
            continue;
          }
        }
        res.skipped++;
        continue;
      }

      // a line that holds no event starts a broken stretch as any other problem does
      const problem = ev === null ? error : checkEvent(ev, prevHash, lastId, prevWhere, ln.line === 1);
      if (ev !== null && problem === 'break') {
        res.breaks.push({ file: file.name, line: ln.line, acknowledges: acknowledged(ev) });
        accept(ev, file, ln.line, ln.end);
      } else if (ev === null || problem) {
        pending = { file: file.name, line: ln.line, problem };
        res.skipped++;
      } else {
        accept(ev, file, ln.line, ln.end);
      }
    }
    if (isLastFile) res.lastFileLines = lines;
    if (from && fi === 0 && !startSeen) throw new StartMismatch(`${file.name} has no event at offset ${from.offset}`);
  }

  if (anchor && !anchorHere) res.anchor = { status: 'other-dir', anchor };
  else if (anchor && opts.anchorKey && !anchorSignatureValid(anchor, opts.anchorKey)) {
    res.anchor = {
      status: 'mismatch',
      anchor,
      problem: {
        file: anchor.file,
        line: anchor.line,
        problem:
          anchor.sig === undefined
            ? 'the anchor is not signed: it was written by something other than this server (or before anchors were signed)'
            : "the anchor signature does not verify with this data dir's anchor key: the anchor was rewritten",
      },
    };
  } else if (anchor) {
    if (anchorSeen === 'ok' || (anchorSeen === 'no' && from && isBefore(anchor, from, all))) {
      res.anchor = { status: 'ok', anchor, ...(opts.anchorKey ? { signed: true } : {}) };
    } else {
      const problem: ChainProblem =
        anchorSeen !== 'no'
          ? anchorSeen
          : {
              file: anchor.file,
              line: anchor.line,
              problem: `the anchor names event ${anchor.event_id} (${anchor.last_hash}) here, but the log has no such verified event: events were removed`,
            };
      res.anchor = { status: 'mismatch', anchor, problem };
    }
  } else if (opts.requireAnchor && res.events >= ANCHOR_EVERY) {
    res.anchor = {
      status: 'missing',
      problem: `the log holds ${res.events} events but there is no anchor (one is written every ${ANCHOR_EVERY} events): the anchor was removed, perhaps with events after it`,
    };
  }
  res.problem = pending;
  res.ok = pending === null && res.anchor.status !== 'mismatch' && res.anchor.status !== 'missing';
  return res;
}

function parseLine(buf: Buffer, overlong: boolean): { ev: Record<string, unknown> | null; error: string } {
  if (overlong) return { ev: null, error: 'line is longer than any event the writer produces' };
  if (buf.length === 0) return { ev: null, error: 'empty line' };
  try {
    const v = JSON.parse(buf.toString('utf8'));
    if (v && typeof v === 'object' && !Array.isArray(v)) return { ev: v, error: '' };
    return { ev: null, error: 'line is not a JSON object' };
  } catch {
    return { ev: null, error: 'line is not valid JSON' };
  }
}

// On the fast path everything up to the start event was verified before and is trusted.
function isBefore(anchor: Anchor, from: NonNullable<VerifyOptions['from']>, all: AuditFile[]): boolean {
  const ai = all.findIndex((f) => f.name === anchor.file);
  const si = all.findIndex((f) => f.name === from.file);
  return ai >= 0 && (ai < si || (ai === si && anchor.line <= from.line));
}

/** Returns '' when the event links correctly, 'break' for an unacknowledged-but-valid restart. */
function checkEvent(
  ev: Record<string, unknown>,
  prevHash: string | null,
  lastId: string,
  prevWhere: string,
  firstInFile: boolean,
): string {
  if (!isChainHash(ev.hash)) return 'the "hash" member is missing or not "sha256:<64 hex>"';
  if (typeof ev.prev_hash !== 'string') return 'the "prev_hash" member is missing';
  if (!isEventId(ev.id)) return 'the "id" member is missing or not an event id';
  const computed = chainHash(ev);
  if (computed !== ev.hash) return `the event's content does not match its hash (content hashes to ${computed})`;
  if (prevHash === null) {
    if (isBreakEvent(ev)) return 'break';
    if (ev.prev_hash !== '')
      return `the first event must have prev_hash "" but has ${ev.prev_hash}: earlier events or files are missing`;
    return '';
  }
  if (isBreakEvent(ev)) return 'break';
  if (ev.prev_hash !== prevHash) {
    const hint = firstInFile
      ? ': a file between them may have been removed'
      : ': a line may have been removed, inserted or reordered';
    return `prev_hash ${ev.prev_hash || '""'} does not match the previous event (${prevWhere}, hash ${prevHash})${hint}`;
  }
  if (ev.id <= lastId) return `id ${ev.id} is not after the previous id ${lastId}`;
  return '';
}
