// Where the hook and the MCP proxy find the server, its token and their identity labels.
// Everything here is read from the environment and a couple of small files, so it stays
// cheap enough for a process that lives for one tool call.
import { readFileSync, statSync } from 'node:fs';
import { agentTokenFile, protectedService, readTokenFile } from '../util/server-uid.js';
import { homedir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';

export const DEFAULT_URL = 'http://127.0.0.1:9090';
/** A HEAD or gitdir pointer longer than this is not a git file; stop reading it. */
const MAX_GIT_FILE_BYTES = 4096;
/** Upper bound on directories walked upwards when looking for a repository root. */
const MAX_GIT_DEPTH = 64;

/** SERVICE_HOME, else the protected-mode server's data dir (docs/protected-mode.md), else ~/.svc. */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.SERVICE_HOME || protectedService()?.dataDir || join(homedir(), '.svc');
}

export function serverUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.SERVICE_URL || protectedService()?.url || DEFAULT_URL).replace(/\/+$/, '');
}

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/**
 * SERVICE_TOKEN, else the data directory's token file (when its owner is trusted: see
 * src/util/server-uid.ts), else the agents' eval-only token of protected mode. A file's token is
 * only ever sent to a loopback or https server: a SERVICE_URL pointing elsewhere over plain http
 * must bring its own SERVICE_TOKEN.
 */
export function serverToken(url: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SERVICE_TOKEN) return env.SERVICE_TOKEN.trim();
  if (!isLoopback(url) && !url.startsWith('https:')) return undefined;
  return readTokenFile(join(dataDir(env), 'token')) ?? agentTokenFile();
}

/** SERVICE_FAIL_OPEN=0 (or false/no/off) turns an unreachable server into a deny. */
export function failOpen(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = (env.SERVICE_FAIL_OPEN ?? '').trim().toLowerCase();
  return !(v === '0' || v === 'false' || v === 'no' || v === 'off');
}

function readSmall(path: string): string | undefined {
  try {
    const st = statSync(path);
    if (!st.isFile() || st.size > MAX_GIT_FILE_BYTES) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * `<repo-basename>/<branch>` for the repository holding `cwd`, read from .git/HEAD directly
 * (no git process: a hook runs once per tool call). Worktrees and submodules keep a `.git`
 * file pointing at their git dir. A detached HEAD gives `<repo>/detached`; no repository, "".
 */
export function gitSession(cwd: string | undefined): string {
  if (!cwd) return '';
  let dir = resolve(cwd);
  for (let i = 0; i < MAX_GIT_DEPTH; i++) {
    const dotGit = join(dir, '.git');
    let head = readSmall(join(dotGit, 'HEAD'));
    if (head === undefined) {
      const pointer = readSmall(dotGit);
      const gitdir = pointer?.match(/^gitdir:\s*(.+?)\s*$/m)?.[1];
      if (gitdir) head = readSmall(join(resolve(dir, gitdir), 'HEAD'));
    }
    if (head !== undefined) {
      const ref = head.match(/^ref:\s*refs\/heads\/(.+?)\s*$/m);
      return `${basename(dir)}/${ref ? ref[1] : 'detached'}`;
    }
    const parent = dirname(dir);
    if (parent === dir) return '';
    dir = parent;
  }
  return '';
}

/** SERVICE_SESSION, else the repository/branch of the working directory, else "". */
export function sessionLabel(cwd: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return env.SERVICE_SESSION || gitSession(cwd);
}
