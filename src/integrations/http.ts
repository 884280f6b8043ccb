// The one HTTP call the hook and the MCP proxy need: JSON in, JSON out, with a hard deadline
// and a bounded reply. node:http rather than fetch because undici's start-up cost lands on
// every hook invocation.
import { request as httpRequest, type RequestOptions, type IncomingMessage } from 'node:http';

/** Replies larger than this are refused rather than buffered. */
export const MAX_REPLY_BYTES = 4 * 1024 * 1024;

export interface JsonReply {
  status: number;
  body: any;
}

/** The server could not be reached or did not answer in time (as opposed to answering "no"). */
export class UnreachableError extends Error {}

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
  const send = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  const options: RequestOptions = { method, headers, agent: false };

  return new Promise<JsonReply>((resolvePromise, reject) => {
    let settled = false;
    const finish = (err: Error | null, reply?: JsonReply) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) reject(err);
      else resolvePromise(reply!);
    };
    const req = send(url, options, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_REPLY_BYTES) {
          req.destroy();
          finish(new UnreachableError(`reply from ${url.host} exceeds ${MAX_REPLY_BYTES} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: unknown = undefined;
        if (text.trim()) {
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = { error: text.slice(0, 200) };
          }
        }
        finish(null, { status: res.statusCode ?? 0, body: parsed });
      });
      res.on('error', (err) => finish(new UnreachableError(err.message)));
    });
    const timer = setTimeout(() => {
      req.destroy();
      finish(new UnreachableError(`no reply from ${url.host} within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) => finish(new UnreachableError(`${url.host}: ${err.code ?? err.message}`)));
    req.end(payload);
  });
}

/** Short human text for an error reply body of the server. */
export function replyError(reply: JsonReply): string {
  const b = reply.body;
  const text = b && typeof b === 'object' ? (b.error ?? b.message) : undefined;
  return `HTTP ${reply.status}${text ? `: ${String(text)}` : ''}`;
}
