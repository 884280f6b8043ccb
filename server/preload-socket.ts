// The preload socket (docs/preload.md): libsvc.so and svc-shim connect once
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
import { chmodSync, lstatSync, renameSync, rmSync, statSync, unlinkSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MAX_STDIN_BYTES } from '../src/integrations/hooks/hook-run.js';
import {
  defaultTransport,
  openTransport,
  type Transport,
  type TransportEvents,
  type TransportKind,
} from './preload-transport.js';
import { warmSystemIndex } from './preload-exec.js';

/** How long after start the system program index is built (it costs ~0.1 s of CPU). */
const WARM_INDEX_DELAY_MS = 1_000;

/** One request line, validated. Unknown extra members are ignored (newer libraries may add some). */
export interface PreloadRequest {
  /** 1, or 2 from libraries that also send exe, exe_id and env. */
  v: 1 | 2;
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
  /** v2: the file that really runs, every symbolic link (and /proc/self/fd/N) resolved. */
  exe?: string;
  /** v2: "sha256:<hex>" of the content of `exe` (absent for a file too large to hash at every exec). */
  exe_id?: string;
  /** v2: the size of `exe` in bytes, sent with it. */
  exe_size?: number;
  /** v2: variables that make a program run code, which this exec adds or changes. */
  env?: Record<string, string>;
}

export interface PreloadReply {
  decision: 'allow' | 'deny' | 'ask' | 'watch';
  allowed: boolean;
  message: string;
  /**
   * Not sent: decide may say the same request will always get this answer (a deterministic
   * policy set's allow), so the listener may give it again without asking (see preload_listener.cc).
   */
  cacheable?: boolean;
  /**
   * Not sent: with `cacheable`, how to audit an identical request the listener answered from its
   * cache, without deciding it again. Without it such a request is decided again for its record.
   */
  repeat?: (exec: RepeatedExec) => void;
}

/** A request answered from the reply cache: what differs from the one its reply was decided for. */
export interface RepeatedExec {
  peer: PreloadPeer;
  /** The line's "pid" and "ppid"; undefined where they were the same as in the decided request. */
  pid?: number;
  ppid?: number;
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
  /** True when the library was already answered from the cache (decide for the record only). */
  answered?: boolean;
}

export interface PreloadSocketOptions {
  path: string;
  /** Decides a request. With ctl.answered the library already has its (cached) answer: decide it
   * again for the audit, but do not wait for a human. */
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
  /** Who moves the bytes (default: the native listener where the addon has one). */
  transport?: TransportKind;
  /** Open connections at most (default MAX_CONNECTIONS); past it newcomers get OVERLOADED_REPLY. */
  maxConnections?: number;
  /** Idle connections per uid (default MAX_IDLE_PER_UID). */
  maxIdlePerUid?: number;
  /** Called when the socket file was removed or replaced and the listener re-created it, or could
   * not (`recreated` false): the caller puts it on the record. */
  onSocketLost?(what: { reason: string; recreated: boolean }): void;
  /** How often the socket file is checked besides the directory watch (default SOCKET_CHECK_MS). */
  socketCheckMs?: number;
}

/** The socket file is checked this often, in case the directory watch missed its removal. */
export const SOCKET_CHECK_MS = 1000;
/** `repeat` functions kept for cached replies (the listener keeps at most 4096 replies). */
const MAX_REPEATS = 4096;
/** Connection ids of successive listeners on the path are kept apart by this factor. */
const ID_SPACE = 2 ** 32;
/** Socket files re-created at most this often in one server's life; past it the loss is only
 * reported (execs are then refused or waved through by the library's fail-open rule). */
export const MAX_SOCKET_RECREATE = 64;

/** Exec lines carry argv up to the kernel's argument limit (about 2 MiB) twice, as the command and
 * as argv, plus JSON escaping: 8 MiB leaves room for that (preload/svc_check.h budgets). */
export const MAX_REQUEST_LINE = 8 * 1024 * 1024;
/** svc-hook forwards at most MAX_STDIN_BYTES + 1 bytes of stdin, each escaped to at most 6
 * bytes; lines over MAX_REQUEST_LINE are read this far only when they start with the hook
 * prefix (as svc-hook writes them), so exec requests keep their 1 MiB bound. */
export const MAX_HOOK_LINE = 6 * (MAX_STDIN_BYTES + 1) + 1024 * 1024;
const MAX_HOOK_ENV_VARS = 64;
/** Below the library's default 2 s fail-open timeout, above any in-memory evaluation. */
export const HOLD_AFTER_MS = 250;
/** A client that connects but does not finish its line within this is dropped (checked by one
 * periodic sweep rather than a timer per connection, which would be on the hot path). */
export const REQUEST_READ_TIMEOUT_MS = 10_000;
export const MAX_CONNECTIONS = 4096;
/** Connections of one uid that have not sent their line: past this the oldest is turned away
 * with OVERLOADED, so idle connections cannot crowd out the requests that follow. A library
 * client writes its line right after connecting, so only stalled or hostile clients count. */
export const MAX_IDLE_PER_UID = 64;
/** At most this many environment variables in a v2 request (the library sends a few). */
const MAX_ENV_VARS = 256;
/** The refusal for a connection turned away for load: the library retries it briefly. */
export const OVERLOADED_REPLY =
  JSON.stringify({
    decision: 'deny',
    allowed: false,
    code: 'overloaded',
    message: 'svc server overloaded; try again',
  }) + '\n';
const PROBE_TIMEOUT_MS = 500;

const DECISIONS: ReadonlySet<unknown> = new Set<PreloadReply['decision']>(['allow', 'deny', 'ask', 'watch']);
const isDecision = (v: unknown): v is PreloadReply['decision'] => DECISIONS.has(v);
const NEVER_ABORTED = new AbortController().signal;

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
  if (o.v !== 1 && o.v !== 2) return 'unsupported protocol version (want "v":1 or "v":2)';
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
  if (!Array.isArray(o.argv) || !o.argv.every((a) => typeof a === 'string'))
    return '"argv" must be an array of strings';
  for (const k of ['pid', 'ppid'] as const) {
    if (!Number.isSafeInteger(o[k]) || (o[k] as number) < 0) return `"${k}" must be a non-negative integer`;
  }
  if (o.api !== undefined && typeof o.api !== 'string') return '"api" must be a string';
  if (o.wait !== undefined && typeof o.wait !== 'boolean') return '"wait" must be a boolean';
  if (o.truncated !== undefined && typeof o.truncated !== 'boolean') return '"truncated" must be a boolean';
  for (const k of ['exe', 'exe_id'] as const) {
    if (o[k] !== undefined && typeof o[k] !== 'string') return `"${k}" must be a string`;
  }
  if (o.exe_size !== undefined && (!Number.isSafeInteger(o.exe_size) || (o.exe_size as number) < 0))
    return '"exe_size" must be a non-negative integer';
  let env: Record<string, string> | undefined;
  if (o.env !== undefined) {
    if (!o.env || typeof o.env !== 'object' || Array.isArray(o.env)) return '"env" must be an object of strings';
    const entries = Object.entries(o.env as Record<string, unknown>);
    if (entries.length > MAX_ENV_VARS) return `"env" holds more than ${MAX_ENV_VARS} variables`;
    env = {};
    for (const [k, val] of entries) {
      if (typeof val !== 'string' || k === '' || k.includes('=')) return '"env" must map variable names to strings';
      env[k] = val;
    }
  }
  const req: PreloadRequest = {
    v: o.v as 1 | 2,
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
  if (o.exe !== undefined) req.exe = o.exe as string;
  if (o.exe_id !== undefined) req.exe_id = o.exe_id as string;
  if (o.exe_size !== undefined) req.exe_size = o.exe_size as number;
  if (env) req.env = env;
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
  return {
    v: 1,
    kind: 'hook',
    host: o.host as string,
    payload: o.payload as string,
    cwd: (o.cwd as string | undefined) ?? '',
    env,
  };
}

/** The reply to a hook request that cannot be run: a usage error, as `svc hook` gives one. */
function hookUsage(message: string): HookReply {
  return { stdout: '', stderr: `svc hook: ${message}\n`, exit: 2 };
}

function normalizeHookReply(r: unknown): HookReply {
  const o = r as Partial<HookReply> | null;
  if (
    !o ||
    typeof o !== 'object' ||
    typeof o.stdout !== 'string' ||
    typeof o.stderr !== 'string' ||
    typeof o.exit !== 'number' ||
    !Number.isInteger(o.exit) ||
    o.exit < 0 ||
    o.exit > 255
  ) {
    return hookUsage('internal error: the server produced no valid hook reply');
  }
  return { stdout: o.stdout, stderr: o.stderr, exit: o.exit };
}

function normalizeReply(r: unknown): PreloadReply {
  const o = r as Partial<PreloadReply> | null;
  if (!o || typeof o !== 'object' || !isDecision(o.decision) || typeof o.allowed !== 'boolean') {
    return deny('internal error: the server produced no valid decision');
  }
  return { decision: o.decision, allowed: o.allowed, message: typeof o.message === 'string' ? o.message : '' };
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

export interface PreloadSocket {
  /** Forgets every cached answer; call it whenever the decisions could change (policy reload). */
  clearCache(): void;
  /**
   * Answers given from the cache so far, and how many are kept; of the answered ones that reached
   * this side, how many were recorded from their reply's `repeat` and how many decided again.
   */
  stats(): { hits: number; cached: number; recorded: number; decided_again: number };
  close(): Promise<void>;
}

/**
 * 0600, or 0660 in the protected layout (docs/protected-mode.md): a setgid directory of the
 * server's own that nobody else can write, so the socket's group is the agents' group and only
 * they may connect, and nobody but the server can replace the socket.
 */
/** sun_path's size on macOS (Linux allows 108), less the terminating NUL byte. */
const MAX_SOCKET_PATH = 103;

/** The name a listener is bound under before it is renamed onto `path`: in the same directory
 * (rename is atomic only there), unique to this process and generation, and no longer than the
 * kernel's socket path limit allows; failing that, the path itself. */
function privateName(path: string, gen: number): string {
  const p = join(dirname(path), `.${basename(path)}.${process.pid}.${gen}`);
  return Buffer.byteLength(p) < MAX_SOCKET_PATH ? p : path;
}

function socketMode(path: string): number {
  try {
    const st = statSync(dirname(path));
    if (st.mode & 0o2000 && (st.mode & 0o022) === 0 && st.uid === process.getuid?.()) return 0o660;
  } catch {
    // The socket exists, so its directory does; fall through to the private mode.
  }
  return 0o600;
}

export async function startPreloadSocket(opts: PreloadSocketOptions): Promise<PreloadSocket> {
  const log = opts.log ?? (() => {});
  const holdAfter = opts.holdAfterMs ?? HOLD_AFTER_MS;

  await clearStale(opts.path);

  /** Requests being decided, by connection id: what a hang-up must abort. */
  const pending = new Map<number, { hungUp: boolean; ac?: AbortController }>();

  // A listener per socket file: the first, then one more each time the file was removed or
  // replaced (the old one keeps serving the connections it holds until they are answered). Ids
  // are generation * ID_SPACE + the listener's own id.
  const listeners = new Map<number, { t: Transport; ino: number; retiring: boolean; kind: TransportKind }>();
  let gen = 0;
  const reply = (id: number, text: string, end: boolean, cacheable = false, record = 0) =>
    listeners.get(Math.floor(id / ID_SPACE))?.t.reply(id % ID_SPACE, text, end, cacheable, record) ?? false;
  const clearAllCaches = () => {
    for (const l of listeners.values()) l.t.clearCache();
  };
  const send = (id: number, r: PreloadReply | HookReply, cacheable = false, record = 0) =>
    reply(id, JSON.stringify(r) + '\n', true, cacheable, record);

  // How to audit the lines answered from a cached reply, by the record id given with it. Not
  // emptied with the cache: lines answered before a reload still arrive afterwards, and their
  // record is the decision they were answered with. When full, this table and the listeners'
  // caches are emptied together (dropping the oldest one at a time costs a scan over the Map's
  // deleted slots per exec), so no kept reply is left without its record; a line answered just
  // before is decided again for its record.
  const repeats = new Map<number, (exec: RepeatedExec) => void>();
  let nextRepeat = 1;
  const counts = { recorded: 0, decided_again: 0 };
  const keepRepeat = (fn: (exec: RepeatedExec) => void): number => {
    if (repeats.size >= MAX_REPEATS) {
      repeats.clear();
      clearAllCaches();
    }
    const n = nextRepeat++;
    repeats.set(n, fn);
    return n;
  };

  /** Runs one request's work with the hold notice and the hang-up signal. */
  const answer = async <T>(
    id: number,
    work: (control: DecideControl) => Promise<T>,
    failed: (err: Error) => T,
  ): Promise<T> => {
    // The AbortController is created only when decide looks at it: one per exec is measurable.
    const state: { hungUp: boolean; ac?: AbortController } = { hungUp: false };
    pending.set(id, state);
    const control: DecideControl = {
      hold: () => hold(),
      get signal() {
        if (!state.ac) {
          state.ac = new AbortController();
          if (state.hungUp) state.ac.abort();
        }
        return state.ac.signal;
      },
    };
    let held = false;
    const hold = () => {
      if (held || state.hungUp || !pending.has(id)) return;
      held = true;
      reply(id, ' ', false);
    };
    const holdTimer = setTimeout(hold, holdAfter);
    let r: T;
    try {
      r = await work(control);
    } catch (err) {
      r = failed(err as Error);
    }
    pending.delete(id);
    clearTimeout(holdTimer);
    retireIdle();
    return r;
  };

  const onExec = async (id: number, peer: PreloadPeer, req: PreloadRequest) => {
    let cacheable = false;
    let repeat: PreloadReply['repeat'];
    const r = await answer(
      id,
      (control) =>
        opts.decide(req, peer, control).then((d) => {
          cacheable = d?.cacheable === true && d.allowed === true;
          if (cacheable && typeof d.repeat === 'function') repeat = d.repeat;
          return normalizeReply(d);
        }),
      (err) => {
        log(`preload socket: decide failed: ${err.message}`);
        return deny('internal error while deciding; call blocked');
      },
    );
    send(id, r, cacheable, cacheable && repeat ? keepRepeat(repeat) : 0);
  };

  /** A request the listener answered from a cached reply that came without `repeat`: decided
   * again so it is audited like any. */
  const onAnswered = async (peer: PreloadPeer, req: PreloadRequest) => {
    counts.decided_again++;
    const control: DecideControl = { hold() {}, signal: NEVER_ABORTED, answered: true };
    try {
      const d = await opts.decide({ ...req, wait: false }, peer, control);
      // Cannot happen while the cache is cleared on every policy change; if it does, stop using it.
      if (d?.allowed !== true || d.cacheable !== true) {
        log(
          `preload socket: a cached allow for pid ${peer.pid} is no longer the decision (${d?.decision}); cache cleared`,
        );
        clearAllCaches();
      }
    } catch (err) {
      log(`preload socket: decide failed for a cached allow: ${(err as Error).message}`);
    }
  };

  const onHook = async (id: number, peer: PreloadPeer, req: HookRequest | string) => {
    const hook = opts.hook;
    if (typeof req === 'string' || !hook) {
      const why =
        typeof req === 'string' ? `malformed hook request: ${req}` : 'this socket does not answer hook requests';
      log(`preload socket: ${why} (pid ${peer.pid})`);
      send(id, hookUsage(why));
      return;
    }
    const r = await answer(
      id,
      (control) => hook(req, peer, control).then(normalizeHookReply),
      (err) => {
        log(`preload socket: hook failed: ${err.message}`);
        return hookUsage('internal error in the server while running the hook');
      },
    );
    send(id, r);
  };

  const events: TransportEvents = {
    line(id, peer, line, answered, hit) {
      // Answered from a cached reply that came with `repeat`: the line is the decided one but
      // for its pid and ppid, so it is recorded as such without being parsed or decided again.
      const repeat = answered && hit && hit.record > 0 ? repeats.get(hit.record) : undefined;
      if (repeat) {
        counts.recorded++;
        try {
          repeat({
            peer,
            ...(hit?.pid !== undefined ? { pid: hit.pid } : {}),
            ...(hit?.ppid !== undefined ? { ppid: hit.ppid } : {}),
          });
        } catch (err) {
          log(`preload socket: recording a cached allow failed: ${(err as Error).message}`);
        }
        return;
      }
      const o = parseLine(line);
      if (typeof o !== 'string' && o.kind === 'hook' && !answered) return void onHook(id, peer, hookRequest(o));
      const req = typeof o === 'string' ? o : execRequest(o);
      if (typeof req === 'string') {
        log(`preload socket: malformed request from pid ${peer.pid}: ${req}`);
        if (answered)
          clearAllCaches(); // only ever cached valid requests: be safe
        else send(id, deny(`malformed request: ${req}`));
        return;
      }
      void (answered ? onAnswered(peer, req) : onExec(id, peer, req));
    },
    hangup(id) {
      const p = pending.get(id);
      if (!p) return; // already answered: the close is the normal end
      p.hungUp = true;
      p.ac?.abort();
    },
    tooLong(id, peer, kind, limit) {
      log(`preload socket: request from pid ${peer.pid} exceeds ${limit} bytes`);
      send(
        id,
        kind === 'exec'
          ? deny(`request larger than ${limit} bytes`)
          : hookUsage(`hook request larger than ${limit} bytes`),
      );
    },
    partial(id) {
      send(id, deny('malformed request: no newline before end of stream'));
    },
    log: (m) => log(`preload socket: ${m}`),
  };

  const listen = async (): Promise<void> => {
    const g = gen++;
    const at = g * ID_SPACE;
    const kind = opts.transport ?? defaultTransport();
    // Bound under a name of its own, then renamed onto the path in one step: bound on the path
    // itself, a file renamed there between bind and stat would be taken for ours (and never
    // pushed out), and replacing a foreign socket would leave a moment with no socket at all.
    const bindPath = privateName(opts.path, g);
    rmSync(bindPath, { force: true });
    const t = await openTransport(
      kind,
      {
        path: bindPath,
        // In the protected layout the agents' group connects through the 0660 socket; elsewhere
        // only our own uid may.
        ownerUid: opts.ownerUid ?? (socketMode(opts.path) === 0o660 ? -1 : (process.getuid?.() ?? 0)),
        maxLine: MAX_REQUEST_LINE,
        maxHookLine: opts.hook ? MAX_HOOK_LINE : 0,
        readTimeoutMs: opts.readTimeoutMs ?? REQUEST_READ_TIMEOUT_MS,
        maxConnections: opts.maxConnections ?? MAX_CONNECTIONS,
        maxIdlePerUid: opts.maxIdlePerUid ?? MAX_IDLE_PER_UID,
        overloadedReply: OVERLOADED_REPLY,
      },
      {
        line: (id, peer, line, answered, hit) => events.line(at + id, peer, line, answered, hit),
        hangup: (id) => events.hangup(at + id),
        tooLong: (id, peer, kind, limit) => events.tooLong(at + id, peer, kind, limit),
        partial: (id, peer) => events.partial(at + id, peer),
        log: events.log,
      },
    );
    let ino: number;
    try {
      chmodSync(bindPath, socketMode(opts.path));
      ino = statSync(bindPath).ino;
      if (bindPath !== opts.path) renameSync(bindPath, opts.path);
    } catch (err) {
      await t.close();
      rmSync(bindPath, { force: true });
      throw err;
    }
    for (const l of listeners.values()) l.retiring = true;
    listeners.set(g, { t, ino, retiring: false, kind });
  };

  /** Closes the listeners of removed socket files once none of their requests is pending. A net
   * listener stays open until close(): libuv unlinks the path a pipe server was bound to when it
   * closes, which is by now the path of its successor. */
  const retireIdle = () => {
    for (const [g, l] of listeners) {
      if (!l.retiring || l.kind === 'net') continue;
      let busy = false;
      for (const id of pending.keys()) if (Math.floor(id / ID_SPACE) === g) busy = true;
      if (busy) continue;
      listeners.delete(g);
      void l.t.close().catch((err: Error) => log(`preload socket: closing a retired listener: ${err.message}`));
    }
  };

  await listen();
  // the index of system programs (server/preload-exec.ts) is built in the background soon after
  // start, so the first exec of a renamed program does not wait for it; not at once, because
  // stat-ing every system program would delay the server's first answers (an exec that needs
  // the index before then builds it itself)
  setTimeout(warmSystemIndex, WARM_INDEX_DELAY_MS).unref();
  log(`preload socket listening on ${opts.path}`);

  // The socket file removed (or replaced by another) would leave every exec unchecked, or
  // checked by whoever put the new file there: the file is watched and made again, on the record.
  const currentIno = () => [...listeners.values()].find((l) => !l.retiring)?.ino;
  let checking: Promise<void> | null = null;
  let stopped = false;
  const check = () => {
    if (stopped || checking) return;
    checking = (async () => {
      let st;
      try {
        st = lstatSync(opts.path);
      } catch {
        st = undefined;
      }
      if (st && st.ino === currentIno()) return;
      const reason = st
        ? `the preload socket ${opts.path} was replaced by another file`
        : `the preload socket ${opts.path} was removed`;
      try {
        if (gen > MAX_SOCKET_RECREATE) throw new Error(`re-created ${MAX_SOCKET_RECREATE} times already`);
        // a socket that is not ours sits on our path: listen() renames ours over it (a file of
        // another kind stays)
        if (st && !st.isSocket()) throw new Error(`${opts.path} is now not a socket; not replacing it`);
        await listen();
        retireIdle();
        log(`preload socket: ${reason}; re-created it`);
        opts.onSocketLost?.({ reason, recreated: true });
      } catch (err) {
        log(`preload socket: ${reason}; could not re-create it: ${(err as Error).message}`);
        opts.onSocketLost?.({ reason: `${reason}: ${(err as Error).message}`, recreated: false });
      }
    })().finally(() => (checking = null));
  };
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dirname(opts.path), { persistent: false }, (_t, name) => {
      if (name === null || name === basename(opts.path)) check();
    });
    watcher.on('error', () => {});
  } catch {
    /* the periodic check remains */
  }
  const timer = setInterval(check, opts.socketCheckMs ?? SOCKET_CHECK_MS);
  timer.unref();

  let closing: Promise<void> | null = null;
  return {
    clearCache: clearAllCaches,
    stats: () => {
      // the sum over the listeners (one, unless the socket file was re-created)
      const out: Record<string, number> = {};
      for (const l of listeners.values())
        for (const [k, v] of Object.entries(l.t.stats())) out[k] = (out[k] ?? 0) + (typeof v === 'number' ? v : 0);
      return { hits: out.hits ?? 0, cached: out.cached ?? 0, ...out, ...counts };
    },
    close() {
      closing ??= (async () => {
        stopped = true;
        clearInterval(timer);
        watcher?.close();
        await checking;
        await Promise.all([...listeners.values()].map((l) => l.t.close()));
        // pending decides lose their connection with the listener
        for (const id of [...pending.keys()]) events.hangup(id);
        // remove the file only if it is still ours (a successor may have replaced it)
        try {
          if (statSync(opts.path).ino === currentIno()) unlinkSync(opts.path);
        } catch {
          /* already gone */
        }
      })();
      return closing;
    },
  };
}
