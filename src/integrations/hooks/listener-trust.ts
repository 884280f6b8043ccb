// In protected mode (docs/protected-mode.md) the agent cannot stop the server, but if the server
// is down it could start its own on the same loopback port and answer every hook with allow. So a
// hook there only talks to a loopback listener whose owner is trusted (itself, root, or the uid
// root named in /etc/svc/server.uid); anything else counts as "server away". Linux only (the
// owner of a listening socket is read from /proc/net/tcp); elsewhere, and in same-user mode, no
// check is made.
import { readFileSync } from 'node:fs';
import { protectedService, trustedOwner } from '../../util/server-uid.js';

const LISTEN = '0A';

/** uid owning the TCP socket listening on `port`, from /proc/net/tcp and tcp6. */
export function listenerUid(port: number, files = ['/proc/net/tcp', '/proc/net/tcp6']): number | undefined {
  for (const f of files) {
    let text: string;
    try {
      text = readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const local = cols[1];
      if (cols.length < 8 || cols[3] !== LISTEN || local === undefined) continue;
      if (parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port) return Number(cols[7]);
    }
  }
  return undefined;
}

/** Why the server at `url` is not to be asked, or undefined when it may be. */
export function distrustOf(url: string): string | undefined {
  if (process.platform !== 'linux' || !protectedService()) return undefined;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!(host === 'localhost' || host === '::1' || /^127\./.test(host))) return undefined;
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const uid = listenerUid(port);
  if (uid === undefined || trustedOwner(uid)) return undefined;
  return `the listener on port ${port} belongs to uid ${uid}, not to the svc server named in /etc/svc/server.uid`;
}
