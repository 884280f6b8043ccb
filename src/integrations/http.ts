// The one HTTP call the hook and the MCP proxy need: JSON in, JSON out, with a hard deadline
// and a bounded reply. A hook is a new process per tool call, so this speaks HTTP/1.1 over a
// plain TCP socket: node:http costs several milliseconds of set-up on its first request, and
// fetch (undici) more. https URLs, which are rare for a local server, use node:https.
import { connect } from 'node:net';
import { SvcError, type SvcErrorOptions } from '../util/errors.js';

/** Replies larger than this are refused rather than buffered. */
export const MAX_REPLY_BYTES = 4 * 1024 * 1024;
const MAX_HEADER_BYTES = 64 * 1024;

export interface JsonReply {
  status: number;
  body: any;
}

/** The server could not be reached or did not answer in time (as opposed to answering "no"). */
export class UnreachableError extends SvcError {
  override name = 'UnreachableError';
  constructor(message: string, options?: SvcErrorOptions) {
    super('server_unreachable', message, options);
  }
}

export interface CallOptions {
  token?: string;
  timeoutMs: number;
}

export async function callJson(
  baseUrl: string,
  method: string,
  path: string,
  body: unknown,
  opts: CallOptions,
): Promise<JsonReply> {
  const url = new URL(baseUrl + path);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers: Record<string, string> = { accept: 'application/json' };
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
  }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const raw =
    url.protocol === 'https:'
      ? await viaHttps(url, method, headers, payload, opts.timeoutMs)
      : await viaSocket(url, method, headers, payload, opts.timeoutMs);
  const text = raw.body.toString('utf8');
  let parsed: unknown = undefined;
  if (text.trim()) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = { error: text.slice(0, 200) };
    }
  }
  return { status: raw.status, body: parsed };
}

interface RawReply {
  status: number;
  body: Buffer;
}

function viaSocket(
  url: URL,
  method: string,
  headers: Record<string, string>,
  payload: Buffer | undefined,
  timeoutMs: number,
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const socket = connect({ host, port: Number(url.port || 80) });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (err: Error | null, reply?: RawReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else if (reply) resolve(reply);
      else reject(new UnreachableError(`no reply from ${url.host}`));
    };
    const timer = setTimeout(
      () => finish(new UnreachableError(`no reply from ${url.host} within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const settle = (ended: boolean) => {
      try {
        const done = parseReply(Buffer.concat(chunks), ended);
        if (done) finish(null, done);
        else if (ended) finish(new UnreachableError(`incomplete reply from ${url.host}`));
      } catch (err) {
        finish(err as Error);
      }
    };
    socket.on('connect', () => {
      let head = `${method} ${url.pathname}${url.search} HTTP/1.1\r\nhost: ${url.host}\r\nconnection: close\r\n`;
      for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
      socket.write(head + '\r\n');
      if (payload) socket.write(payload);
    });
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REPLY_BYTES + MAX_HEADER_BYTES)
        return finish(new UnreachableError(`reply from ${url.host} exceeds ${MAX_REPLY_BYTES} bytes`));
      chunks.push(chunk);
      // Answer as soon as the body is complete; the server's FIN need not be waited for.
      settle(false);
    });
    socket.on('end', () => settle(true));
    socket.on('error', (err: NodeJS.ErrnoException) =>
      finish(new UnreachableError(`${url.host}: ${err.code ?? err.message}`, { cause: err })),
    );
  });
}

/** A complete HTTP/1.1 reply from `buf`, or null while more bytes are needed. */
export function parseReply(buf: Buffer, ended: boolean): RawReply | null {
  const sep = buf.indexOf('\r\n\r\n');
  if (sep < 0) {
    if (buf.length > MAX_HEADER_BYTES) throw new UnreachableError('reply headers too large');
    return null;
  }
  const lines = buf.subarray(0, sep).toString('latin1').split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
  if (!m) throw new UnreachableError(`not an HTTP reply: ${JSON.stringify((lines[0] ?? '').slice(0, 60))}`);
  const status = Number(m[1]);
  const hdr = new Map<string, string>();
  for (const l of lines.slice(1)) {
    const i = l.indexOf(':');
    if (i > 0) hdr.set(l.slice(0, i).trim().toLowerCase(), l.slice(i + 1).trim());
  }
  const rest = buf.subarray(sep + 4);
  if (/chunked/i.test(hdr.get('transfer-encoding') ?? '')) return dechunk(rest, status);
  const len = hdr.get('content-length');
  if (len !== undefined) {
    const n = Number(len);
    if (!Number.isInteger(n) || n < 0 || n > MAX_REPLY_BYTES) throw new UnreachableError(`bad content-length ${len}`);
    return rest.length >= n ? { status, body: rest.subarray(0, n) } : null;
  }
  if (status === 204 || status === 304) return { status, body: Buffer.alloc(0) };
  return ended ? { status, body: rest } : null;
}

function dechunk(buf: Buffer, status: number): RawReply | null {
  const parts: Buffer[] = [];
  let pos = 0;
  for (;;) {
    const eol = buf.indexOf('\r\n', pos);
    if (eol < 0) return null;
    const n = parseInt(buf.subarray(pos, eol).toString('latin1'), 16);
    if (!Number.isFinite(n) || n < 0) throw new UnreachableError('bad chunked encoding');
    if (n === 0) return { status, body: Buffer.concat(parts) };
    if (buf.length < eol + 2 + n + 2) return null;
    parts.push(buf.subarray(eol + 2, eol + 2 + n));
    pos = eol + 2 + n + 2;
  }
}

async function viaHttps(
  url: URL,
  method: string,
  headers: Record<string, string>,
  payload: Buffer | undefined,
  timeoutMs: number,
): Promise<RawReply> {
  const { request } = await import('node:https');
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (err: Error | null, reply?: RawReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else if (reply) resolve(reply);
      else reject(new UnreachableError(`no reply from ${url.host}`));
    };
    const req = request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_REPLY_BYTES) {
          req.destroy();
          finish(new UnreachableError(`reply from ${url.host} exceeds ${MAX_REPLY_BYTES} bytes`));
        } else chunks.push(c);
      });
      res.on('end', () => finish(null, { status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', (err) => finish(new UnreachableError(err.message, { cause: err })));
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish(new UnreachableError(`no reply from ${url.host} within ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish(new UnreachableError(`${url.host}: ${err.code ?? err.message}`, { cause: err })),
    );
    req.end(payload);
  });
}

/** Short human text for an error reply body of the server. */
export function replyError(reply: JsonReply): string {
  const b = reply.body;
  const text = b && typeof b === 'object' ? (b.error ?? b.message) : undefined;
  return `HTTP ${reply.status}${text ? `: ${String(text)}` : ''}`;
}
