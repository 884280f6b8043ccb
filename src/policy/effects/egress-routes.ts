// Routes off the machine that the sender table does not name, read by where the data ends up:
//  - a file fed on standard input to a network client (`openssl s_client -connect H:443 < F`,
//    `socat - OPENSSL:H:443 < F`, `telnet H 23 < F`): the file goes to that host. To a host
//    outside this machine and the private network it reads as `uploads-remote` (a raw socket has
//    no other use for a file); through ssh it reads as the scp it amounts to (`scp F HOST:`), so
//    the remote-copy rules decide it (asked; a private host's copy of the working tree passes);
//  - a copy onto a Windows share of another machine (`copy F \\203.0.113.4\drop\`, `robocopy D
//    \\files.example.net\pub`, `Copy-Item F \\host\share`), which the Windows readings spell
//    `cp F //HOST/share/`: it reads as `scp F HOST:/share`, the same copy to another host. A share
//    on the private network (`\\fileserver\builds`, `\\nas.corp.local\x`) is the office's own;
//  - a print job sent to a print server outside (`lp -h print.example.com:631 F`, `lpr -H H F`,
//    CUPS lp(1) and lpr(1)): the document leaves on paper or in a spool elsewhere. It reads as
//    `shares-data` (asked); the office's printers on the private network are not this.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { networkClient } from '../shell-network.js';
import { privateHost } from '../remote-copies.js';
import { isLoopbackHost } from './url-host.js';

/** Programs that copy files, whose last operand (or robocopy's second) is where they land. */
const COPIERS = /^(?:cp|copy|xcopy|robocopy|mv|move|copy-item|move-item|cpi|mi|rsync)$/i;
/** A Windows share path, as written or as the Windows readings spell it. */
const UNC = /^(?:\\\\|\/\/)([A-Za-z0-9][A-Za-z0-9.-]*|\[[0-9a-fA-F:.]+\])[\\/]+([^\\/]*)/;

const q = (w: string) => `'${w.replace(/'/g, `'\\''`)}'`;

function inside(host: string): boolean {
  return isLoopbackHost(host) || privateHost(host);
}

/** A file on a network client's standard input goes to the host it connects to. */
function socketInput(c: SimpleCommand, out: Effect[]): void {
  const input = c.redirs.find((r) => r.op === '<' && (r.fd === '' || r.fd === '0'))?.target;
  if (!input || input === '/dev/null' || input === '-') return;
  const ep = networkClient(c.argv);
  if (!ep) return;
  const host = ep.host.replace(/^\[|\]$/g, '');
  if (ep.via === 'ssh') {
    out.push({ tool: 'exec', command: `scp ${q(input)} ${host}:`, via: `ssh sends ${input} to ${host}` });
    return;
  }
  out.push({ tool: 'read', path: input, via: `${ep.via} sends ${input} to ${host}` });
  if (!inside(host))
    out.push({
      tool: 'exec',
      command: `uploads-remote ${ep.via.replace(/\s+/g, '-')} ${host}`,
      via: `${ep.via} sends ${input} to ${host}`,
    });
}

/** A copy whose destination is a share on another machine. */
function shareCopy(c: SimpleCommand, out: Effect[]): void {
  const name = basename(c.argv[0] ?? '');
  if (!COPIERS.test(name)) return;
  // cmd's copiers take /SWITCH options; elsewhere a word starting with / is a path
  const switches = /^(?:copy|xcopy|robocopy|move)$/i.test(name);
  const ops = c.argv.slice(1).filter((w) => !w.startsWith('-') && !(switches && /^\/[A-Za-z]{1,8}(?::\S*)?$/.test(w)));
  const k = ops.findIndex((w, i) => i > 0 && UNC.test(w));
  if (k < 1) return;
  const m = UNC.exec(ops[k] ?? '');
  const host = (m?.[1] ?? '').replace(/^\[|\]$/g, '');
  if (!host || inside(host)) return;
  const sources = ops.slice(0, k).filter((w) => !UNC.test(w));
  if (!sources.length) return;
  out.push({
    tool: 'exec',
    command: `scp -r ${sources.map(q).join(' ')} ${host}:/${m?.[2] ?? ''}`,
    via: `${name} copies ${sources.join(' ')} to a share on ${host}`,
  });
}

/** A print job for a print server outside the private network. */
function remotePrint(c: SimpleCommand, out: Effect[]): void {
  const name = basename(c.argv[0] ?? '');
  if (name !== 'lp' && name !== 'lpr') return;
  const hostOpt = name === 'lp' ? '-h' : '-H';
  const withArg = new Set(['-d', '-P', '-n', '-#', '-o', '-t', '-T', '-q', '-U', '-J', '-C', '-H', '-h', '-P']);
  let host: string | undefined;
  const files: string[] = [];
  for (let i = 1; i < c.argv.length; i++) {
    const w = c.argv[i] ?? '';
    if (w === hostOpt) host = c.argv[i + 1];
    else if (w.startsWith(hostOpt) && w.length > 2) host = w.slice(2);
    if (withArg.has(w)) i++;
    else if (!w.startsWith('-')) files.push(w);
  }
  const h = host?.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  if (!h || inside(h) || !files.length) return;
  out.push({
    tool: 'exec',
    command: `shares-data ${(files[0] ?? '').replace(/[^\w@/.:~-]/g, '_')} to ${h.replace(/[^\w.:-]/g, '_')}`,
    via: `${name} prints ${files.join(' ')} on ${h}, a print server outside the private network`,
  });
}

/** The routes above, for one simple command. */
export function routeEffects(c: SimpleCommand, out: Effect[]): void {
  if (c.redirs.length) socketInput(c, out);
  if (c.argv.length > 2) {
    shareCopy(c, out);
    remotePrint(c, out);
  }
}
