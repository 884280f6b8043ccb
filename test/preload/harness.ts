// Shared pieces of the preload tests: a recording socket listener (the real startPreloadSocket
// with a test `decide`), a child runner with a hard timeout, and a C compiler helper.
// Children are always spawned asynchronously: the listener lives in this process, so a
// synchronous spawn would block the event loop that has to answer the library.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import koffi from 'koffi';
import {
  startPreloadSocket,
  type DecideControl,
  type PreloadReply,
  type PreloadRequest,
} from '../../server/preload-socket.js';
import { preloadLibraryPath, shimPath } from '../../src/cli/preload-path.js';
import { spawnServe, type ServeChild } from '../helpers/spawn.js';

export const LIB = preloadLibraryPath();
export const SHIM = shimPath();
export const DENY_MARKER = 'svc-deny-me';
export const PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
const CHILD_TIMEOUT_MS = 15_000;

export type Decide = (req: PreloadRequest, ctl: DecideControl) => Promise<PreloadReply> | PreloadReply;

/** Denies commands containing the marker, allows everything else. */
export const markerPolicy: Decide = (req) =>
  req.command.includes(DENY_MARKER)
    ? { decision: 'deny', allowed: false, message: 'marker found' }
    : { decision: 'allow', allowed: true, message: 'ok' };

export interface Recorder {
  dir: string;
  socket: string;
  requests: PreloadRequest[];
  decide: Decide;
  commands(): string[];
  close(): Promise<void>;
}

export function tempDir(prefix = 'svc-preload-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function startRecorder(
  decide: Decide = markerPolicy,
  opts: { transport?: 'native' | 'net' } = {},
): Promise<Recorder> {
  const dir = tempDir();
  const socket = join(dir, 'svc.sock');
  const rec: Recorder = {
    dir,
    socket,
    requests: [],
    decide,
    commands: () => rec.requests.map((r) => r.command),
    close: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const handle = await startPreloadSocket({
    ...opts,
    path: socket,
    decide: async (req, _peer, ctl) => {
      rec.requests.push(req);
      return rec.decide(req, ctl);
    },
  });
  return rec;
}

/** A clean environment for a preloaded child: no inherited LD_PRELOAD or SERVICE_* values. */
export function preloadEnv(socket: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH, HOME: process.env.HOME ?? '/root', LANG: 'C' };
  return {
    ...env,
    LD_PRELOAD: LIB,
    SERVICE_SOCKET: socket,
    SERVICE_AGENT: 'test-agent',
    SERVICE_SESSION: 'test-session',
    ...extra,
  };
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a program with a hard timeout; the result is returned even when it fails. */
export function run(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  opts: { cwd?: string; timeoutMs?: number; input?: string; argv0?: string } = {},
): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, cwd: opts.cwd, argv0: opts.argv0, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.stdin.on('error', () => {}); // a child that exits without reading its stdin
    child.stdin.end(opts.input ?? '');
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? CHILD_TIMEOUT_MS);
    child.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** Compiles one C file into dir and returns the binary's path. */
export function compileC(dir: string, name: string, source: string, flags: string[] = []): string {
  const src = join(dir, `${name}.c`);
  const bin = join(dir, name);
  writeFileSync(src, source);
  execFileSync('gcc', ['-O1', '-Wall', '-o', bin, src, '-pthread', ...flags], { stdio: 'pipe' });
  return bin;
}

/** The interpreter binary itself (not a pyenv or asdf shim script), resolved without preload. */
export function realPython(): string {
  return execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A well-formed exec request as libsvc.so sends it, for tests that speak the protocol by hand. */
export const SAMPLE_REQUEST: PreloadRequest = {
  v: 1,
  tool: 'exec',
  agent: 'a',
  session: 's',
  run_id: '',
  command: 'ls -la',
  argv: ['ls', '-la'],
  path: '/usr/bin/ls',
  cwd: '/tmp',
  pid: 10,
  ppid: 1,
};

/** One request line. */
export const line = (o: object) => JSON.stringify(o) + '\n';

// --- plain socket clients for the listener tests (cache.test.ts, transports.test.ts) ---

/** Sends raw bytes on a fresh connection and returns everything the server wrote before closing.
 * `pauseMs` splits the data in two halves sent that far apart; `keepOpenMs` hangs up after that
 * long; `halfClose` ends our side after the data (what a client cut short looks like). */
export function exchange(
  path: string,
  data: string | Buffer,
  opts: { pauseMs?: number; keepOpenMs?: number; halfClose?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = net.connect(path);
    let out = '';
    c.on('data', (d) => (out += d));
    c.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'ECONNRESET' || e.code === 'EPIPE' ? resolve(out) : reject(e),
    );
    c.on('close', () => resolve(out));
    c.on('connect', () => {
      const buf = Buffer.from(data);
      const send = (b: Buffer) => (opts.halfClose ? c.end(b) : c.write(b));
      if (opts.pauseMs) {
        const half = buf.length >> 1;
        c.write(buf.subarray(0, half));
        setTimeout(() => send(buf.subarray(half)), opts.pauseMs);
      } else send(buf);
      if (opts.keepOpenMs) setTimeout(() => c.destroy(), opts.keepOpenMs);
    });
  });
}

const AF_UNIX = 1;
const SOCK_STREAM_CLOEXEC = 1 | 0o2000000;
const MSG_DONTWAIT_NOSIGNAL = 0x40 | 0x4000;
let libc:
  | {
      socket: (d: number, t: number, p: number) => number;
      connect: (fd: number, a: Buffer, n: number) => number;
      send: (fd: number, b: Buffer, n: number, f: number) => number;
      close: (fd: number) => number;
    }
  | undefined;

/**
 * Like exchange(), but connects and sends in two back-to-back libc calls, as libsvc.so does. The
 * native listener answers from its cache only lines that arrive within ~2 ms of the accept; a net
 * client writes an event-loop turn after connecting, which a loaded machine can stretch past that
 * (the line is then decided in JavaScript: correct, but not what a cache test wants to see).
 */
export function promptExchange(path: string, data: string | Buffer): Promise<string> {
  if (!libc) {
    const c = koffi.load('libc.so.6');
    libc = {
      socket: c.func('int socket(int, int, int)'),
      connect: c.func('int connect(int, const void *, uint32_t)'),
      send: c.func('long send(int, const void *, size_t, int)'),
      close: c.func('int close(int)'),
    };
  }
  const addr = Buffer.alloc(110);
  addr.writeUInt16LE(AF_UNIX, 0);
  if (Buffer.byteLength(path) >= 108) throw new Error(`socket path too long: ${path}`);
  addr.write(path, 2);
  const buf = Buffer.from(data);
  const fd = libc.socket(AF_UNIX, SOCK_STREAM_CLOEXEC, 0);
  if (fd < 0) throw new Error(`socket() failed: errno ${koffi.errno()}`);
  if (libc.connect(fd, addr, addr.length) !== 0) {
    const e = koffi.errno();
    libc.close(fd);
    throw new Error(`connect(${path}) failed: errno ${e}`);
  }
  // never block here: the listener that has to read the rest may be on this very thread
  const sent = Math.max(0, libc.send(fd, buf, buf.length, MSG_DONTWAIT_NOSIGNAL));
  return new Promise((resolve) => {
    const c = new net.Socket({ fd, readable: true, writable: true });
    let out = '';
    c.on('data', (d) => (out += d));
    c.on('error', () => resolve(out));
    c.on('close', () => resolve(out));
    if (sent < buf.length) c.write(buf.subarray(sent));
  });
}

/** Polls `cond` every 5 ms until it holds or `ms` pass; returns its last value. */
export async function waitFor(cond: () => boolean, ms = 1000): Promise<boolean> {
  const until = performance.now() + ms;
  while (!cond()) {
    if (performance.now() > until) return false;
    await sleep(5);
  }
  return true;
}

/** A policy file that lets everything run except a command line holding `marker`. */
export function denyMarkerPolicy(marker: string): string {
  return `version: "1"
default_action: allow
policies:
  - name: no-marker
    match:
      tool: exec
    rules:
      - action: deny
        message: "the marker is refused"
        when:
          command_matches:
            - '*${marker}*'
`;
}

/** A real `svc serve` (child process) on a temp data dir with one policy file, and its socket. */
export interface PolicyServer {
  dataDir: string;
  socket: string;
  serve: ServeChild;
  stop(): Promise<void>;
}

export async function servePolicy(policy: string, prefix = 'svc-preload-'): Promise<PolicyServer> {
  const dataDir = tempDir(prefix);
  const file = join(dataDir, 'policy.yaml');
  writeFileSync(file, policy);
  const serve = await spawnServe(['--data-dir', dataDir, '--config', file]);
  return {
    dataDir,
    socket: join(dataDir, 'svc.sock'),
    serve,
    async stop() {
      await serve.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
