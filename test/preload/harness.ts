// Shared pieces of the preload tests: a recording socket listener (the real startPreloadSocket
// with a test `decide`), a child runner with a hard timeout, and a C compiler helper.
// Children are always spawned asynchronously: the listener lives in this process, so a
// synchronous spawn would block the event loop that has to answer the library.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPreloadSocket, type DecideControl, type PreloadReply, type PreloadRequest } from '../../server/preload-socket.js';
import { preloadLibraryPath, shimPath } from '../../src/cli/preload-path.js';

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

export async function startRecorder(decide: Decide = markerPolicy): Promise<Recorder> {
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
  return { ...env, LD_PRELOAD: LIB, SERVICE_SOCKET: socket, SERVICE_AGENT: 'test-agent', SERVICE_SESSION: 'test-session', ...extra };
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** Runs a program with a hard timeout; the result is returned even when it fails. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, opts: { cwd?: string; timeoutMs?: number; input?: string; argv0?: string } = {}): Promise<RunResult> {
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
