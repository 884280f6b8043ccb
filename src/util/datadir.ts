// The data directory: where every piece of state lives (docs/cli.md).
import { mkdirSync, chmodSync, statSync, readFileSync, writeFileSync, closeSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { native } from './native.js';
import { SvcError, type SvcErrorOptions } from './errors.js';

export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.SERVICE_HOME || join(homedir(), '.svc'));
}

/** Creates the directory (0700) when missing and tightens an existing one we own. */
export function ensureDataDir(dir: string): string {
  const abs = resolve(dir);
  mkdirSync(abs, { recursive: true, mode: 0o700 });
  const st = statSync(abs);
  if (!st.isDirectory()) throw new Error(`data dir ${abs} is not a directory`);
  // Group search alone (the protected layout of docs/protected-mode.md, 2710) is kept: the agents'
  // group passes through to its policies, spool and socket; anything more is taken away.
  if ((st.mode & 0o067) !== 0 && st.uid === process.getuid?.()) chmodSync(abs, 0o700);
  return abs;
}

export class DataDirLockedError extends SvcError {
  override name = 'DataDirLockedError';
  constructor(message: string, options?: SvcErrorOptions) {
    super('data_dir_locked', message, options);
  }
}

/**
 * Takes the single-owner lock (flock on <dir>/svc.lock). The kernel releases it when the process
 * dies, so a crashed server never leaves a stale lock. The holder's pid is written into the file
 * so a second server can name it.
 */
export function lockDataDir(dir: string): { fd: number; release(): void } {
  const path = join(dir, 'svc.lock');
  const fd = native().lockFile(path);
  if (fd < 0) {
    let holder = 'another process';
    try {
      const pid = readFileSync(path, 'utf8').trim();
      if (/^\d+$/.test(pid)) holder = `process ${pid}`;
    } catch {
      /* the pid is only a courtesy */
    }
    throw new DataDirLockedError(
      `data dir ${dir} is already in use by ${holder} (lock ${path}); stop it or use another --data-dir`,
    );
  }
  writeFileSync(path, `${process.pid}\n`, { mode: 0o600 });
  return {
    fd,
    release() {
      try {
        closeSync(fd);
      } catch {
        /* already closed */
      }
    },
  };
}
