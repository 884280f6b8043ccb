// Which server a client trusts. Same-user mode: files of our own user (or root). Protected mode
// (docs/protected-mode.md): root names the service user's uid in /etc/svc/server.uid; files that
// user owns are trusted too. The locations are fixed: no environment variable can move them.
import { closeSync, fstatSync, lstatSync, openSync, readSync, constants } from 'node:fs';

export const SERVER_UID_FILE = '/etc/svc/server.uid';
/** The eval-only token `svc setup service` leaves for the agents' group. */
export const AGENT_TOKEN_FILE = '/etc/svc/agent-token';
const MAX_SMALL_FILE = 4096;

/** Reads a small regular file (no symlink) when `ok(stat)` accepts its owner and mode. */
function readChecked(path: string, ok: (st: { uid: number; mode: number }) => boolean): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_SMALL_FILE || !ok(st)) return undefined;
    const buf = Buffer.alloc(st.size);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString('utf8');
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** root's, and writable by nobody else. */
function rootOnly(st: { uid: number; mode: number }): boolean {
  return st.uid === 0 && (st.mode & 0o022) === 0;
}

/** The uid in /etc/svc/server.uid when it and /etc/svc are root's alone; undefined otherwise. */
export function trustedServerUid(): number | undefined {
  try {
    const dir = lstatSync('/etc/svc');
    if (!dir.isDirectory() || !rootOnly(dir)) return undefined;
  } catch {
    return undefined;
  }
  const text = readChecked(SERVER_UID_FILE, rootOnly);
  const m = text === undefined ? null : /^(\d{1,10})\n?$/.exec(text);
  if (!m) return undefined;
  const uid = Number(m[1]);
  return uid <= 0x7fffffff ? uid : undefined;
}

/** A file owner a client may believe: itself, root, or the protected-mode server. */
export function trustedOwner(uid: number): boolean {
  if (uid === 0 || uid === process.getuid?.()) return true;
  return uid === trustedServerUid();
}

/**
 * The token in `path` when its owner is trusted and nobody else may write it (a token file
 * planted by another user would make us send our calls under its identity).
 */
export function readTokenFile(path: string): string | undefined {
  const text = readChecked(path, (st) => trustedOwner(st.uid) && (st.mode & 0o022) === 0);
  return text?.trim() || undefined;
}

/** The agents' eval-only token left by `svc setup service`, when root's and not writable by others. */
export function agentTokenFile(): string | undefined {
  return readChecked(AGENT_TOKEN_FILE, rootOnly)?.trim() || undefined;
}

/** Where `svc setup service` put the protected-mode server (root's file, readable by all). */
export const SERVICE_FILE = '/etc/svc/service.json';

export interface ProtectedService {
  dataDir: string;
  url: string;
  socket: string;
}

/**
 * The protected-mode server's data dir, URL and socket, when root wrote them and a trusted server
 * uid is set. Clients use these as defaults so that a hook never falls back to policies the agent
 * itself can write (~/.svc) while a protected server exists.
 */
export function protectedService(): ProtectedService | undefined {
  if (trustedServerUid() === undefined) return undefined;
  const text = readChecked(SERVICE_FILE, rootOnly);
  if (text === undefined) return undefined;
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    if (typeof j.data_dir !== 'string' || typeof j.url !== 'string' || typeof j.socket !== 'string') return undefined;
    if (
      !j.data_dir.startsWith('/') ||
      !j.socket.startsWith('/') ||
      !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(j.url)
    )
      return undefined;
    return { dataDir: j.data_dir, url: j.url, socket: j.socket };
  } catch {
    return undefined;
  }
}
