// Root reached by logging in to this same machine as root over SSH, instead of through sudo:
// `ssh root@localhost`, `ssh -l root 127.0.0.1`, `ssh -o User=root ::1`, `sshpass -p X ssh
// root@localhost`, and the same login from code (paramiko `connect('localhost',
// username='root')`, Net::SSH `start('localhost', 'root')`). Whoever holds a key or password
// that root's sshd accepts gets a root shell, past sudo's policy and its log. A port other than
// 22 is another sshd (a container's or a VM's forwarded port) and is not read.
// Read as `root-shell ssh-loopback`, denied by privilege-readings.
// Sources: ssh(1) (user@host, -l, -o User=, -p), sshpass(1), paramiko SSHClient.connect,
// Net::SSH.start.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const LOOPBACK_ROOT_HINT = /root/;

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\]|0\.0\.0\.0|ip6-localhost|localhost\.localdomain)$/i;
/** ssh options that take a value as the next word. */
const SSH_VALUE = /^-[bcDEeFIiJLlmOopQRSWw]$/;

function sshLogsInAsRoot(argv: string[]): boolean {
  let user = '';
  let host = '';
  let port = '';
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '-l') user = argv[++i] ?? '';
    else if (w === '-p') port = argv[++i] ?? '';
    else if (w === '-o') {
      const o = argv[++i] ?? '';
      const m = /^(User|Port)\s*=?\s*(\S+)$/i.exec(o);
      if (m?.[1]?.toLowerCase() === 'user') user = m[2] ?? '';
      else if (m) port = m[2] ?? '';
    } else if (SSH_VALUE.test(w)) i++;
    else if (w.startsWith('-')) continue;
    else {
      const at = w.lastIndexOf('@');
      if (at > 0) user = w.slice(0, at);
      host = (at >= 0 ? w.slice(at + 1) : w).replace(/^ssh:\/\/|:\d+$/g, '');
      break;
    }
  }
  return user === 'root' && LOOPBACK.test(host) && (port === '' || port === '22');
}

/** The ssh command of a launcher (`sshpass -p X ssh ...`), or the command itself. */
function sshOf(argv: string[]): string[] | undefined {
  const name = basename(argv[0] ?? '');
  if (name === 'ssh') return argv;
  if (name === 'sshpass') {
    const i = argv.findIndex((w, j) => j > 0 && basename(w) === 'ssh');
    return i > 0 ? argv.slice(i) : undefined;
  }
  return undefined;
}

const CODE_LOGIN =
  /\.connect\(\s*(?:hostname\s*=\s*)?["'](?:localhost|127\.0\.0\.1|::1)["'][^)]*\busername\s*=\s*["']root["']|Net::SSH\.start\(\s*["'](?:localhost|127\.0\.0\.1)["']\s*,\s*["']root["']/;

export function loopbackRootEffects(line: LineView, out: Effect[]): void {
  for (const c of line.cmds) {
    const ssh = sshOf(c.argv);
    if (ssh && sshLogsInAsRoot(ssh)) {
      out.push({
        tool: 'privilege',
        command: 'root-shell ssh-loopback',
        via: 'logs in to this machine as root over SSH',
      });
      return;
    }
  }
  if (CODE_LOGIN.test(line.text))
    out.push({
      tool: 'privilege',
      command: 'root-shell ssh-loopback',
      via: 'code logs in to this machine as root over SSH',
    });
}
