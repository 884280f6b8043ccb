// SSH forwarding that opens this machine to another host, read from ssh's options in any
// spelling (-R 9000:localhost:22, -R9000:..., -o RemoteForward=..., -oDynamicForward 1080):
//   tunnel-out remote-forward HOST    -R / RemoteForward: the remote host reaches into this machine
//   tunnel-out tun HOST               -w / Tunnel: a network device joined to the remote host's
//   tunnel-out socks-background HOST  -D / DynamicForward left running (-f, nohup, setsid, `&`,
//                                     autossh): a proxy through which anything on this machine
//                                     reaches the network from that host, past egress rules,
//                                     after the session ends
// A SOCKS proxy held in the foreground (`ssh -D 1080 -N me@bastion`, browsing through the
// company bastion) ends with the call, and local forwarding (-L 5432:localhost:5432, a dev
// database through a bastion) is ordinary work: neither is read here.
// Sources: ssh(1) (-D, -R, -L, -w, -f, -N, -o), ssh_config(5) (DynamicForward, RemoteForward,
// Tunnel), autossh(1).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const SSH_TUNNEL_PROGRAMS: readonly string[] = ['ssh', 'autossh', 'plink', 'plink.exe'];

/**
 * PuTTY's command-line client in ssh's spelling (PuTTY User Manual, "Using the command-line
 * connection tool Plink": -R, -L, -D and -N as ssh's; -P port, -pw password, -hostkey, -ssh,
 * -batch its own): `plink -ssh -R 4445:127.0.0.1:445 -pw X relay@host` forwards as ssh -R does.
 */
function plinkAsSsh(argv: readonly string[]): string[] {
  const out = ['ssh'];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (/^-(?:pw|hostkey|pwfile|sercfg|sshlog|sshrawlog|proxycmd|loghost)$/i.test(w)) i++;
    else if (w === '-P') out.push('-p', argv[++i] ?? '');
    else if (
      !/^-(?:ssh|batch|noagent|agent|v|x|t|T|C|4|6|no-antispoof|share|noshare|shareexists|ssh-connection|telnet|rlogin|raw|serial)$/.test(
        w,
      )
    )
      out.push(w);
  }
  return out;
}

/** ssh options that take a value (ssh(1) synopsis). */
const VALUED = new Set('BbcDEeFIiJLlmOoPpRSWw'.split(''));

/** Something in the line keeps a command running after the call returns. */
const DETACHED =
  /(?:^|[^&])&\s*(?:$|;|\))|\bnohup\b|\bsetsid\b|\bdisown\b|\bscreen\s+-\w*d|\btmux\s+new(?:-session)?\b[^;|&]*\s-d\b|\bdaemonize\b/;

interface Forwards {
  remote: boolean;
  dynamic: boolean;
  tun: boolean;
  background: boolean;
  host?: string;
}

function readOptions(argv: string[], autossh: boolean): Forwards {
  const f: Forwards = { remote: false, dynamic: false, tun: false, background: false };
  const option = (o: string) => {
    const [k = '', v = ''] = o.split(/[=\s]+/, 2);
    const key = k.toLowerCase();
    if (key === 'remoteforward' && v) f.remote = true;
    if (key === 'dynamicforward' && v) f.dynamic = true;
    if (key === 'tunnel' && v && v !== 'no') f.tun = true;
  };
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '--') {
      f.host ??= argv[i + 1];
      break;
    }
    if (!w.startsWith('-') || w === '-') {
      f.host ??= w;
      break; // the rest is the remote command
    }
    // a cluster of flags, the last of which may take a value (attached or next word)
    for (let j = 1; j < w.length; j++) {
      const ch = w[j] ?? '';
      if (ch === 'f') f.background = true;
      // autossh's own -M takes the monitoring port
      if (!VALUED.has(ch) && !(autossh && ch === 'M')) continue;
      const attached = w.slice(j + 1);
      const value = attached || argv[i + 1] || '';
      if (!attached) i++;
      if (ch === 'R') f.remote = true;
      if (ch === 'D') f.dynamic = true;
      if (ch === 'w') f.tun = true;
      if (ch === 'o') option(value);
      break;
    }
  }
  return f;
}

function finding(kind: string, host: string | undefined, via: string): Effect {
  return { tool: 'exec', command: `tunnel-out ${kind} ${(host ?? 'host').replace(/[^\w@.:-]/g, '_')}`, via };
}

export function sshTunnelEffects(l: LineView, out: Effect[]): void {
  let detached: boolean | undefined;
  for (const c of l.cmds) {
    const prog = basename(c.argv[0] ?? '')
      .toLowerCase()
      .replace(/\.exe$/, '');
    if (prog !== 'ssh' && prog !== 'autossh' && prog !== 'plink') continue;
    const name = prog === 'plink' ? 'plink' : prog;
    const f = readOptions(prog === 'plink' ? plinkAsSsh(c.argv) : c.argv, name === 'autossh');
    if (f.remote)
      out.push(
        finding(
          'remote-forward',
          f.host,
          `${name} forwards a port on ${f.host ?? 'the remote host'} into this machine`,
        ),
      );
    if (f.tun) out.push(finding('tun', f.host, `${name} joins a tunnel device to ${f.host ?? 'the remote host'}`));
    if (!f.dynamic) continue;
    detached ??= DETACHED.test(l.text);
    if (f.background || name === 'autossh' || detached)
      out.push(
        finding(
          'socks-background',
          f.host,
          `${name} opens a SOCKS proxy through ${f.host ?? 'the remote host'} and leaves it running`,
        ),
      );
  }
}
