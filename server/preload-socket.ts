// The preload socket (CONTRACT.md "Preload socket protocol"): libsvc.so and svc-shim connect once
// per exec, send one JSON line and read one JSON line back.
//
// Holding for approval: while `decide` is still working (an approval is pending, a webhook is
// slow), the listener writes a single space before the reply. The library takes leading
// whitespace as "held": it stops applying its short fail-open timeout and waits for the final
// line (the line stays valid JSON, because JSON allows leading whitespace). `decide` may announce
// the hold itself through ctl.hold(); otherwise it is sent after HOLD_AFTER_MS.
//
// Host hooks (svc-hook, the native fast path of `svc hook HOST`) use the same socket with
// `"kind":"hook"`: the line carries the host's JSON and the reply is what `svc hook` would have
// printed, `{"stdout","stderr","exit"}`. Holding works the same way.
import net from 'node:net';
import { chmodSync, lstatSync, statSync, unlinkSync } from 'node:fs';
import { native } from '../src/util/native.js';
import { MAX_STDIN_BYTES } from '../src/integrations/hooks/run.js';

/** One request line, validated. Unknown extra members are ignored (newer libraries may add some). */
export interface PreloadRequest {
  v: 1;
  tool: 'exec';
  /** Which libc entry point asked: execve, posix_spawnp, system, shell (svc-shim), wrap, ... */
  api?: string;
  agent: string;
  session: string;
  run_id: string;
  /** The command as a user would type it (shell-quoted argv, or the sh -c string). */
  command: string;
  argv: string[];
  path: string;
  cwd: string;
  pid: number;
  ppid: number;
  /** false when the library must not wait for a human (SERVICE_PRELOAD_ASK=deny): answer ask now. */
  wait?: boolean;
  /** The command or argv was longer than the library sends; what arrived is a prefix. */
  truncated?: boolean;
}

export interface PreloadReply {
  decision: 'allow' | 'deny' | 'ask' | 'watch';
  allowed: boolean;
  message: string;
}

/** A host hook forwarded by svc-hook: `svc hook HOST` with `payload` on stdin. */
export interface HookRequest {
  v: 1;
  kind: 'hook';
  host: string;
  /** The host's JSON exactly as the hook read it from stdin. */
  payload: string;
  /** The hook process's working directory. */
  cwd: string;
  /** The hook's SERVICE_* settings and the host's conversation-id variables. */
  env: Record<string, string>;
}

/** What `svc hook` would have written and its exit status. */
export interface HookReply {
  stdout: string;
  stderr: string;
  exit: number;
}

export interface PreloadPeer {
  pid: number;
  uid: number;
}

export interface DecideControl {
  /** Tells the library the reply will take a while (an approval was queued). Idempotent. */
  hold(): void;
  /** Aborted when the library hangs up (it timed out, was killed, or refuses to wait). */
  signal: AbortSignal;
}

export interface PreloadSocketOptions {
  path: string;
  decide(req: PreloadRequest, peer: PreloadPeer, ctl: DecideControl): Promise<PreloadReply>;
  /** Answers `"kind":"hook"` requests; without it they get a usage error. */
  hook?(req: HookRequest, peer: PreloadPeer, ctl: DecideControl): Promise<HookReply>;
  log?: (m: string) => void;
  /** Only this uid may connect (default: our own). */
  ownerUid?: number;
  /** Hold notice sent when decide has not answered by then (default HOLD_AFTER_MS). */
  holdAfterMs?: number;
  /** Drop clients that have not sent their line by then (default REQUEST_READ_TIMEOUT_MS). */
  readTimeoutMs?: number;
}

export const MAX_REQUEST_LINE = 1024 * 1024;
/** svc-hook forwards at most MAX_STDIN_BYTES + 1 bytes of stdin, each escaped to at most 6
 * bytes; lines over MAX_REQUEST_LINE are read this far only when they start with the hook
 * prefix (as svc-hook writes them), so exec requests keep their 1 MiB bound. */
export const MAX_HOOK_LINE = 6 * (MAX_STDIN_BYTES + 1) + 1024 * 1024;
const HOOK_PREFIX = Buffer.from('{"v":1,"kind":"hook"');
const MAX_HOOK_ENV_VARS = 64;
/** Below the library's default 2 s fail-open timeout, above any in-memory evaluation. */
export const HOLD_AFTER_MS = 250;
/** A client that connects but does not finish its line within this is dropped (checked by one
 * sweep every READ_SWEEP_MS rather than a timer per connection, which is on the hot path). */
export const REQUEST_READ_TIMEOUT_MS = 10_000;
const READ_SWEEP_MS = 1_000;
export const MAX_CONNECTIONS = 4096;
const PROBE_TIMEOUT_MS = 500;

const DECISIONS = new Set(['allow', 'deny', 'ask', 'watch']);

function deny(message: string): PreloadReply {
  return { decision: 'deny', allowed: false, message };
}

/** A request line as an object of protocol version 1, or the reason it is not one. */
function parseLine(line: string): Record<string, unknown> | string {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return 'request is not valid JSON';
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return 'request must be a JSON object';
  const o = v as Record<string, unknown>;
  if (o.v !== 1) return 'unsupported protocol version (want "v":1)';
  return o;
}

/** Validates a parsed request line; returns the request or the reason it is malformed. */
export function parsePreloadRequest(line: string): PreloadRequest | string {
  const o = parseLine(line);
  return typeof o === 'string' ? o : execRequest(o);
}

function execRequest(o: Record<string, unknown>): PreloadRequest | string {
  if (o.tool !== 'exec') return 'tool must be "exec"';
  for (const k of ['agent', 'session', 'run_id', 'command', 'path', 'cwd'] as const) {
    if (typeof o[k] !== 'string') return `"${k}" must be a string`;
  }
  if (!Array.isArray(o.argv) || !o.argv.every((a) => typeof a === 'string')) return '"argv" must be an array of strings';
  for (const k of ['pid', 'ppid'] as const) {
    if (!Number.isSafeInteger(o[k]) || (o[k] as number) < 0) return `"${k}" must be a non-negative integer`;
  }
  if (o.api !== undefined && typeof o.api !== 'string') return '"api" must be a string';
  if (o.wait !== undefined && typeof o.wait !== 'boolean') return '"wait" must be a boolean';
  if (o.truncated !== undefined && typeof o.truncated !== 'boolean') return '"truncated" must be a boolean';
  const req: PreloadRequest = {
    v: 1,
    tool: 'exec',
    agent: o.agent as string,
    session: o.session as string,
    run_id: o.run_id as string,
    command: o.command as string,
    argv: o.argv as string[],
    path: o.path as string,
    cwd: o.cwd as string,
    pid: o.pid as number,
    ppid: o.ppid as number,
  };
  if (o.api !== undefined) req.api = o.api as string;
  if (o.wait !== undefined) req.wait = o.wait as boolean;
  if (o.truncated !== undefined) req.truncated = o.truncated as boolean;
  return req;
}

/** Validates a `"kind":"hook"` request; the host name is checked by the handler. */
export function parseHookRequest(line: string): HookRequest | string {
  const o = parseLine(line);
  return typeof o === 'string' ? o : hookRequest(o);
}

function hookRequest(o: Record<string, unknown>): HookRequest | string {
  if (o.kind !== 'hook') return 'kind must be "hook"';
  for (const k of ['host', 'payload'] as const) {
    if (typeof o[k] !== 'string') return `"${k}" must be a string`;
  }
  if (o.cwd !== undefined && typeof o.cwd !== 'string') return '"cwd" must be a string';
  const env: Record<string, string> = {};
  if (o.env !== undefined) {
    if (!o.env || typeof o.env !== 'object' || Array.isArray(o.env)) return '"env" must be an object of strings';
    const entries = Object.entries(o.env as Record<string, unknown>);
    if (entries.length > MAX_HOOK_ENV_VARS) return `"env" holds more than ${MAX_HOOK_ENV_VARS} variables`;
    for (const [k, v] of entries) {
      if (typeof v !== 'string') return '"env" must be an object of strings';
      env[k] = v;
    }
  }
  return { v: 1, kind: 'hook', host: o.host as string, payload: o.payload as string, cwd: (o.cwd as string | undefined) ?? '', env };
}

/** The reply to a hook request that cannot be run: a usage error, as `svc hook` gives one. */
function hookUsage(message: string): HookReply {
  return { stdout: '', stderr: `svc hook: ${message}\n`, exit: 2 };
}

function normalizeHookReply(r: unknown): HookReply {
  const o = r as Partial<HookReply> | null;
  if (!o || typeof o !== 'object' || typeof o.stdout !== 'string' || typeof o.stderr !== 'string' || !Number.isInteger(o.exit) || o.exit! < 0 || o.exit! > 255) {
    return hookUsage('internal error: the server produced no valid hook reply');
  }
  return { stdout: o.stdout, stderr: o.stderr, exit: o.exit! };
}

/** True when the bytes received so far begin with the hook prefix. */
function startsWithHookPrefix(chunks: Buffer[], next: Buffer): boolean {
  const head = Buffer.concat([...chunks.slice(0, HOOK_PREFIX.length), next.subarray(0, HOOK_PREFIX.length)]);
  return head.subarray(0, HOOK_PREFIX.length).equals(HOOK_PREFIX);
}

function normalizeReply(r: unknown): PreloadReply {
  const o = r as Partial<PreloadReply> | null;
  if (!o || typeof o !== 'object' || !DECISIONS.has(o.decision as string) || typeof o.allowed !== 'boolean') {
    return deny('internal error: the server produced no valid decision');
  }
  return { decision: o.decision!, allowed: o.allowed, message: typeof o.message === 'string' ? o.message : '' };
}

/** True when something answers on the socket path (another live server owns it). */
function probe(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const c = net.connect(path);
    const done = (live: boolean) => {
      clearTimeout(timer);
      c.destroy();
      resolve(live);
    };
    // A listener too busy to accept within the probe window is still alive: never delete it.
    const timer = setTimeout(() => done(true), PROBE_TIMEOUT_MS);
    c.once('connect', () => done(true));
    c.once('error', (err: NodeJS.ErrnoException) => done(err.code !== 'ECONNREFUSED' && err.code !== 'ENOENT'));
  });
}

async function clearStale(path: string): Promise<void> {
  let st;
  try {
    st = lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (!st.isSocket()) throw new Error(`${path} exists and is not a socket; refusing to replace it`);
  if (await probe(path)) throw new Error(`another server is already listening on ${path}`);
  unlinkSync(path);
}

function peerOf(sock: net.Socket): PreloadPeer & { gid: number } {
  const fd = (sock as unknown as { _handle?: { fd?: number } })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) throw new Error('no file descriptor for the connection');
  const cred = native().peerCred?.(fd);
  if (!cred) throw new Error('the native addon has no peerCred (rebuild with npm ci)');
  return cred;
}

export async function startPreloadSocket(opts: PreloadSocketOptions): Promise<{ close(): Promise<void> }> {
  const log = opts.log ?? (() => {});
  const ownerUid = opts.ownerUid ?? process.getuid?.() ?? 0;
  const holdAfter = opts.holdAfterMs ?? HOLD_AFTER_MS;
  const readTimeout = opts.readTimeoutMs ?? REQUEST_READ_TIMEOUT_MS;
  const open = new Set<net.Socket>();
  /** Connections still sending their request line, with the time they connected. */
  const reading = new Map<net.Socket, number>();

  await clearStale(opts.path);

  const handle = (sock: net.Socket) => {
    open.add(sock);
    sock.on('close', () => open.delete(sock));
    sock.on('error', () => {}); // the library hanging up mid-reply is normal (timeout, kill)
    let peer: PreloadPeer;
    try {
      const c = peerOf(sock);
      peer = { pid: c.pid, uid: c.uid };
    } catch (err) {
      log(`preload socket: cannot identify a connection (${(err as Error).message}); refused`);
      sock.destroy();
      return;
    }
    if (peer.uid !== ownerUid) {
      log(`preload socket: refused a connection from uid ${peer.uid} (pid ${peer.pid})`);
      sock.destroy();
      return;
    }

    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    reading.set(sock, Date.now());
    sock.on('close', () => reading.delete(sock));
    const stopReading = () => {
      finished = true;
      reading.delete(sock);
    };

    const reply = (r: PreloadReply | HookReply) => {
      if (!sock.destroyed && sock.writable) sock.end(JSON.stringify(r) + '\n');
    };
    const onLine = async (line: string) => {
      const o = parseLine(line);
      if (typeof o !== 'string' && o.kind === 'hook') return onHook(hookRequest(o));
      const req = typeof o === 'string' ? o : execRequest(o);
      if (typeof req === 'string') {
        log(`preload socket: malformed request from pid ${peer.pid}: ${req}`);
        reply(deny(`malformed request: ${req}`));
        return;
      }
      const r = await answer(
        (control) => opts.decide(req, peer, control).then(normalizeReply),
        (err) => {
          log(`preload socket: decide failed: ${err.message}`);
          return deny('internal error while deciding; call blocked');
        },
      );
      reply(r);
    };
    const onHook = async (req: HookRequest | string) => {
      const hook = opts.hook;
      if (typeof req === 'string' || !hook) {
        const why = typeof req === 'string' ? `malformed hook request: ${req}` : 'this socket does not answer hook requests';
        log(`preload socket: ${why} (pid ${peer.pid})`);
        reply(hookUsage(why));
        return;
      }
      const r = await answer(
        (control) => hook(req, peer, control).then(normalizeHookReply),
        (err) => {
          log(`preload socket: hook failed: ${err.message}`);
          return hookUsage('internal error in the server while running the hook');
        },
      );
      reply(r);
    };
    /** Runs one request's work with the hold notice and the hang-up signal. */
    const answer = async <T>(work: (control: DecideControl) => Promise<T>, failed: (err: Error) => T): Promise<T> => {
      // Created only when decide looks at it: an AbortController per exec is measurable.
      let ac: AbortController | undefined;
      let hungUp = false;
      let answered = false;
      sock.once('close', () => {
        hungUp = true;
        // After the reply the close is the normal end: an abort then would only cost a DOMException.
        if (!answered) ac?.abort();
      });
      const control: DecideControl = {
        hold: () => hold(),
        get signal() {
          if (!ac) {
            ac = new AbortController();
            if (hungUp) ac.abort();
          }
          return ac.signal;
        },
      };
      let held = false;
      const hold = () => {
        if (held || answered || sock.destroyed || !sock.writable) return;
        held = true;
        sock.write(' ');
      };
      const holdTimer = setTimeout(hold, holdAfter);
      let r: T;
      try {
        r = await work(control);
      } catch (err) {
        r = failed(err as Error);
      }
      answered = true;
      clearTimeout(holdTimer);
      return r;
    };

    let limit = MAX_REQUEST_LINE;
    sock.on('data', (d: Buffer) => {
      if (finished) return;
      const nl = d.indexOf(0x0a);
      const take = nl < 0 ? d : d.subarray(0, nl);
      size += take.length;
      if (size > limit && limit === MAX_REQUEST_LINE && opts.hook && startsWithHookPrefix(chunks, take)) limit = MAX_HOOK_LINE;
      if (size > limit) {
        stopReading();
        log(`preload socket: request from pid ${peer.pid} exceeds ${limit} bytes`);
        reply(limit === MAX_REQUEST_LINE ? deny(`request larger than ${limit} bytes`) : hookUsage(`hook request larger than ${limit} bytes`));
        return;
      }
      chunks.push(take);
      if (nl < 0) return;
      stopReading();
      void onLine(Buffer.concat(chunks).toString('utf8'));
    });
    sock.on('end', () => {
      if (finished) return;
      stopReading();
      if (size > 0) reply(deny('malformed request: no newline before end of stream'));
      else sock.end();
    });
  };

  // No half-open connections: the library keeps its side open until the reply, so an EOF from
  // the client means it hung up (timeout, kill, SERVICE_PRELOAD_ASK=deny) and must abort decide.
  const server = net.createServer({ allowHalfOpen: false }, handle);
  server.maxConnections = MAX_CONNECTIONS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => log(`preload socket: ${err.message}`));
  chmodSync(opts.path, 0o600);
  const sweep = setInterval(() => {
    const cutoff = Date.now() - readTimeout;
    for (const [s, since] of reading) if (since < cutoff) s.destroy();
  }, Math.min(READ_SWEEP_MS, Math.max(10, readTimeout / 2)));
  sweep.unref();
  const ino = statSync(opts.path).ino;
  log(`preload socket listening on ${opts.path}`);

  let closing: Promise<void> | null = null;
  return {
    close() {
      closing ??= (async () => {
        clearInterval(sweep);
        // Pending decides are aborted through their connection's 'close', which fires after the
        // server's own close callback; wait for both so callers see a quiet listener.
        const drained = [...open].map((s) => new Promise<void>((r) => s.once('close', () => r())));
        const stopped = new Promise<void>((r) => server.close(() => r()));
        for (const s of open) s.destroy();
        await Promise.all([stopped, ...drained]);
        // remove the file only if it is still ours (a successor may have replaced it)
        try {
          if (statSync(opts.path).ino === ino) unlinkSync(opts.path);
        } catch {
          /* already gone */
        }
      })();
      return closing;
    },
  };
}
