// Reading a script file named by an agent, safely: bounded, regular files only, and never on a
// filesystem whose reads can hang (see docs/shell-readings.md, "Scripts run from disk").
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, readlinkSync, readSync } from 'node:fs';
import { dirname } from 'node:path';

/** The most of a script read and kept (a longer one is read up to here: `truncated`). */
export const SCRIPT_READ_BYTES = 64 * 1024;

/**
 * Filesystems whose reads can hang (FUSE, network mounts): an agent could mount one and run a
 * script from it to stall the reader, and with it every decision. Files there are not read (the
 * line alone decides, as before scripts were read). Linux lists mounts in /proc/self/mountinfo,
 * which never blocks; elsewhere nothing is excluded.
 */
const SLOW_FS = /^(?:fuse(?:\..*|blk)?|nfs4?|cifs|smb3?|smbfs|9p|ceph|glusterfs|afs|davfs|sshfs|virtiofs|lustre|gpfs)$/;
const MOUNTS_TTL_MS = 2000;
let slowMounts: { at: number; points: string[] } | undefined;

/** The mount points of slow filesystems in a /proc/self/mountinfo text (octal escapes undone). */
export function slowMountPoints(mountinfo: string): string[] {
  const points: string[] = [];
  for (const line of mountinfo.split('\n')) {
    const f = line.split(' ');
    const sep = f.indexOf('-');
    const mountPoint = f[4];
    if (sep > 0 && mountPoint && SLOW_FS.test(f[sep + 1] ?? ''))
      points.push(mountPoint.replace(/\\(\d{3})/g, (_m, o: string) => String.fromCharCode(parseInt(o, 8))));
  }
  return points;
}

function onSlowMount(path: string): boolean {
  const now = Date.now();
  if (!slowMounts || now - slowMounts.at > MOUNTS_TTL_MS) {
    let points: string[] = [];
    try {
      points = slowMountPoints(readFileSync('/proc/self/mountinfo', 'utf8'));
    } catch {
      // not Linux: no list to go by
    }
    slowMounts = { at: now, points };
  }
  return slowMounts.points.some((m) => path === m || path.startsWith(m.endsWith('/') ? m : `${m}/`));
}

/** The first SCRIPT_READ_BYTES of a regular file, or undefined (missing, not a file, binary). */
/**
 * The path with every link followed, one component at a time, without touching anything on a
 * slow mount (a link into one, or a directory link on the way, would otherwise reach it); undefined
 * when it leads there, loops or cannot be followed.
 */
function safeRealPath(path: string): string | undefined {
  const rest = path.split('/').filter(Boolean);
  let cur = '/';
  let hops = 0;
  while (rest.length) {
    const comp = rest.shift() ?? '';
    if (comp === '.') continue;
    if (comp === '..') {
      cur = dirname(cur);
      continue;
    }
    const next = cur === '/' ? `/${comp}` : `${cur}/${comp}`;
    if (onSlowMount(next)) return undefined;
    let st;
    try {
      st = lstatSync(next);
    } catch {
      return undefined;
    }
    if (st.isSymbolicLink()) {
      if (++hops > 40) return undefined;
      let target: string;
      try {
        target = readlinkSync(next);
      } catch {
        return undefined;
      }
      rest.unshift(...target.split('/').filter(Boolean));
      if (target.startsWith('/')) cur = '/';
      continue;
    }
    cur = next;
  }
  return cur;
}

export function readHead(path: string): { text: string; truncated: boolean } | undefined {
  const real = safeRealPath(path);
  if (real === undefined) return undefined;
  let fd: number;
  try {
    fd = openSync(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return undefined; // a FIFO or a device would block or never end
    const buf = Buffer.alloc(Math.min(st.size, SCRIPT_READ_BYTES));
    let got = 0;
    while (got < buf.length) {
      const n = readSync(fd, buf, got, buf.length - got, got);
      if (n === 0) break;
      got += n;
    }
    const bytes = buf.subarray(0, got);
    if (bytes.subarray(0, 1024).includes(0)) return undefined; // a compiled program, not a script
    return { text: bytes.toString('utf8'), truncated: st.size > got };
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The first of these files that can be read, with its head (each read once). */
export function firstReadable(paths: string[]): { path: string; text: string; truncated: boolean } | undefined {
  for (const path of paths) {
    const head = readHead(path);
    if (head) return { path, ...head };
  }
  return undefined;
}
