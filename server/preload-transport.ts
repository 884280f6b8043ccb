// How the preload socket's bytes move: accepting connections, checking the peer's uid, reading
// the one request line and writing the reply. server/preload-socket.ts holds the protocol
// (parsing, deciding, holding for approval) and sees only the events below.
//
// On Linux the native addon's listener does this on its own thread (native/preload_listener.cc):
// a Node net server costs 150-250 µs of JavaScript per accepted connection, and every exec under
// libsvc.so is a new connection. Elsewhere (or when asked, for tests) a net server does it.
import net from 'node:net';
import { native } from '../src/util/native.js';

/** What the transport says about a line it answered from its cache. */
export interface CacheHit {
  /** The record id given with the cached reply (0: none). */
  record: number;
  /** The line's "pid" and "ppid" values; undefined where they are part of the cache key. */
  pid?: number;
  ppid?: number;
}

export interface TransportEvents {
  /**
   * A whole request line arrived on connection `id`. `answered`: the transport already gave it
   * a cached allow (the connection is closed), described by `hit`; audit it, reply nothing.
   */
  line(id: number, peer: { pid: number; uid: number }, line: string, answered: boolean, hit?: CacheHit): void;
  /** The client went away before the final reply (only after line/tooLong/partial). */
  hangup(id: number): void;
  /** The line grew past `limit` bytes (`kind` tells which limit applied). */
  tooLong(id: number, peer: { pid: number; uid: number }, kind: 'exec' | 'hook', limit: number): void;
  /** The client ended its side after some bytes but without a newline. */
  partial(id: number, peer: { pid: number; uid: number }): void;
  log(message: string): void;
}

export interface TransportOptions {
  path: string;
  /** The only uid that may connect; -1 lets the socket file's permissions decide (protected layout). */
  ownerUid: number;
  maxLine: number;
  /** Limit for lines that start with the hook prefix (0: no hook requests). */
  maxHookLine: number;
  readTimeoutMs: number;
  maxConnections: number;
  /** Connections of one uid that have not sent their line yet; past this the oldest is dropped. */
  maxIdlePerUid: number;
  /** Written (with its newline) to a connection turned away for load, instead of a bare close. */
  overloadedReply: string;
}

export interface Transport {
  /**
   * Sends text on connection `id`; `end` closes it after. False when the connection is gone.
   * `cacheable`: identical requests may be answered with this text without asking again;
   * `record`: an id handed back with each of them (CacheHit.record).
   */
  reply(id: number, text: string, end: boolean, cacheable?: boolean, record?: number): boolean;
  /** Forgets every cached answer (the policy set changed). */
  clearCache(): void;
  /** Cached answers given so far, and how many are kept. */
  stats(): { hits: number; cached: number };
  close(): Promise<void>;
}

export type TransportKind = 'native' | 'net';

interface NativeListener {
  reply(id: number, text: string, end: boolean, cacheable: boolean, record: number): boolean;
  clearCache(): void;
  stats(): { connections: number; cached: number; hits: number };
  close(): void;
}
type NativeListenerClass = new (
  path: string,
  opts: TransportOptions,
  onEvent: (kind: number, id: number, pid: number, uid: number, data: string, limit: number) => void,
) => NativeListener;

/** Past the per-uid bound an idle connection makes room for a newcomer only after this long (a
 * burst is not a hoard); at the connection limit the oldest idle one goes whatever its age. */
const IDLE_EVICT_AFTER_MS = 1000;
const HOOK_PREFIX = Buffer.from('{"v":1,"kind":"hook"');
const LINE = 1,
  HANGUP = 2,
  TOO_LONG = 3,
  PARTIAL = 4,
  LOG = 5,
  CACHED = 6;

/** The transport this platform uses by default. */
export function defaultTransport(): TransportKind {
  return (native() as { PreloadListener?: unknown }).PreloadListener ? 'native' : 'net';
}

export async function openTransport(kind: TransportKind, o: TransportOptions, ev: TransportEvents): Promise<Transport> {
  return kind === 'native' ? openNative(o, ev) : openNet(o, ev);
}

function openNative(o: TransportOptions, ev: TransportEvents): Transport {
  const Listener = (native() as { PreloadListener?: NativeListenerClass }).PreloadListener;
  if (!Listener) throw new Error('the native addon has no preload listener on this platform');
  const l = new Listener(o.path, o, (kind, id, pid, uid, data, limit) => {
    if (kind === LINE) ev.line(id, { pid, uid }, data, false);
    else if (kind === CACHED) {
      // one "PID UID RECORD REQPID REQPPID LINE" per text line (request lines never hold a raw
      // newline; the numbers are written by the listener)
      for (const entry of data.split('\n')) {
        const f: number[] = [];
        let at = 0;
        for (let i = 0; i < 5 && at >= 0; i++) {
          const sp = entry.indexOf(' ', at);
          f.push(sp > at ? Number(entry.slice(at, sp)) : NaN);
          at = sp < 0 ? -1 : sp + 1;
        }
        const [pid, uid, record, reqPid, reqPpid] = f;
        if (at < 0 || pid === undefined || uid === undefined || !f.every(Number.isSafeInteger)) continue;
        const hit: CacheHit = { record: record ?? 0 };
        if (reqPid !== undefined && reqPid >= 0) hit.pid = reqPid;
        if (reqPpid !== undefined && reqPpid >= 0) hit.ppid = reqPpid;
        ev.line(0, { pid, uid }, entry.slice(at), true, hit);
      }
    } else if (kind === HANGUP) ev.hangup(id);
    else if (kind === TOO_LONG) ev.tooLong(id, { pid, uid }, data === 'hook' ? 'hook' : 'exec', limit);
    else if (kind === PARTIAL) ev.partial(id, { pid, uid });
    else if (kind === LOG) ev.log(data);
  });
  return {
    reply: (id, text, end, cacheable = false, record = 0) => l.reply(id, text, end, cacheable, record),
    clearCache: () => l.clearCache(),
    stats: () => l.stats(),
    close: async () => l.close(),
  };
}

async function openNet(o: TransportOptions, ev: TransportEvents): Promise<Transport> {
  const socks = new Map<number, net.Socket>();
  /** Connections still sending their request line, with the time they connected. */
  const reading = new Map<net.Socket, { since: number; uid: number }>();
  let nextId = 1;

  /** Every accepted socket, also those turned away (closing them is part of close()). */
  const all = new Set<net.Socket>();
  const handle = (sock: net.Socket) => {
    sock.on('error', () => {}); // the library hanging up mid-reply is normal (timeout, kill)
    all.add(sock);
    sock.once('close', () => all.delete(sock));
    let peer: { pid: number; uid: number };
    try {
      const fd = (sock as unknown as { _handle?: { fd?: number } })._handle?.fd;
      if (typeof fd !== 'number' || fd < 0) throw new Error('no file descriptor for the connection');
      const cred = native().peerCred?.(fd);
      if (!cred) throw new Error('the native addon has no peerCred (rebuild with npm ci)');
      peer = { pid: cred.pid, uid: cred.uid };
    } catch (err) {
      ev.log(`cannot identify a connection (${(err as Error).message}); refused`);
      sock.destroy();
      return;
    }
    if (o.ownerUid >= 0 && peer.uid !== o.ownerUid) {
      ev.log(`refused a connection from uid ${peer.uid} (pid ${peer.pid})`);
      sock.destroy();
      return;
    }
    if (socks.size >= o.maxConnections) {
      // at the limit the oldest idle connection of this uid makes room; else the newcomer is told
      let evicted = false;
      for (const [s, r] of reading) {
        if (r.uid !== peer.uid) continue;
        reading.delete(s);
        s.end(o.overloadedReply);
        evicted = true;
        break;
      }
      if (!evicted) {
        sock.end(o.overloadedReply);
        return;
      }
    }
    const id = nextId++;
    socks.set(id, sock);
    let told = false; // the protocol layer knows this id (line, tooLong or partial sent)
    sock.on('close', () => {
      socks.delete(id);
      reading.delete(sock);
      if (told) ev.hangup(id);
    });
    reading.set(sock, { since: Date.now(), uid: peer.uid });
    // Idle connections of one uid are bounded: the oldest makes room (Map keeps arrival order).
    let idle = 0;
    for (const r of reading.values()) if (r.uid === peer.uid) idle++;
    const evictBefore = Date.now() - IDLE_EVICT_AFTER_MS;
    for (const [s, r] of reading) {
      if (idle <= o.maxIdlePerUid || r.since > evictBefore) break;
      if (r.uid !== peer.uid || s === sock) continue;
      reading.delete(s);
      s.end(o.overloadedReply);
      idle--;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let limit = o.maxLine;
    const stop = () => {
      told = true;
      reading.delete(sock);
    };
    sock.on('data', (d: Buffer) => {
      if (told) return;
      const nl = d.indexOf(0x0a);
      const take = nl < 0 ? d : d.subarray(0, nl);
      size += take.length;
      if (size > limit && limit === o.maxLine && o.maxHookLine > o.maxLine) {
        const head = Buffer.concat([...chunks, take.subarray(0, HOOK_PREFIX.length)]).subarray(0, HOOK_PREFIX.length);
        if (head.equals(HOOK_PREFIX)) limit = o.maxHookLine;
      }
      if (size > limit) {
        stop();
        ev.tooLong(id, peer, limit === o.maxLine ? 'exec' : 'hook', limit);
        return;
      }
      chunks.push(take);
      if (nl < 0) return;
      stop();
      ev.line(id, peer, Buffer.concat(chunks).toString('utf8'), false);
    });
    sock.on('end', () => {
      if (told) return;
      if (size > 0) {
        stop();
        ev.partial(id, peer);
      } else sock.end();
    });
  };

  // No half-open connections: the library keeps its side open until the reply, so an EOF from
  // the client means it hung up (timeout, kill, SERVICE_PRELOAD_ASK=deny).
  const server = net.createServer({ allowHalfOpen: false }, handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => ev.log(err.message));
  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - o.readTimeoutMs;
      for (const [s, r] of reading) if (r.since < cutoff) s.destroy();
    },
    Math.min(1000, Math.max(10, o.readTimeoutMs / 2)),
  );
  sweep.unref();

  // No cache here: this transport serves platforms without the native listener, where the
  // per-connection cost of JavaScript dominates anyway.
  return {
    clearCache() {},
    stats: () => ({ hits: 0, cached: 0 }),
    reply(id, text, end) {
      const sock = socks.get(id);
      if (!sock || sock.destroyed || !sock.writable) return false;
      if (end) sock.end(text);
      else sock.write(text);
      return true;
    },
    async close() {
      clearInterval(sweep);
      const drained = [...all].map((s) => new Promise<void>((r) => (s.destroyed ? r() : s.once('close', () => r()))));
      const stopped = new Promise<void>((r) => server.close(() => r()));
      for (const s of all) s.destroy();
      await Promise.all([stopped, ...drained]);
    },
  };
}
