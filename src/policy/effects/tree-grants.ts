// Write access to a place outside the user's own files handed to everyone or to another account,
// whatever tool grants it (privilege.ts reads the system folders; this reads the rest):
//   opens-tree PATH            a folder outside home and the temporary folders made writable by
//                              every account (chmod o+w / 777 / 666, icacls Everyone:F /T), or
//                              given recursively to another account or group by ACL (setfacl -R
//                              -m u:NAME:rwx, icacls NAME:(OI)(CI)F /T)
//   machine-path ENTRY         the machine-wide search path (setx /M PATH, [Environment]::
//                              SetEnvironmentVariable('Path', ..., 'Machine')) starting with a
//                              folder any user writes (the profile, Temp, AppData, Public):
//                              every service and administrator then runs that user's programs
// A shared folder is a team's (web roots, data mounts, deploy shares); an agent widening it for
// everyone, or handing it to an account, is a change a human makes. Paths under home, the
// temporary folders and relative ones (the project's) are not read: `chmod -R 777 ./build` is
// the project's business. Sources: chmod(1), setfacl(1) (`-R`, `-m` ACL entries `u:`, `g:`,
// `o:`), icacls (Microsoft Learn: `/grant`, inheritance `(OI)(CI)`, `/T` recursion), setx (`/M`
// sets the machine environment) and Environment.SetEnvironmentVariable's target 'Machine'.
import type { Effect } from './types.js';

function finding(kind: string, path: string, via: string): Effect {
  return { tool: 'privilege', command: `${kind} ${path.replace(/[^A-Za-z0-9@/._:+=,#-]/g, '_').slice(0, 200)}`, via };
}

/** Absolute POSIX or Windows paths that are not the user's own (home, temp) or a device. */
function foreign(path: string): boolean {
  const p = path.replace(/^["']|["']$/g, '');
  if (/^\//.test(p)) return !/^\/(?:home|Users|tmp|var\/tmp|private\/tmp|dev|proc|sys|root)(?:\/|$)|^\/$/.test(p);
  if (/^[A-Za-z]:[\\/]/.test(p)) return !/^[A-Za-z]:[\\/](?:users|temp|tmp)(?:[\\/]|$)/i.test(p);
  return /^\\\\[\w.-]+\\/.test(p);
}

/** Whether an octal or symbolic chmod mode gives write to others. */
function otherWrite(mode: string): boolean {
  if (/^0?[0-7]{3,4}$/.test(mode)) return (parseInt(mode.slice(-1), 8) & 2) !== 0;
  return mode.split(',').some((c) => /^[ugoa]*[ao][ugoa]*[+=][rwxXst]*w/.test(c) || /^[+=][rwxXst]*w/.test(c));
}

const EVERYONE =
  /^["']?(?:everyone|users|authenticated users|builtin[\\/]users|\*S-1-1-0|\*S-1-5-11|\*S-1-5-32-545)["']?:/i;
const WRITE_GRANT = /:\(?(?:\((?:OI|CI|IO|NP|I)\))*\(?(?:F|M|W|RW|WD|AD)\)?$/i;
/** Folders any user of the machine writes: their profile, Temp, AppData, Public. */
const USER_WRITABLE =
  /^["']?(?:%(?:userprofile|temp|tmp|appdata|localappdata|public|homepath)%|\$env:(?:userprofile|temp|tmp|appdata|localappdata|public)|[A-Za-z]:\\users\\|[A-Za-z]:\\(?:temp|tmp)\\|[A-Za-z]:\\windows\\temp)/i;

function chmodGrants(a: string[], out: Effect[]): void {
  let mode: string | undefined;
  const targets: string[] = [];
  for (const w of a.slice(1)) {
    if (w.startsWith('--mode=')) mode = w.slice(7);
    else if (w.startsWith('-') && !/^-[rwxXst]+$/.test(w)) continue;
    else if (mode === undefined) mode = w;
    else targets.push(w);
  }
  if (!mode || !otherWrite(mode)) return;
  for (const t of targets.filter(foreign))
    out.push(finding('opens-tree', t, `chmod ${mode} makes ${t} writable by every account`));
}

function setfaclGrants(a: string[], out: Effect[]): void {
  const recursive = a.some((w) => /^-[a-zA-Z]*R[a-zA-Z]*$|^--recursive$/.test(w));
  const specs: string[] = [];
  const targets: string[] = [];
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (/^-[a-zA-Z]*[mM]$|^--modify$|^--set$/.test(w)) specs.push(a[++i] ?? '');
    else if (/^--(?:modify|set)=/.test(w)) specs.push(w.slice(w.indexOf('=') + 1));
    else if (!w.startsWith('-')) targets.push(w);
  }
  // entries that give write: u:NAME:rwx, g:NAME:rw, o::rwx, m::rwx is the mask and gives nothing
  const writes = specs
    .flatMap((s) => s.split(','))
    .filter((e) => /^(?:d(?:efault)?:)?(?:u|user|g|group|o|other):[^:]*:[rwxX-]*w/.test(e));
  const toOthers = writes.some((e) => /^(?:d(?:efault)?:)?(?:o|other):/.test(e));
  if (!writes.length || !(recursive || toOthers)) return;
  for (const t of targets.filter(foreign))
    out.push(finding('opens-tree', t, `setfacl ${recursive ? '-R ' : ''}gives ${writes.join(',')} on ${t}`));
}

function icaclsGrants(a: string[], out: Effect[]): void {
  const path = a[1] ?? '';
  const g = a.findIndex((w) => /^\/grant(?::r)?$/i.test(w));
  if (g < 0 || !foreign(path)) return;
  const grants = a.slice(g + 1).filter((w) => WRITE_GRANT.test(w) && !w.startsWith('/'));
  const recursive = a.some((w) => /^\/t$/i.test(w));
  // everyone, or anyone at all across a whole tree (the caller's own name excepted)
  const wide = grants.filter((w) => EVERYONE.test(w) || (recursive && !/%username%|\$env:username/i.test(w)));
  if (wide.length)
    out.push(
      finding('opens-tree', path, `icacls grants ${wide.join(' ')} on ${path}${recursive ? ' and all below it' : ''}`),
    );
}

/** setx /M PATH "C:\Users\Public\bin;%PATH%", [Environment]::SetEnvironmentVariable('Path', '...', 'Machine'). */
function machinePath(text: string, out: Effect[]): void {
  const setx = /\bsetx(?:\.exe)?\s+(?:\/m\s+)?path\s+(?:\/m\s+)?["']?([^"'\s]+)/i.exec(text);
  const machine = setx && /\bsetx(?:\.exe)?\b[^;&|\n]*\s\/m\b/i.test(text) ? setx[1] : undefined;
  const env =
    /SetEnvironmentVariable\(\s*["']path["']\s*,\s*["']?([^"',)]+)["']?\s*,\s*["']?(?:\[EnvironmentVariableTarget\]::)?Machine/i.exec(
      text,
    )?.[1];
  const value = machine ?? env;
  if (!value) return;
  const first = value.split(';')[0] ?? '';
  if (USER_WRITABLE.test(first))
    out.push(finding('machine-path', first, `puts ${first}, a folder any user writes, first in the machine's PATH`));
}

/** Grants of one command's words (`name` its program), and the machine PATH set anywhere in `text`. */
export function treeGrantFindings(name: string, a: string[], out: Effect[]): void {
  const n = name.toLowerCase();
  if (n === 'chmod') chmodGrants(a, out);
  else if (n === 'setfacl') setfaclGrants(a, out);
  else if (n === 'icacls') icaclsGrants(a, out);
  else if (n === 'setx' || /setenvironmentvariable/i.test(a.join(' '))) machinePath(a.join(' '), out);
}
