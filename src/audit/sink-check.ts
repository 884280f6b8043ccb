// `svc audit verify --against-sink FILE`: the log is compared with the copy a sink keeps off the
// box (a syslog file, or any file with one JSON event or anchor per line, prefixed or not by a
// syslog header, the CEF lines of --cef, or a webhook receiver's file of one POST body per line). Every event the sink saw must still be in the log with the same hash; the
// newest one the sink has is the proof that nothing after it was cut from the local log, which an
// anchor (written every 100 events) cannot give.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { isChainHash } from './hash.js';
import { listAuditFiles } from './audit-file-names.js';
import { readLines } from './audit-line-reader.js';
import { isEventId } from './id.js';

export interface SinkEntry {
  id: string;
  hash: string;
  /** 'event' or 'anchor'; where in the sink file. */
  kind: 'event' | 'anchor';
  line: number;
}

export interface SinkCheck {
  ok: boolean;
  /** Events and anchors read from the sink copy. */
  entries: number;
  /** The newest entry of the sink copy (by event id). */
  newest: SinkEntry | null;
  problem: string | null;
}

/** The JSON objects of a sink line: the whole line, what follows a syslog header, or the
 * elements of a JSON array (a webhook receiver that keeps each POST body as one line). */
function jsonOf(line: string): Record<string, unknown>[] {
  const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
  const trimmed = line.trimStart();
  if (trimmed.startsWith('[')) {
    try {
      const v: unknown = JSON.parse(trimmed);
      return Array.isArray(v) ? v.filter(isObject) : [];
    } catch {
      return [];
    }
  }
  const at = line.indexOf('{');
  if (at < 0) return [];
  try {
    const v: unknown = JSON.parse(line.slice(at));
    return isObject(v) ? [v] : [];
  } catch {
    return [];
  }
}

/** Id and hash of a CEF line (`--cef`): externalId and cs6; `act=anchor` marks an anchor. */
function cefOf(line: string): Omit<SinkEntry, 'line'> | null {
  if (!line.includes('CEF:0|svc|')) return null;
  const id = /(?:^|[| ])externalId=([0-9A-Za-z]+)/.exec(line)?.[1];
  const hash = /(?:^|[| ])cs6=(sha256:[0-9a-f]{64})/.exec(line)?.[1];
  if (!isEventId(id) || !isChainHash(hash)) return null;
  return { id, hash, kind: /(?:^|[| ])act=anchor(?: |$)/.test(line) ? 'anchor' : 'event' };
}

export async function readSinkCopy(file: string): Promise<SinkEntry[]> {
  const out: SinkEntry[] = [];
  const rl = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let n = 0;
  for await (const line of rl) {
    n++;
    const cef = cefOf(line);
    if (cef) {
      out.push({ ...cef, line: n });
      continue;
    }
    for (const v of jsonOf(line)) {
      if (isEventId(v.id) && isChainHash(v.hash))
        out.push({ id: v.id as string, hash: v.hash as string, kind: 'event', line: n });
      else if (isEventId(v.event_id) && isChainHash(v.last_hash))
        out.push({ id: v.event_id as string, hash: v.last_hash as string, kind: 'anchor', line: n });
    }
  }
  return out;
}

export async function checkAgainstSink(auditDir: string, sinkFile: string): Promise<SinkCheck> {
  const entries = await readSinkCopy(sinkFile);
  if (!entries.length) {
    return {
      ok: false,
      entries: 0,
      newest: null,
      problem: `${sinkFile} holds no audit events or anchors to compare with`,
    };
  }
  const want = new Map<string, SinkEntry>();
  for (const e of entries) if (!want.has(e.id)) want.set(e.id, e);
  const newest = entries.reduce((a, e) => (e.id > a.id ? e : a));
  // One pass over the log, keeping only the hashes of the ids the sink names.
  const have = new Map<string, string>();
  for (const f of await listAuditFiles(auditDir)) {
    for await (const ln of readLines(path.join(auditDir, f.name), {})) {
      try {
        const ev = JSON.parse(ln.buf.toString('utf8')) as { id?: string; hash?: string };
        if (typeof ev.id === 'string' && typeof ev.hash === 'string' && want.has(ev.id)) have.set(ev.id, ev.hash);
      } catch {
        /* a damaged line is the chain check's to report */
      }
    }
  }
  const missing = entries.filter((e) => !have.has(e.id));
  const differ = entries.filter((e) => have.has(e.id) && have.get(e.id) !== e.hash);
  let problem: string | null = null;
  if (!have.has(newest.id)) {
    problem =
      `the sink has event ${newest.id} (${newest.kind}, ${path.basename(sinkFile)}:${newest.line}) that the log does not: events were cut from the end of the log` +
      (missing.length > 1 ? ` (${missing.length} of the sink's ${entries.length} entries are missing)` : '');
  } else if (missing[0]) {
    const m = missing[0];
    problem = `the sink has event ${m.id} (${path.basename(sinkFile)}:${m.line}) that the log does not (${missing.length} missing): events were removed`;
  } else if (differ[0]) {
    const d = differ[0];
    problem = `event ${d.id} has hash ${have.get(d.id)} in the log but ${d.hash} in the sink (${path.basename(sinkFile)}:${d.line}): the log was rewritten`;
  }
  return { ok: problem === null, entries: entries.length, newest, problem };
}
