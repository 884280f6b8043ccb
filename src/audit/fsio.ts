// The few file operations the writer needs, behind an interface so tests can count fsyncs and
// inject a full disk. The default goes straight to node's fs (callback API: the lowest overhead).
import fs from 'node:fs';
import { promisify } from 'node:util';

export interface AuditFs {
  open(path: string, flags: number, mode: number): Promise<number>;
  /** Writes buf[offset, offset+length); may write less (callers loop). */
  write(fd: number, buf: Buffer, offset: number, length: number): Promise<number>;
  fsync(fd: number): Promise<void>;
  ftruncate(fd: number, len: number): Promise<void>;
  fstat(fd: number): Promise<{ size: number }>;
  close(fd: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(path: string): Promise<void>;
}

const pOpen = promisify(fs.open);
const pFsync = promisify(fs.fsync);
const pFtruncate = promisify(fs.ftruncate);
const pFstat = promisify(fs.fstat);
const pClose = promisify(fs.close);
const pRename = promisify(fs.rename);
const pUnlink = promisify(fs.unlink);

export const nodeFs: AuditFs = {
  open: (p, flags, mode) => pOpen(p, flags, mode),
  write: (fd, buf, off, len) =>
    new Promise((resolve, reject) => fs.write(fd, buf, off, len, null, (err, n) => (err ? reject(err) : resolve(n)))),
  fsync: (fd) => pFsync(fd),
  ftruncate: (fd, len) => pFtruncate(fd, len),
  fstat: async (fd) => ({ size: (await pFstat(fd)).size }),
  close: (fd) => pClose(fd),
  rename: (a, b) => pRename(a, b),
  unlink: (p) => pUnlink(p),
};

const { O_WRONLY, O_CREAT, O_APPEND, O_RDONLY, O_TRUNC, O_EXCL } = fs.constants;
// O_NOFOLLOW: a symlink planted in the audit dir must not redirect our writes elsewhere.
const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = fs.constants.O_DIRECTORY ?? 0;

export const APPEND_FLAGS = O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW;
export const CREATE_TMP_FLAGS = O_WRONLY | O_CREAT | O_TRUNC | O_EXCL | O_NOFOLLOW;
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;

/** Writes the whole buffer, looping over short writes. */
export async function writeAll(io: AuditFs, fd: number, buf: Buffer): Promise<void> {
  let off = 0;
  while (off < buf.length) {
    const n = await io.write(fd, buf, off, buf.length - off);
    if (n <= 0) throw new Error('write made no progress');
    off += n;
  }
}

/** fsyncs a directory so a newly created or renamed entry survives a crash. */
export async function fsyncDir(io: AuditFs, dir: string): Promise<void> {
  const fd = await io.open(dir, O_RDONLY | O_DIRECTORY, 0);
  try {
    await io.fsync(fd);
  } finally {
    await io.close(fd);
  }
}

/** Replaces `path` atomically: temp file, fsync, rename, fsync of the directory. */
export async function writeFileAtomic(io: AuditFs, dir: string, path: string, data: string): Promise<void> {
  const tmp = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  const fd = await io.open(tmp, CREATE_TMP_FLAGS, FILE_MODE);
  try {
    await writeAll(io, fd, Buffer.from(data, 'utf8'));
    await io.fsync(fd);
  } catch (err) {
    await io.close(fd).catch(() => {});
    await io.unlink(tmp).catch(() => {});
    throw err;
  }
  await io.close(fd);
  try {
    await io.rename(tmp, path);
  } catch (err) {
    await io.unlink(tmp).catch(() => {});
    throw err;
  }
  await fsyncDir(io, dir);
}

/** A wrapper that counts calls, for tests and the benchmark. */
export function countingFs(base: AuditFs = nodeFs): AuditFs & { counts: { fsync: number; write: number } } {
  const counts = { fsync: 0, write: 0 };
  return {
    ...base,
    counts,
    write: (fd, buf, off, len) => {
      counts.write++;
      return base.write(fd, buf, off, len);
    },
    fsync: (fd) => {
      counts.fsync++;
      return base.fsync(fd);
    },
  };
}
