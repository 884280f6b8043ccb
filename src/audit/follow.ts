// Following the log live for `svc audit tail`: the newest file on disk (polled, so it works with
// no server, across rotation and day changes), or the server's SSE stream. Events are redacted
// before anything is printed.
import path from 'node:path';
import { promises as fsp } from 'node:fs';
import { compareFiles, listAuditFiles, parseFileName } from './audit-file-names.js';
import { readLines, readLinesBackward, CHUNK_BYTES } from './audit-line-reader.js';
import { redactEventForDisplay } from './display.js';
import type { AuditEvent } from './types.js';
import { at } from '../util/invariant.js';
import { table } from '../util/lookup-table.js';

export type Printer = (ev: AuditEvent) => void;

/** How often the disk follower looks for new lines and files. */
export const POLL_MS = 250;
const RECONNECT_MS = 1000;
const MAX_SUMMARY = 120;

export interface Position {
  file: string | null;
  offset: number;
}

const COLORS: Record<string, string> = table({
  deny: '31',
  ask: '33',
  watch: '36',
  allow: '32',
  chain_break: '31;1',
  recovered: '35',
});

/** Untrusted text on one line: control characters escaped, long text cut. */
function clean(v: unknown, max = Infinity): string {
  const s = String(v ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) =>
    c === '\n' ? '\\n' : c === '\t' ? ' ' : '?',
  );
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** One line per event: time (UTC), decision, tool, agent/session #run, what, [policy] message. */
export function formatEvent(ev: AuditEvent, color = false): string {
  const req = (ev.request ?? {}) as Record<string, unknown>;
  const action = String(ev.decision?.action ?? '');
  const time = String(ev.timestamp ?? '')
    .replace('T', ' ')
    .replace(/Z$/, '');
  const who =
    clean(ev.agent) + (ev.session ? `/${clean(ev.session)}` : '') + (ev.run_id ? ` #${clean(ev.run_id)}` : '');
  const what = req.command ?? req.path ?? req.file_path ?? req.url ?? req.action ?? req.kind ?? '';
  const phase = req.service_phase === 'response' ? ' (response)' : '';
  const policy = ev.decision?.matched_policies?.[0];
  const verb = action.toUpperCase().padEnd(6);
  const tag = color ? `\x1b[${COLORS[action] ?? '2'}m${verb}\x1b[0m` : verb;
  const parts = [time, tag, clean(ev.tool) + phase, who, clean(what, MAX_SUMMARY)];
  const tailText = [policy ? `[${clean(policy)}]` : '', clean(ev.decision?.message, MAX_SUMMARY)]
    .filter(Boolean)
    .join(' ');
  if (tailText) parts.push(color ? `\x1b[2m${tailText}\x1b[0m` : tailText);
  return parts.filter((p) => p !== '').join('  ');
}

function parse(buf: Buffer): AuditEvent | null {
  try {
    const ev = JSON.parse(buf.toString('utf8'));
    return ev && typeof ev === 'object' && ev.decision ? ev : null;
  } catch {
    return null;
  }
}

/** Offset just past the last newline of a file (where a follower starts). */
async function completeEnd(file: string): Promise<number> {
  const fh = await fsp.open(file, 'r');
  try {
    let pos = (await fh.stat()).size;
    const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    while (pos > 0) {
      const size = Math.min(CHUNK_BYTES, pos);
      const { bytesRead } = await fh.read(chunk, 0, size, pos - size);
      const nl = chunk.subarray(0, bytesRead).lastIndexOf(0x0a);
      if (nl >= 0) return pos - size + nl + 1;
      pos -= size;
    }
    return 0;
  } finally {
    await fh.close();
  }
}

/** Prints the last `n` events (oldest first) and returns where following should continue. */
export async function lastEvents(dir: string, n: number, print: Printer): Promise<Position> {
  const files = await listAuditFiles(dir);
  const newest = files.at(-1);
  if (!newest) return { file: null, offset: 0 };
  const start: Position = { file: newest.name, offset: await completeEnd(path.join(dir, newest.name)) };
  const picked: AuditEvent[] = [];
  for (let i = files.length - 1; i >= 0 && picked.length < n; i--) {
    const end = i === files.length - 1 ? start.offset : undefined;
    for await (const buf of readLinesBackward(path.join(dir, at(files, i).name), end)) {
      const ev = parse(buf);
      if (ev) picked.push(ev);
      if (picked.length >= n) break;
    }
  }
  for (const ev of picked.reverse()) print(redactEventForDisplay(ev));
  return start;
}

async function readNew(file: string, offset: number, print: Printer): Promise<number> {
  let at = offset;
  for await (const ln of readLines(file, { start: offset })) {
    if (!ln.terminated) break; // still being written; read it whole next time
    const ev = parse(ln.buf);
    if (ev) print(redactEventForDisplay(ev));
    at = ln.end;
  }
  return at;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/** Polls for new complete lines in the current file and for newer files, until aborted. */
export async function followDisk(
  dir: string,
  start: Position,
  print: Printer,
  signal: AbortSignal,
  pollMs = POLL_MS,
): Promise<void> {
  let { file, offset } = start;
  while (!signal.aborted) {
    try {
      const files = await listAuditFiles(dir);
      const cur = file ? parseFileName(file) : null;
      if (cur && files.some((f) => f.name === cur.name))
        offset = await readNew(path.join(dir, cur.name), offset, print);
      for (const f of files.filter((x) => !cur || compareFiles(x, cur) > 0)) {
        file = f.name;
        offset = await readNew(path.join(dir, f.name), 0, print);
      }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    await sleep(pollMs, signal);
  }
}

/**
 * Prints `audit` messages of GET /v1/events/stream until aborted, reconnecting after a drop.
 * Resolves 0 when stopped, 1 when the server refuses the token.
 */
export async function followSse(
  base: string,
  token: string,
  print: Printer,
  signal: AbortSignal,
  warn: (m: string) => void,
): Promise<number> {
  let announced = false;
  while (!signal.aborted) {
    try {
      const res = await fetch(`${base}/v1/events/stream`, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal,
      });
      if (res.status === 401 || res.status === 403) {
        warn(`the server at ${base} refused the token (${res.status})`);
        return 1;
      }
      if (!res.ok || !res.body) throw new Error(`the server answered ${res.status}`);
      announced = false;
      const decoder = new TextDecoder();
      let text = '';
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let sep: number;
        while ((sep = text.indexOf('\n\n')) >= 0) {
          const frame = text.slice(0, sep);
          text = text.slice(sep + 2);
          for (const line of frame.split('\n')) {
            if (!line.startsWith('data:')) continue;
            try {
              const msg = JSON.parse(line.slice(5).trim());
              if (msg?.type === 'audit' && msg.event) print(redactEventForDisplay(msg.event));
            } catch {
              /* not JSON: ignore */
            }
          }
        }
      }
      if (!signal.aborted) warn('the stream ended; reconnecting');
    } catch (err) {
      if (signal.aborted) break;
      if (!announced) warn(`cannot follow ${base}/v1/events/stream (${(err as Error).message}); retrying`);
      announced = true;
    }
    await sleep(RECONNECT_MS, signal);
  }
  return 0;
}
