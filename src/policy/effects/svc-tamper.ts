// Switching svc off, read from what a command selects and does rather than how it is spelled.
// Each finding is a `tamper` call whose command is a short sentence the standard policy
// (svc-tamper-readings) decides:
//   stops-svc VIA       a signal, debugger or tracer aimed at processes that include svc's server
//                       (picked by name, full command line, port 9090, its socket, pid or lock
//                       file), or a service manager stopping, disabling or masking svc's unit
//   admin VERB          svc's own admin commands however svc is started (node .../svc.js,
//                       npx svc-firewall, a path into the package): approve, deny, token,
//                       setup --remove, a weaker second server, policy changes
//   admin-http ROUTE    svc's admin HTTP routes that decide approvals or change rules
//   env-strip NAME      interpreter code removing or replacing the variables that carry the
//                       preload library and steer the clients, or starting a program with an
//                       emptied environment
// What svc is (names, command lines, port, paths) lives in svc-identity.ts.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import { COMMANDS } from '../../util/svc-commands.js';
import { simpleCommands, type SimpleCommand } from './walk.js';
import { expandGlobs, programEffects } from './programs.js';
import { fileWriterEffects } from './file-writers.js';
import type { LineView as LineFacts } from './line-view.js';
import { lineMethod, svcApiEffects } from './svc-api.js';
import { diskFillEffects } from './disk-fill.js';
import { isSvcProgram, isSvcUnit, patternSelectsSvc, SVC_PATH, SVC_PORT } from './svc-identity.js';
import { table } from '../../util/lookup-table.js';
import { configFileStopsSvc, configManagementStops } from './svc-config-mgmt.js';
import { withoutKeywords } from './leading-keywords.js';
import { envConfigEffects } from './svc-env-configs.js';
import { controlHttpEffects, LOCAL_URL_HINT } from './svc-control-http.js';

/**
 * The reading's gate (svcTamperEffects), a necessary condition for each of its parts to find
 * something: a word of the line's text (TAMPER_HINT), a program it runs (TAMPER_PROGRAMS) or an
 * effect found so far on a file writesOf or resolvePaths reads (watchedEffect). Start-up files, agents'
 * instruction files and editors' settings are known by the writes' resolved paths rather than by
 * `rc`, `.md`, `profile` or `settings` anywhere in the text, which every `src/`, `README.md` or
 * `--profile` opened; and the interpreter code envStrip reads is named by its own words rather
 * than any `env` (`.venv`, `.env`, `environment`).
 */
export const TAMPER_HINT =
  /svc|SetEnvironmentVariable|9090|kill|systemctl|launchctl|service|gdb|strace|ltrace|supervisorctl|pm2|\bsv\b|LD_PRELOAD|LD_AUDIT|DYLD_INSERT|environ|%ENV|ENV\.clear|clearenv|unsetenv|\benv\s*[:=]|exec[lv]e|\.claude|\.codex|\.gemini|\.cursor|\.copilot|\.mcp|\.vscode|find|\bfd\b|xargs|busybox|toybox|sash|-static|Stop-Process|spps|taskkill|schtasks|renice|ionice|\bchrt\b|taskset|\bsc\s|\bnet\s+(?:stop|pause)|setx|\/dev\/(?:zero|u?random|full)|\byes\b|fallocate|\/v1\/|\/approve\/|npm (?:root|prefix|config get prefix)|(?:\$\(|`)\s*(?:ls|echo|realpath|readlink|printf)\b|\$\{PATH[#/]/i;

/**
 * The programs the per-command parts read by name (argv, after quotes and escapes are taken off:
 * `f\ind` or `sys''temctl` hides the word from TAMPER_HINT, not the program from the walk), and
 * those whose lines need not name any word of TAMPER_HINT at all.
 */
const TAMPER_PROGRAMS = new Set([
  // stopsSvc: signals, debuggers, tracers, limits and priorities aimed at pids, service managers
  'kill',
  'pkill',
  'killall',
  'skill',
  'xargs',
  'gdb',
  'lldb',
  'strace',
  'ltrace',
  'perf',
  'prlimit',
  'cpulimit',
  'renice',
  'ionice',
  'chrt',
  'taskset',
  'fuser',
  'systemctl',
  'launchctl',
  'service',
  'rc-service',
  'sv',
  'supervisorctl',
  'pm2',
  // configuration management asked for svc's service down (svc-config-mgmt.ts)
  'ansible',
  'salt',
  'salt-call',
  'salt-ssh',
  'puppet',
  'chef-apply',
  'chef-client',
  'chef-solo',
  'cinc-client',
  'pyinfra',
  'taskkill',
  'taskkill.exe',
  'schtasks',
  'schtasks.exe',
  'stop-process',
  'spps',
  'setx',
  'setx.exe',
  // perCommand: payloads run by find and fd, shells the preload library never sees
  'find',
  'fd',
  'fdfind',
  'sash',
  'bash-static',
  'zsh-static',
  'busybox-static',
  'busybox.static',
  // sandboxMounts: launchers that mount over paths
  'bwrap',
  'proot',
  'firejail',
  // listenerPaths: the socket file a listener creates
  'nc',
  'ncat',
  'netcat',
  'nc.openbsd',
  'nc.traditional',
  'socat',
]);

/**
 * An effect found so far whose path writesOf or resolvePaths reads: a write to a start-up,
 * instruction or settings file, a delete, chmod or read of a folder that holds protected files
 * (also where a glob named it: `rm -rf ~/*` reaches ~/.claude).
 */
function watchedEffect(e: Effect): boolean {
  if (!e.path) return false;
  if (e.tool === 'write') {
    if (RC_FILE.test(e.path) || INSTRUCTIONS.test(e.path)) return true;
    return e.content === undefined && EDITOR_SETTINGS.test(e.path.replace(/\/+$/, ''));
  }
  if (e.tool !== 'delete' && e.tool !== 'chmod' && e.tool !== 'read') return false;
  const p = e.path.replace(/\/+$/, '');
  return HOLDS.some(([re]) => re.test(p));
}

function finding(sentence: string, via: string): Effect {
  return { tool: 'tamper', command: sentence.replace(/[^\x20-\x7e]/g, '_').slice(0, 300), via };
}

const PORT_WORD = new RegExp(`(?:^|[:=/\\s])${SVC_PORT}(?:$|[/\\s])|^${SVC_PORT}$`);

/** Options with a value, per process tool. */
const PKILL_VALUED = new Set([
  '-u',
  '-U',
  '-g',
  '-G',
  '-P',
  '-s',
  '-t',
  '--signal',
  '-F',
  '--pidfile',
  '--ns',
  '--nslist',
]);

/** pkill / pgrep / killall / skill: does the command select svc's server by itself? */
function selfSelects(argv: string[]): boolean {
  const name = basename(argv[0] ?? '');
  let full = false;
  let icase = false;
  let regex = name !== 'killall';
  const pats: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '-F' || w === '--pidfile') {
      if (SVC_PATH.test(argv[i + 1] ?? '')) return true;
      i++;
      continue;
    }
    if (w.startsWith('--')) {
      if (w === '--full') full = true;
      if (w === '--ignore-case') icase = true;
      if (w === '--regexp') regex = true;
      if (PKILL_VALUED.has(w)) i++;
      continue;
    }
    if (w.startsWith('-') && w.length > 1) {
      if (PKILL_VALUED.has(w)) {
        i++;
        continue;
      }
      if (/^-[A-Z]+$|^-\d+$/.test(w)) continue; // a signal
      if (w.includes('f') && name !== 'killall') full = true;
      if (w.includes('i')) icase = true;
      if (w.includes('r') && name === 'killall') regex = true;
      continue;
    }
    pats.push(w);
  }
  return pats.some((p) =>
    regex ? patternSelectsSvc(p, full, icase) : ['node', 'nodejs', 'svc'].includes(icase ? p.toLowerCase() : p),
  );
}

/** PowerShell's process listings, as the line's programs name them. */
const PS_PROCESS_LISTS = ['Get-Process', 'get-process', 'gps', 'ps', 'Get-CimInstance', 'Get-WmiObject', 'gwmi'];

/** A command whose output lists processes that include svc's server (its pids or ps lines). */
function selectsSvc(c: SimpleCommand, line: LineFacts): boolean {
  const a = c.argv;
  const name = basename(a[0] ?? '');
  const rest = a.slice(1);
  switch (name) {
    case 'pgrep':
      return selfSelects(a);
    case 'pidof':
      return rest.some((w) => !w.startsWith('-') && ['node', 'nodejs', 'svc'].includes(basename(w)));
    case 'lsof':
    case 'fuser':
    case 'ss':
    case 'netstat':
    case 'sockstat':
      return (
        rest.some((w) => SVC_PATH.test(w) || PORT_WORD.test(w) || w.includes(`:${SVC_PORT}`)) ||
        (name !== 'lsof' && name !== 'fuser' && line.text.includes(SVC_PORT))
      );
    case 'cat':
    case 'head':
    case 'tail':
    case 'xargs':
      return rest.some((w) => SVC_PATH.test(w)) || c.redirs.some((r) => r.op === '<' && SVC_PATH.test(r.target));
    case 'grep':
    case 'egrep':
    case 'awk':
      // ss -xlp | grep svc.sock, netstat -tlnp | grep 9090: a socket listing narrowed to svc's
      if (['ss', 'netstat', 'sockstat', 'lsof'].some((p) => line.programs.has(p)))
        if (
          rest.some(
            (w) =>
              !w.startsWith('-') &&
              (SVC_PATH.test(w) || /svc\.sock/.test(w) || PORT_WORD.test(w) || w.includes(`:${SVC_PORT}`)),
          )
        )
          return true;
      // ps ... | grep PATTERN: the pattern is matched against full command lines
      if (!line.programs.has('ps')) return false;
      return rest
        .filter((w) => !w.startsWith('-'))
        .slice(0, 1)
        .some((p) =>
          patternSelectsSvc(name === 'awk' ? p.replace(/^.*?\/(.*?)\/.*$/s, '$1') : p, true, a.includes('-i')),
        );
    case 'systemctl':
      return rest.includes('show') && rest.some(isSvcUnit);
    case 'Get-Process':
    case 'get-process':
    case 'gps':
      // `Get-Process node`, `gps -Name node`: every node process, the server's among them, as the
      // catalogue's `Get-Process node | Stop-Process` (policies/catalogues/svc-self.yaml) reads it
      // however it is launched (sudo, gsudo); a listing with more options stays the catalogue's
      return (
        (rest.length === 1 || (rest.length === 2 && /^-(?:Name|ProcessName)$/i.test(rest[0] ?? ''))) &&
        /^(?:node|nodejs|svc)$/i.test(rest[rest.length - 1] ?? '')
      );
    case '?':
    case 'where':
    case 'Where-Object':
    case 'where-object':
      // Get-Process | ? { $_.Path -like '*\svc*' }: a filter on processes that names svc
      return (
        PS_PROCESS_LISTS.some((p) => line.programs.has(p)) && rest.some((w) => !w.startsWith('-') && /svc/i.test(w))
      );
    default:
      return false;
  }
}

/** Sends a stopping signal, attaches a debugger or tracer to pids chosen elsewhere in the line. */
function sendsToChosen(a: string[]): string | undefined {
  const name = basename(a[0] ?? '');
  if (name === 'kill') {
    if (
      a.some(
        (w, i) =>
          w === '-l' ||
          w === '-L' ||
          w === '-0' ||
          (/^-(?:s|n)$/.test(w) && /^(?:0|CONT|SIGCONT)$/.test(a[i + 1] ?? '')) ||
          /^-(?:SIG)?CONT$/.test(w),
      )
    )
      return undefined;
    return 'kill';
  }
  if (name === 'xargs') {
    const k = a.findIndex((w, i) => i > 0 && !w.startsWith('-') && basename(w) === 'kill');
    return k > 0 ? sendsToChosen(a.slice(k)) : undefined;
  }
  if (
    (name === 'gdb' || name === 'lldb') &&
    a.some((w) => w === '-p' || w === '--pid' || w.startsWith('--pid=') || /^(?:attach|--attach-pid)\b/.test(w.trim()))
  )
    return name;
  if ((name === 'strace' || name === 'ltrace' || name === 'perf') && a.some((w) => w === '-p' || /^-p\d/.test(w)))
    return name;
  // a descriptor or CPU limit put on the server starves it: its clients time out (renice only slows)
  if ((name === 'prlimit' || name === 'cpulimit') && a.some((w) => /^(?:-p|--pid)(?:=|\d|$)/.test(w))) return name;
  // the lowest priority (renice 19, ionice idle, chrt idle) aimed at the server: its answers come
  // after the hooks' timeout, and a hook that times out follows the fail-open rule
  if (name === 'renice' || name === 'ionice' || name === 'chrt' || name === 'taskset') return name;
  // PowerShell: Get-Process | ? { ... } | Stop-Process stops whatever the filter let through
  const ps = name.toLowerCase();
  if (ps === 'stop-process' || ps === 'spps') return 'Stop-Process';
  // ... | % Kill, | ForEach-Object { $_.Kill() }: the Process object's own Kill method on each
  if (
    (ps === '%' || ps === 'foreach' || ps === 'foreach-object') &&
    a.slice(1).some((w) => /^(?:-MemberName\s+)?['"]?Kill['"]?$|\.Kill\s*\(/i.test(w))
  )
    return 'Kill()';
  return undefined;
}

/** Service managers: the verbs that stop, disable or rewrite a unit, and where its names are. */
const MANAGERS: Record<string, { verbs: RegExp; valued: ReadonlySet<string>; nameFirst?: boolean }> = table({
  systemctl: {
    verbs: /^(?:stop|kill|disable|mask|freeze|edit|revert|set-property|clean)$/,
    valued: new Set([
      '-s',
      '--signal',
      '-H',
      '--host',
      '-M',
      '--machine',
      '-p',
      '--property',
      '--kill-whom',
      '--kill-value',
      '-t',
      '--type',
      '--state',
      '-n',
      '--lines',
      '-o',
      '--output',
      '--root',
      '--what',
    ]),
  },
  launchctl: { verbs: /^(?:unload|bootout|remove|kill|stop|disable)$/, valued: new Set(['-S', '-D']) },
  service: { verbs: /^(?:stop|disable|force-stop)$/, valued: new Set(), nameFirst: true },
  'rc-service': { verbs: /^(?:stop|zap)$/, valued: new Set(), nameFirst: true },
  sv: { verbs: /^(?:down|stop|kill|exit|force-stop|force-shutdown|d|k|x)$/, valued: new Set(['-w']) },
  supervisorctl: { verbs: /^(?:stop|remove|signal)$/, valued: new Set(['-c', '-s', '-u', '-p']) },
  pm2: { verbs: /^(?:stop|delete|del|kill)$/, valued: new Set() },
  'rc-update': { verbs: /^(?:del|delete)$/, valued: new Set() },
  'update-rc.d': { verbs: /^(?:disable|remove)$/, valued: new Set(), nameFirst: true },
  chkconfig: { verbs: /^off$/, valued: new Set(['--level']), nameFirst: true },
  // Windows: sc.exe and net.exe stop or remove a service by name (svc's, when installed as one)
  sc: { verbs: /^(?:stop|pause|delete|config|failure)$/, valued: new Set() },
  net: { verbs: /^(?:stop|pause)$/, valued: new Set() },
  docker: { verbs: /^(?:stop|kill|rm|pause)$/, valued: new Set(['-s', '--signal', '-t', '--time']) },
  podman: { verbs: /^(?:stop|kill|rm|pause)$/, valued: new Set(['-s', '--signal', '-t', '--time']) },
});

function managerStops(a: string[]): string | undefined {
  let name = basename(a[0] ?? '');
  let args = a.slice(1);
  if (name === 'brew' && args[0] === 'services') {
    name = 'brew services';
    args = args.slice(1);
    return /^(?:stop|kill)$/.test(args[0] ?? '') && args.slice(1).some(isSvcUnit) ? name : undefined;
  }
  const m = MANAGERS[name];
  if (!m) return undefined;
  const ops: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] ?? '';
    if (w.startsWith('-')) {
      if (m.valued.has(w)) i++;
      continue;
    }
    ops.push(w);
  }
  if (m.nameFirst) return ops.length >= 2 && m.verbs.test(ops[1] ?? '') && isSvcUnit(ops[0] ?? '') ? name : undefined;
  const v = ops.findIndex((w) => m.verbs.test(w));
  if (v < 0) return undefined;
  // launchctl kill SIGNAL TARGET
  return ops.slice(v + 1).some(isSvcUnit) ? `${name} ${ops[v]}` : undefined;
}

const INTERPRETERS = [
  'python',
  'python3',
  'python2',
  'node',
  'nodejs',
  'perl',
  'ruby',
  'php',
  'lua',
  'deno',
  'bun',
  'osascript',
  'pwsh',
  'powershell',
  // R and Julia one-liners (Rscript -e, julia -e): file.remove/unlink/writeLines, rm/write
  'Rscript',
  'rscript',
  'R',
  'julia',
];

function runsAny(l: LineFacts, names: ReadonlySet<string>): boolean {
  for (const p of l.programs) if (names.has(p)) return true;
  return false;
}

/** The line runs svc's CLI: a program named svc, svc.js or the package, however it was quoted. */
function runsSvcCli(l: LineFacts): boolean {
  for (const p of l.programs) if (isSvcProgram(p)) return true;
  return false;
}

function runsInterpreter(l: LineFacts): boolean {
  for (const p of l.programs) if (INTERPRETERS.includes(p) || /^python\d/.test(p)) return true;
  return false;
}

/** `k=kill; ... $k -STOP $p`: a program word held in a variable bound once to a literal. */
function literalProgram(a: string[], text: string): string[] {
  const m = /^\$\{?([A-Za-z_]\w*)\}?$/.exec(a[0] ?? '');
  if (!m) return a;
  const values = new Set<string>();
  for (const v of text.matchAll(new RegExp(`(?:^|[;&|\\s(])${m[1] ?? ''}=(['"]?)([\\w./-]+)\\1(?=[;\\s&|)]|$)`, 'g')))
    values.add(v[2] ?? '');
  const only = values.size === 1 ? [...values][0] : undefined;
  return only ? [only, ...a.slice(1)] : a;
}

/**
 * taskkill by an image name or filter that names svc (`/IM svc.exe`, `/FI "WINDOWTITLE eq svc*"`),
 * schtasks ending, disabling or deleting a task named for svc, PowerShell's Stop-Process on svc.
 */
function windowsStops(name: string, a: string[]): string | undefined {
  const words = a.slice(1);
  const valueOf = (flag: string) =>
    words.flatMap((w, i) => (w.toLowerCase() === flag ? [words[i + 1] ?? ''] : [])).join(' ');
  if (name === 'taskkill') {
    const im = valueOf('/im').toLowerCase();
    // every node.exe is a developer's everyday "stop my dev servers" on Windows: only svc by name
    if (/^svc(?:\.exe)?$|^\*$|\bsvc/.test(im) || /svc/i.test(valueOf('/fi'))) return 'taskkill';
  }
  if (name === 'schtasks' && words.some((w) => /^\/(?:end|delete|change)$/i.test(w))) {
    const changes = words.some((w) => /^\/(?:end|delete|disable)$/i.test(w));
    if (changes && /svc/i.test(valueOf('/tn'))) return 'schtasks';
  }
  if (/^(?:stop-process|spps)$/.test(name) && words.some((w) => /^['"]?svc(?:\.exe)?['"]?$/i.test(w)))
    return 'Stop-Process';
  // Sysinternals PsSuspend freezes a process by name or pid (`pssuspend svc`; -r resumes)
  if (
    /^pssuspend(?:64)?(?:\.exe)?$/.test(name) &&
    !words.includes('-r') &&
    words.some((w) => /^svc(?:\.exe)?$/i.test(w))
  )
    return 'pssuspend';
  return undefined;
}

/** Processes and services: anything that stops, freezes or attaches to svc's server. */
function stopsSvc(l: LineFacts, out: Effect[]): void {
  let sender: string | undefined;
  let chosen = false;
  for (const c of l.cmds) {
    // for p in $(pgrep node); do kill $p; done
    const a = literalProgram(withoutKeywords(c.argv), l.text);
    const name = basename(a[0] ?? '');
    const m = managerStops(a) ?? configManagementStops(a);
    if (m) {
      out.push(finding(`stops-svc ${m}`, `${m} stops svc's service`));
      return;
    }
    if ((name === 'pkill' || name === 'killall' || name === 'skill') && selfSelects(a)) {
      out.push(finding(`stops-svc ${name}`, `${name} selects svc's server`));
      return;
    }
    const win = windowsStops(name.replace(/\.exe$/i, '').toLowerCase(), a);
    if (win) {
      out.push(finding(`stops-svc ${win}`, `${win} stops svc's server or its task`));
      return;
    }
    if (name === 'fuser' && a.some((w) => /^-[a-zA-Z]*k/.test(w)) && selectsSvc({ ...c, argv: a }, l)) {
      out.push(finding('stops-svc fuser', "fuser -k stops what holds svc's port or socket"));
      return;
    }
    sender ??= sendsToChosen(a);
    if (!chosen && selectsSvc({ ...c, argv: a }, l)) chosen = true;
  }
  if (sender && chosen) {
    out.push(finding(`stops-svc ${sender}`, `${sender} aimed at processes that include svc's server`));
    return;
  }
  // interpreter code signalling a pid it read from svc's files or found by svc's name or port
  if (
    runsInterpreter(l) &&
    /\b(?:os\.kill|process\.kill|Process\.kill|kill\s*\(|\.kill\(|Stop-Process|kill\s+['"]?-?(?:\d+|SIG\w+|KILL|TERM|STOP|INT|HUP|QUIT)['"]?\s*,|taskkill)/.test(
      l.text,
    ) &&
    (SVC_PATH.test(l.text) || /svc.{0,8}serve|svc\.js|9090/.test(l.text))
  )
    out.push(finding('stops-svc code', "interpreter code signals svc's server"));
}

/** The arguments svc's CLI gets, however it is started; undefined when the command is not svc. */
/** The runtime's option (before svc's own arguments) that loads other code into svc's server. */
function codeInto(a: string[], args: string[]): string | undefined {
  const w = a.slice(1, a.length - args.length).find((x) => CODE_INTO.test(x));
  return w?.split('=')[0];
}

function svcArgs(a: string[]): string[] | undefined {
  const name = basename(a[0] ?? '');
  if (isSvcProgram(a[0] ?? '')) return a.slice(1);
  let i = 1;
  if (name === 'node' || name === 'nodejs' || name === 'bun' || name === 'deno') {
    // node's options that take their value as the next word (`--require ./x.js bin/svc.js`)
    while (i < a.length && (a[i] ?? '').startsWith('-')) i += NODE_VALUED.test(a[i] ?? '') ? 2 : 1;
    if (name === 'deno' && a[i] === 'run') for (i++; i < a.length && (a[i] ?? '').startsWith('-');) i++;
    return isSvcProgram(a[i] ?? '') ? a.slice(i + 1) : undefined;
  }
  if (
    name === 'npx' ||
    name === 'pnpx' ||
    name === 'bunx' ||
    ((name === 'npm' || name === 'pnpm' || name === 'yarn') && /^(?:exec|x|dlx)$/.test(a[1] ?? ''))
  ) {
    if (name === 'npm' || name === 'pnpm' || name === 'yarn') i = 2;
    for (; i < a.length; i++) {
      const w = a[i] ?? '';
      if (w === '--') continue;
      if (w === '-p' || w === '--package') {
        i++;
        continue;
      }
      if (!w.startsWith('-')) break;
    }
    const pkg = (a[i] ?? '').replace(/@[^/@]*$/, '');
    return pkg === 'svc-firewall' || pkg === 'svc' ? a.slice(i + 1) : undefined;
  }
  return undefined;
}

/** node/bun options whose value is the next word (nodejs.org, Command-line API). */
const NODE_VALUED =
  /^(?:-r|--require|--import|--loader|--experimental-loader|-C|--conditions|--env-file|--title|--input-type|--preserve-symlinks-main|--stack-size|--max-old-space-size|--inspect-port|--cpu-prof-dir|--heap-prof-dir|--diagnostic-dir|--redirect-warnings|--icu-data-dir|--openssl-config|--tls-keylog|--watch-path|--preload)$/;

/** node options that load code of the caller's into the process before the program: inside svc's server, that code decides. */
const CODE_INTO =
  /^(?:-r|--require|--import|--loader|--experimental-loader|--preload|--inspect(?:-brk|-wait)?|--inspect-port|--experimental-policy|--disable-proto)(?:=|$)/;

const WEAKER_SERVE = /^--(?:config|replace-base|data-dir|audit-dir|policy|socket)(?:=|$)/;

/** What an svc command does that only the user may do. */
function adminVerb(args: string[]): string | undefined {
  if (args.some((w) => w === '--help' || w === '-h')) return undefined;
  // an option no svc command has that says what it would do: run unchecked
  const dash = args.indexOf('--');
  const off = (dash < 0 ? args : args.slice(0, dash)).find((w) => OFF_OPTION.test(w));
  if (off) return `option ${off.split('=')[0] ?? off}`;
  const [sub, second] = [args[0] ?? '', args[1] ?? ''];
  if (sub === 'approve' || sub === 'deny') return sub;
  if (sub === 'pending' && second === 'approve') return 'approve';
  if (sub === 'token' && /^(?:create|revoke|rotate)$/.test(second)) return `token ${second}`;
  // --remove is setup's own flag; the others are what an agent guesses it is called
  if (sub === 'setup' && !args.includes('--dry-run')) {
    const off = args.find((w) => UNDO_FLAG.test(w));
    if (off) return `setup ${off.split('=')[0] ?? off}`;
  }
  if (sub === 'serve') {
    const mode = args.findIndex((w) => w === '--mode' || w.startsWith('--mode='));
    const m =
      mode < 0 ? 'enforce' : (args[mode] ?? '').includes('=') ? (args[mode] ?? '').split('=')[1] : args[mode + 1];
    if (m !== 'enforce') return `serve --mode ${m ?? ''}`;
    const w = args.find((x) => WEAKER_SERVE.test(x));
    if (w) return `serve ${w.split('=')[0]}`;
    return undefined;
  }
  if (
    sub === 'policy' &&
    (second === 'promote' || second === 'set' || (second === 'reload' && args.includes('--accept-removal')))
  )
    return `policy ${second}`;
  // rules, policies and tokens changed by a verb svc may not have (svc policy import URL, svc
  // rules add --allow ...): a guessed way of loosening them is still an attempt to
  if (/^(?:policy|policies|rules|rule|token|tokens|audit|config|mode|hooks?)$/.test(sub) && MUTATING_VERB.test(second))
    return `${sub} ${second}`;
  if (sub === 'audit' && /^(?:rotate|prune|truncate|delete)$/.test(second)) return `audit ${second}`;
  if (sub === 'init' && profileOf(args) !== undefined && !STRICT_ENOUGH.has(profileOf(args) ?? ''))
    return 'init --profile';
  // A subcommand svc does not have (stop, disable, pause, off, uninstall ...) is an attempt to
  // switch it off: whatever a later version might make of it, it is not the agent's to run.
  if (/^[a-z][a-z-]*$/.test(sub) && !Object.hasOwn(COMMANDS, sub) && sub !== 'help' && sub !== 'version') return sub;
  return undefined;
}

/** Options an agent guesses would make svc let everything through (svc has none of them). */
const OFF_OPTION =
  /^--(?:fail-open|no-enforce|no-check|no-checks|unchecked|allow-all|bypass|disable|disabled|off|no-policy|no-policies|skip-policy|insecure|yolo|permissive)(?:=|$)/;

/** Flags that undo svc's setup, its own (--remove) and the guessed ones. */
const UNDO_FLAG = /^--(?:remove|uninstall|undo|disable|delete|purge|unset|off|revert|unhook|unregister|clean)(?:=|$)/;

/** Second words that change svc's rules, policies, tokens or audit rather than show them. */
const MUTATING_VERB =
  /^(?:add|set|unset|import|load|apply|edit|remove|rm|delete|del|disable|enable|off|allow|forget|clear|reset|learn|push|replace|write|update|accept|pause|override|append|drop|prune|truncate|rotate|wipe)$/;

/** Profiles a starter policy may layer on without weakening the shipped default. */
const STRICT_ENOUGH = new Set(['standard', 'strict']);

function profileOf(args: string[]): string | undefined {
  const at = args.findIndex((w) => w === '--profile' || w.startsWith('--profile='));
  if (at < 0) return undefined;
  const w = args[at] ?? '';
  return w.includes('=') ? w.slice(w.indexOf('=') + 1) : (args[at + 1] ?? '');
}

function svcAdmin(l: LineFacts, out: Effect[]): void {
  for (const c of l.cmds) {
    const a = withoutKeywords(c.argv);
    const args = svcArgs(a);
    const v = args && adminVerb(args);
    if (v) out.push(finding(`admin ${v}`, `runs svc ${v}`));
    else if (args?.[0] === 'serve' && codeInto(a, args)) {
      out.push(finding(`admin serve ${codeInto(a, args)}`, "starts svc's server with other code loaded into it"));
    } else if (args?.[0] === 'serve') {
      const starved = starvedServe(l.text);
      if (starved) out.push(finding(`admin serve ${starved}`, `starts svc's server ${starved}`));
    }
  }
}

/**
 * Limits a server cannot work under, set for svc's server as it starts: a handful of file
 * descriptors (each call is a socket and the audit log a file: `ulimit -n 3`), a few megabytes of
 * memory (node needs tens), a CPU-seconds limit (the kernel kills it when used up), a tiny file
 * size (the audit log cannot grow). svc then fails on its first calls and the hooks' fallback or a
 * fail-open agent runs unchecked. Raising a limit (`ulimit -n 65535`) is ordinary and reads as
 * nothing. Sources: bash(1) `ulimit`, prlimit(1), systemd.resource-control(5).
 */
function starvedServe(text: string): string | undefined {
  for (const m of text.matchAll(/\bulimit\s+((?:-[A-Za-z]+\s+)*)(\d+)\b/g)) {
    const flags = (m[1] ?? '').replace(/[\s-HS]/g, '') || 'f';
    const n = Number(m[2]);
    for (const f of flags) {
      if (f === 'n' && n < 256) return `with ulimit -n ${n}`;
      if ((f === 'v' || f === 'm' || f === 'd') && n < 1_000_000) return `with ulimit -${f} ${n}`;
      if (f === 't' || (f === 'u' && n < 64) || (f === 'f' && n < 100_000) || (f === 's' && n < 256))
        return `with ulimit -${f} ${n}`;
    }
  }
  // a shifted clock (faketime, libfaketime's FAKETIME): approvals and once-grants expire or never
  // do, and the audit log's times stop saying when a call was made
  if (/(?:^|[\s;&|(])(?:faketime|datefudge)\s|\bFAKETIME=|libfaketime/.test(text)) return 'under a shifted clock';
  const pr = /\bprlimit\b[^;&|]*--(nofile|as|data|rss|cpu|nproc|fsize)=(\d+)/.exec(text);
  if (pr) {
    const n = Number(pr[2]);
    const low: Record<string, number> = { nofile: 256, as: 1e9, data: 1e9, rss: 1e9, nproc: 64, fsize: 1e8 };
    if (pr[1] === 'cpu' || n < (low[pr[1] ?? ''] ?? 0)) return `with prlimit --${pr[1] ?? ''}=${n}`;
  }
  const sd = /\b(LimitNOFILE|LimitAS|LimitCPU|MemoryMax|MemoryHigh|CPUQuota|TasksMax)=(\d+)(%|[KMG]?)/.exec(text);
  if (sd) {
    const n = Number(sd[2]) * ({ K: 1024, M: 1 << 20, G: 1 << 30 }[sd[3] ?? ''] ?? 1);
    const low: Record<string, number> = {
      LimitNOFILE: 256,
      LimitAS: 1e9,
      MemoryMax: 1e8,
      MemoryHigh: 1e8,
      TasksMax: 8,
      CPUQuota: 5,
    };
    if (sd[1] === 'LimitCPU' || n < (low[sd[1] ?? ''] ?? 0)) return `with ${sd[1] ?? ''}=${sd[2] ?? ''}${sd[3] ?? ''}`;
  }
  return undefined;
}

/** svc's routes that decide approvals or change the rules (server/approvals.ts, rules-routes.ts, status-routes.ts). */
const ADMIN_ROUTE =
  /\/v1\/approvals\/(?:[^/\s'"?]+\/resolve|bulk-resolve)|\/v1\/rules\/learn|\/v1\/policy\/reload|\/approve\/req_|\/v1\/approvals\/[^/\s'"?]+\/(?:approve|deny)/;

function adminHttp(l: LineFacts, out: Effect[]): void {
  const seen = new Set<string>();
  const consider = (text: string, via: string) => {
    const m = ADMIN_ROUTE.exec(text);
    if (m && !seen.has(m[0])) {
      seen.add(m[0]);
      out.push(finding(`admin-http ${m[0]}`, via));
    }
  };
  for (const e of out) if (e.tool === 'fetch' && e.url) consider(e.url, `reaches svc's admin route ${e.url}`);
  // any other route of svc's API by hand: changed (deny) or mapped (ask), see svc-api.ts
  const method = lineMethod(l.text);
  const urls = new Set<string>();
  for (const e of out) if (e.tool === 'fetch' && e.url) urls.add(e.url);
  for (const m of l.text.matchAll(/(?:https?:\/\/)?(?:localhost|127\.[\d.]+|0\.0\.0\.0|\[::1?\]):\d+\/[^\s'"`)]*/g))
    urls.add(m[0]);
  const api: Effect[] = [];
  for (const u of urls) api.push(...svcApiEffects(u, method, `reaches ${u}`));
  for (const e of api) {
    if (seen.has(e.command ?? '')) continue;
    seen.add(e.command ?? '');
    out.push(e);
  }
  // auto-allowed rules deleted over HTTP
  if (
    /\/v1\/rules\/auto-allowed/.test(l.text) &&
    /\bDELETE\b/.test(l.text) &&
    /curl|wget|http|fetch|request/.test(l.text)
  )
    out.push(finding('admin-http /v1/rules/auto-allowed DELETE', "deletes svc's learned rules over HTTP"));
  // raw sockets and interpreter code carry the request as text
  if (/\/dev\/tcp\/|\bnc\b|ncat|socat|python|node|perl|ruby/.test(l.text))
    consider(l.text, "sends a request to svc's admin route");
}

/** Interpreter code connecting to svc's socket: only svc's own clients speak its protocol. */
const SOCKET_CONNECT =
  /\.connect\(|AF_UNIX|createConnection|net\.connect|UNIXSocket|IO::Socket::UNIX|socketPath|unix_socket|UnixDomainSocketEndPoint/;
const SVC_SOCKET = /\.svc\/[^'"\s]*\.sock|svc\.sock\b|\/var\/lib\/svc\/[^'"\s]*sock|\$\{?SERVICE_SOCKET\b/;

/**
 * Programs that open a Unix socket named on their line, and the option that names it (socat(1)
 * UNIX-CONNECT/UNIX-CLIENT/UNIX:, nc -U, ncat -U, curl --unix-socket/--abstract-unix-socket,
 * websocat ws+unix:). svc's socket may live anywhere (--socket, SERVICE_SOCKET), so it is known
 * by its file name.
 */
const SOCKET_CLIENTS: Record<string, RegExp> = table({
  socat: /^(?:UNIX(?:-CONNECT|-CLIENT|-SENDTO)?|GOPEN|OPEN):/i,
  nc: /^-[a-zA-Z]*U[a-zA-Z]*$/,
  ncat: /^(?:-[a-zA-Z]*U[a-zA-Z]*|--unixsock)$/,
  netcat: /^-[a-zA-Z]*U[a-zA-Z]*$/,
  curl: /^--(?:abstract-)?unix-socket(?:=|$)/,
  websocat: /^ws\+unix:/,
});

function svcSocket(l: LineFacts, out: Effect[]): void {
  if (!SVC_SOCKET.test(l.text)) return;
  for (const c of l.cmds) {
    const opens = SOCKET_CLIENTS[basename(c.argv[0] ?? '')];
    if (opens && c.argv.some((w) => opens.test(w)) && c.argv.some((w) => SVC_SOCKET.test(w))) {
      out.push(finding('admin-http socket', `${basename(c.argv[0] ?? '')} talks to svc's socket directly`));
      return;
    }
  }
  if (!runsInterpreter(l) || !SOCKET_CONNECT.test(l.text)) return;
  out.push(finding('admin-http socket', "interpreter code talks to svc's socket directly"));
}

/** The variables that carry the preload library and steer svc's clients (policies/catalogues/svc-self.yaml, environment). */
const GUARDED =
  /\b(LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|SERVICE_(?:URL|TOKEN|FAIL_OPEN|HOME|SOCKET|REAL_SHELL|PRELOAD_[A-Z0-9_]+|HOOK_[A-Z0-9_]+|APPROVAL_WAIT|KEYS|MODE))\b/g;
const REMOVES_BEFORE =
  /(?:\bdel\b|\bdelete\b|\bpop\b|\bunset\w*|\bremove\w*|Remove-Item|\.delete\b|putenv)[^;\n]{0,40}$/i;
const ASSIGNS_AFTER = /^['"\]}]*\s*\]?\s*(?:=(?![=~])|\|\|=)/;
/** A program started with an environment given whole (which drops LD_PRELOAD unless it is copied in). */
const EMPTY_ENV =
  /environ\.clear\(\)|%ENV\s*=\s*\(|ENV\.clear\b|\bclearenv\s*\(|unsetenv_others|\benv\s*[:=]\s*\{(?![^}]*(?:\.\.\.\s*process\.env|\*\*\s*os\.environ|LD_PRELOAD|\benviron\b|process\.env\s*[,}]))[^}]*\}|\bexecve\s*\([^()]*(?:\([^()]*\)[^()]*)*,\s*\{|\bexecle\s*\(/;

function envStrip(l: LineFacts, out: Effect[]): void {
  if (!runsInterpreter(l)) return;
  const t = l.text;
  const found = new Set<string>();
  for (const m of t.matchAll(GUARDED)) {
    const i = m.index ?? 0;
    const name = m[1] ?? '';
    const before = t.slice(Math.max(0, i - 48), i);
    const after = t.slice(i + m[0].length, i + m[0].length + 8);
    // shell-level export/unset are read by derive.ts; here only code inside the interpreter's text
    if (
      /(?:^|[\s;&|])(?:export|unset|env\s+-u)\s+$/.test(before) ||
      (/(?:^|[\s;&|])$/.test(before) && /^=/.test(after))
    )
      continue;
    if (REMOVES_BEFORE.test(before) || ASSIGNS_AFTER.test(after)) found.add(name);
  }
  if (EMPTY_ENV.test(t)) found.add('*');
  for (const n of found)
    out.push(
      finding(
        `env-strip ${n}`,
        n === '*'
          ? 'interpreter code starts a program with an environment of its own (no preload library)'
          : `interpreter code removes or replaces ${n}`,
      ),
    );
}

/** Words that stand for svc's own paths: its data directory variable, where its programs are. */
const SVC_WORDS: [RegExp, string][] = [
  [/^\$\{?SERVICE_HOME(?::?[-=][^}]*)?\}?/, '~/.svc'],
  // npm's global package directory, where svc's package is installed
  [/^\$\(\s*npm root (?:-g|--global)\s*\)|^`\s*npm root (?:-g|--global)\s*`/, '/usr/local/lib/node_modules'],
  [/^\$\(\s*npm (?:prefix|config get prefix) (?:-g|--global)\s*\)(?=\/lib\/node_modules)/, '/usr/local'],
  [
    /^\$\(\s*(?:svc|npx svc-firewall|node \S*svc\.js) preload-path\s*\)|^`\s*svc preload-path\s*`/,
    '/usr/local/lib/node_modules/svc-firewall/build/Release/libsvc.so',
  ],
  [
    /^\$\(\s*(?:which|command -v|type -[pP]|whereis)\s+(svc(?:-hook|-shim)?)\s*\)|^`\s*(?:which|command -v)\s+(svc(?:-hook|-shim)?)\s*`/,
    '/usr/local/bin/$1$2',
  ],
];

/**
 * Directories whose removal or move takes protected files with it, and one such file: a delete of
 * ~/.claude/hooks deletes the hooks, a move of .claude moves its settings away; a recursive copy
 * of ~/.svc reads its token.
 */
const HOLDS: [RegExp, string][] = [
  [/(?:^|\/)\.claude$/, 'settings.json'],
  [/(?:^|\/)\.claude\/hooks$/, 'svc-hook.sh'],
  [/(?:^|\/)\.codex$/, 'config.toml'],
  [/(?:^|\/)\.gemini$/, 'settings.json'],
  [/(?:^|\/)\.cursor$/, 'hooks.json'],
  [/(?:^|\/)\.copilot$/, 'hooks/svc.json'],
  [/(?:^|\/)\.copilot\/hooks$/, 'svc.json'],
  [/(?:^|\/)\.svc$/, 'token'],
];

/** Settings edited in place with text the line does not show (sed -i, perl -pi): the edit's text is its command. */
const EDITOR_SETTINGS = /(?:^|\/)(?:settings(?:\.local)?\.json|[^/]*\.code-workspace|opencode\.jsonc?)$/;

function resolvePaths(l: LineFacts, out: Effect[]): void {
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const e = out[i];
    if (!e?.path) continue;
    for (const [re, to] of SVC_WORDS) {
      if (!re.test(e.path)) continue;
      out.push({ ...e, path: e.path.replace(re, to), via: `${e.via} (${to})` });
      break;
    }
    // a target computed by $(ls ...)/$(find ...) is among the paths that command lists
    const sub = /^(?:\$\(|`)\s*(ls|find|fd|fdfind|echo|realpath|readlink|printf)\b([^)`]*)/.exec(e.path);
    const listed = sub ? /(?:^|\s)['"]?((?:~|\$\{?HOME\}?|\/)[^\s'"`)|]*)/.exec(sub[2] ?? '') : null;
    if (listed?.[1]) {
      const name = /-i?name\s+['"]?([^\s'"]+)/.exec(sub?.[2] ?? '')?.[1];
      // find and fd print the paths of the entries under the directory: those are the operands
      const walks = /^(?:find|fd|fdfind)$/.test(sub?.[1] ?? '') && !listed[1].includes('*');
      const dir = listed[1].replace(/\/+$/, '');
      const path = name && !listed[1].includes('*') ? `${dir}/${name}` : walks ? `${dir}/*` : listed[1];
      out.push({ ...e, path, via: `${e.via} (${path})` });
      // ~/.aws/* names ~/.aws/credentials among what the walk hands over
      if (walks) expandGlobs(out, out.length - 1);
    }
    const p = e.path.replace(/\/+$/, '');
    for (const [re, child] of HOLDS)
      if (
        re.test(p) &&
        (e.tool === 'delete' ||
          e.tool === 'chmod' ||
          (e.tool === 'read' && child === 'token' && /-[a-zA-Z]*[rR]|tar|zip|rsync/.test(l.text)))
      )
        out.push({ ...e, path: `${p}/${child}`, via: `${e.via} (with ${p}/${child})` });
    if (e.tool === 'write' && e.content === undefined && EDITOR_SETTINGS.test(p))
      out.push({ ...e, content: l.text, via: `${e.via} (edited in place)` });
  }
}

/** A word quoted for the shell. */
const q = (w: string) => (/^[\w@%+=:,./~*?[\]-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/** The writes, deletes and reads of `text` whose path holds `mark` (the file a find or xargs hands over). */
function effectsOn(text: string, mark: string, via: string, out: Effect[]): void {
  for (const c of simpleCommands(text)) {
    const own: Effect[] = [];
    programEffects(c, own);
    fileWriterEffects(c, undefined, own);
    for (const e of own) if (e.path && e.tool !== 'fetch') out.push({ ...e, via: `${via} (${mark}): ${e.via}` });
  }
}

/**
 * find ROOT -name N -exec CMD {} ;  and  find ROOT -exec sh -c '... "$1"' _ {} ;  act on ROOT/N
 * (or the -path pattern): the payload is read with that path in place of {} and $1, so what it
 * writes, deletes or reads meets the path rules.
 */
function findPayloads(a: string[], out: Effect[]): void {
  let i = 1;
  while (i < a.length && /^-[HLP]$/.test(a[i] ?? '')) i++;
  const starts: string[] = [];
  while (i < a.length && !/^[-(!)]/.test(a[i] ?? '')) starts.push(a[i++] ?? '');
  if (!starts.length) starts.push('.');
  let name: string | undefined;
  let path: string | undefined;
  const payloads: string[][] = [];
  for (; i < a.length; i++) {
    const w = a[i] ?? '';
    // `! -name '*.pub'`, `-not -path ...`: a negated test names what is left out, not the targets
    // (`find ~/.ssh -name 'id_*' ! -name '*.pub' -exec cat {} +` reads the private keys)
    if ((w === '!' || w === '-not') && /^-(?:i?name|i?path|wholename)$/.test(a[i + 1] ?? '')) i += 2;
    else if (w === '-name' || w === '-iname') name = a[++i];
    else if (w === '-path' || w === '-ipath' || w === '-wholename') path = a[++i];
    else if (w === '-exec' || w === '-execdir' || w === '-ok' || w === '-okdir') {
      const cmd: string[] = [];
      for (i++; i < a.length && a[i] !== ';' && a[i] !== '\\;' && a[i] !== '+'; i++) cmd.push(a[i] ?? '');
      if (cmd.length) payloads.push(cmd);
    }
  }
  if (!payloads.length) return;
  const targets = path
    ? [name && !path.endsWith(name) ? `${path.replace(/\/?\*?$/, '')}/${name}` : path]
    : starts.slice(0, 4).map((st) => `${st.replace(/\/+$/, '')}/${name ?? '*'}`);
  for (const t of targets)
    for (const p of payloads) {
      const words = p.map((w) => w.split('{}').join(t));
      const sh = /^(?:sh|bash|dash|zsh)$/.test(basename(words[0] ?? '')) ? words.indexOf('-c') : -1;
      if (sh > 0 && words[sh + 1] !== undefined) {
        const script = (words[sh + 1] ?? '').replace(/"?\$(?:1|@|\{1\}|\{@\})"?/g, q(t));
        effectsOn(script, t, `find runs on ${t}`, out);
      } else effectsOn(words.map(q).join(' '), t, `find runs on ${t}`, out);
    }
}

/** fd options that take a value (fd 8-10 manual); the first other word is the pattern, the rest roots. */
const FD_VALUE =
  /^(?:-e|--extension|-t|--type|-E|--exclude|-d|--max-depth|--min-depth|--exact-depth|-S|--size|--changed-within|--changed-before|-o|--owner|-j|--threads|--base-directory|--search-path|-c|--color|--max-results|--ignore-file|--path-separator|--format|--batch-size)$/;

/**
 * fd PATTERN ROOT -x CMD (once per result, `{}` or the path appended) and -X CMD (once with all
 * of them): what CMD reads, writes or deletes is read with ROOT's entries in place of the
 * results, as a find's -exec is (findPayloads), so `fd . ~/.ssh -x cat` meets the credential
 * rules and `fd -e pub . ~/.ssh` (a listing) does not.
 */
function fdPayloads(a: string[], out: Effect[]): void {
  const positional: string[] = [];
  const exts: string[] = [];
  const payloads: string[][] = [];
  for (let i = 1; i < a.length; i++) {
    const w = a[i] ?? '';
    if (w === '-x' || w === '--exec' || w === '-X' || w === '--exec-batch') {
      const cmd: string[] = [];
      for (i++; i < a.length && a[i] !== ';' && a[i] !== '\\;'; i++) cmd.push(a[i] ?? '');
      if (cmd.length) payloads.push(cmd);
      continue;
    }
    if (FD_VALUE.test(w)) {
      const v = a[++i] ?? '';
      if (w === '-e' || w === '--extension') exts.push(v.replace(/^\./, ''));
      else if (w === '--search-path' || w === '--base-directory')
        positional.push(...(positional.length ? [v] : ['.', v]));
      continue;
    }
    if (!w.startsWith('-')) positional.push(w);
  }
  const roots = positional.slice(1, 5);
  const targets = (roots.length ? roots : ['.']).flatMap((r) => {
    const root = r.replace(/\/+$/, '');
    return exts.length ? exts.map((e) => `${root}/*.${e}`) : [`${root}/*`];
  });
  for (const t of targets)
    for (const p of payloads) {
      const words = p.some((w) => w.includes('{}')) ? p.map((w) => w.split('{}').join(t)) : [...p, t];
      effectsOn(words.map(q).join(' '), t, `fd runs on ${t}`, out);
    }
}

/** ls GLOB | xargs PROG, echo PATHS | xargs PROG: PROG gets the listed paths as operands. */
function xargsLists(c: SimpleCommand, piped: () => boolean, out: Effect[]): void {
  const name = basename(c.argv[0] ?? '');
  const finds = name === 'find' && !c.argv.some((w) => /^-(?:exec|execdir|ok|okdir|delete)$/.test(w));
  if (!finds && name !== 'ls' && name !== 'echo' && name !== 'printf' && name !== 'realpath' && name !== 'readlink')
    return;
  // the walk takes xargs off the consumer (it is a launcher): the line says it was there
  const x = c.pipedInto && basename(c.pipedInto[0] ?? '') !== 'xargs' ? ['xargs', ...c.pipedInto] : c.pipedInto;
  if (!x || !piped()) return;
  if (finds) {
    // `find ROOT FILTERS -print0 | xargs -0 PROG`: PROG gets what the find picks, as with
    // `find ROOT FILTERS -exec PROG {} +` (findPayloads reads the targets from the filters)
    let j = 1;
    while (j < x.length && (x[j] ?? '').startsWith('-'))
      j += /^-[IdEnLPs]$|^--(?:delimiter|max-args|replace)$/.test(x[j] ?? '') ? 2 : 1;
    const payload = x.slice(j);
    if (payload.length)
      findPayloads([...c.argv.filter((w) => !/^-(?:print0?|fprint0?)$/.test(w)), '-exec', ...payload, '{}', '+'], out);
    return;
  }
  const listed = c.argv.slice(1).filter((w) => !w.startsWith('-') && (name !== 'printf' || !w.includes('%')));
  let k = 1;
  while (k < x.length && (x[k] ?? '').startsWith('-'))
    k += /^-[IdEnLPs]$|^--(?:delimiter|max-args|replace)$/.test(x[k] ?? '') ? 2 : 1;
  const prog = x.slice(k);
  if (!prog.length || !listed.length) return;
  const own: Effect[] = [];
  programEffects({ argv: [...prog, ...listed], quoted: [], redirs: [], assigns: [], unsets: [] }, own);
  for (const e of own) out.push({ ...e, via: `xargs ${prog[0] ?? ''} gets what ${name} lists: ${e.via}` });
}

/** Programs disk-fill.ts reads. */
const DISK_FILLERS = new Set(['dd', 'cat', 'yes', 'fallocate', 'head']);

/** Programs that only look at a file (svc's preload library may be named to them). */
const LOOKS_ONLY = new Set([
  'ls',
  'file',
  'ldd',
  'nm',
  'readelf',
  'objdump',
  'strings',
  'sha256sum',
  'sha1sum',
  'md5sum',
  'stat',
  'cat',
  'less',
  'head',
  'grep',
  'rg',
  'echo',
  'printf',
  'svc',
  'which',
  'realpath',
  'readlink',
  'du',
  'wc',
  'test',
  '[',
  'export',
  'env',
  'printenv',
  'git',
  'find',
  'locate',
]);

/** Shells that run their commands without exec (applets in the same process) or are linked statically: the preload library sees none of it. */
const UNCHECKED_SHELL = /^(?:sash|bash-static|zsh-static|busybox-static|busybox\.static)$/;

/** Variables named for svc that a user or a guess could make switch it off. */
const SVC_SWITCH =
  /^(?:SVC_[A-Z0-9_]*(?:DISABLE|OFF|MODE|FAIL|BYPASS|SKIP|ENABLE|ALLOW|MONITOR|PERMISSIVE|ENFORCE)[A-Z0-9_]*|NO_SVC|DISABLE_SVC[A-Z0-9_]*|SVC_OFF)$/;

function perCommand(l: LineFacts, out: Effect[]): void {
  // busybox and toybox are taken off as launchers by the walk; their shells run applets in-process
  // (the names looked for first: the pattern tries a path at every space of a long line)
  const bb =
    l.text.includes('busybox') || l.text.includes('toybox')
      ? /(?:^|[\s;&|(`])(?:\S*\/)?(busybox|toybox)\s+(sh|ash|hush|msh|bash)\b/.exec(l.text)
      : null;
  if (bb)
    out.push(
      finding(
        `unchecked-shell ${bb[1] ?? ''} ${bb[2] ?? ''}`,
        `${bb[1] ?? ''} ${bb[2] ?? ''} runs applets in one process, which the preload library never sees`,
      ),
    );
  // tested once per line, not once per command: a long script has thousands of commands
  let xargsPiped: boolean | undefined;
  const piped = () => (xargsPiped ??= /\|\s*xargs\b/.test(l.text));
  for (const c of l.cmds) {
    const a = withoutKeywords(c.argv);
    const name = basename(a[0] ?? '');
    if (name === 'find' && a.some((w) => /^-(?:exec|execdir|ok|okdir)$/.test(w))) findPayloads(a, out);
    if ((name === 'fd' || name === 'fdfind') && a.some((w) => /^(?:-x|-X|--exec|--exec-batch)$/.test(w)))
      fdPayloads(a, out);
    if (DISK_FILLERS.has(name)) diskFillEffects({ ...c, argv: a }, out);
    if (c.pipedInto) xargsLists(c, piped, out);
    if (UNCHECKED_SHELL.test(name))
      out.push(
        finding(
          `unchecked-shell ${name}`,
          `${name} runs commands the preload library never sees (applets run in one process)`,
        ),
      );
    if (!LOOKS_ONLY.has(name) && a.slice(1).some((w) => /libsvc\.(?:so|dylib)/.test(w)))
      out.push(finding(`preload-lib ${name}`, `${name} changes or unloads svc's preload library`));
    const pairs: [string, string][] = [
      ...c.assigns.map((x): [string, string] => [x.name, x.value]),
      ...(name === 'export' || name === 'setenv' || name === 'env'
        ? a.slice(1).map((w): [string, string] => [w.split('=')[0] ?? '', w.slice(w.indexOf('=') + 1)])
        : []),
    ];
    // csh's `setenv NAME VALUE` takes the value as the next word
    if (name === 'setenv' && a[1] && !a[1].includes('=')) pairs.push([a[1], a[2] ?? '']);
    for (const [n, v] of pairs)
      if (SVC_SWITCH.test(n) || (SVC_WHERE.test(n) && (STARTS_AGENT.test(l.text) || NOWHERE.test(v))))
        out.push(finding(`env-set ${n}`, `sets ${n}${NOWHERE.test(v) ? ` to ${v || 'nothing'}` : ''}`));
    // the variables set for every later service or login: launchctl setenv, systemctl
    // set-environment (the user manager's environment, which svc's unit inherits), Windows setx
    for (const v of managerEnv(name.replace(/\.exe$/i, '').toLowerCase(), a))
      out.push(finding(`env-set ${v}`, `${name} sets ${v} for the services it starts`));
    for (const [n, v] of managerValues(name.replace(/\.exe$/i, '').toLowerCase(), a)) {
      const shadow = steers(n, v);
      if (shadow) out.push(finding(`shadows-svc ${n}`, `${name} ${shadow} for everything started later`));
    }
    // svc's unit stopped over D-Bus, as systemctl does it (org.freedesktop.systemd1.Manager's
    // StopUnit, KillUnit, FreezeUnit, DisableUnitFiles, MaskUnitFiles; busctl(1), gdbus(1), dbus-send(1))
    if (
      /^(?:busctl|gdbus|dbus-send|qdbus|qdbus6)$/.test(name) &&
      a.some((w) => /(?:^|\.)(?:Stop|Kill|Freeze|Reload|Restart)Unit$|(?:^|\.)(?:Disable|Mask)UnitFiles$/.test(w)) &&
      a.some((w) => isSvcUnit(w.replace(/^(?:string|array:string):/, '')))
    )
      out.push(finding(`stops-svc ${name}`, `${name} asks systemd over D-Bus to stop or disable svc's unit`));
    // bash's command hash pointed elsewhere for svc (`hash -p /bin/true svc`): the name runs that program
    if (name === 'hash' && a.includes('-p') && a.slice(1).some((w) => /^svc(?:-hook|-shim)?$/.test(w)))
      out.push(finding('shadows-svc hash', "points the shell's svc at another program"));
    // PATH with its first entry cut off (where `svc wrap` and setup put svc-shim) or svc-shim filtered
    // out of it, for the rest of the line: `${PATH#*:}`, `$(echo $PATH | tr ':' '\n' | grep -v shim ...)`
    if (name === 'export' || name === 'declare' || name === 'typeset')
      for (const w of a.slice(1)) {
        const m = /^(PATH|LD_PRELOAD)=(.*)$/s.exec(w);
        if (!m) continue;
        const v = m[2] ?? '';
        if (/\$\{(?:PATH|LD_PRELOAD)(?:#|\/)/.test(v) || (/\bgrep\s+-v\b|\bsed\b/.test(v) && /shim|svc/.test(v)))
          out.push(finding(`shadows-svc ${m[1] ?? ''}`, `cuts svc's entry out of ${m[1] ?? ''}`));
      }
    // a sandbox that mounts over paths before running its program (bubblewrap's --tmpfs/--bind DEST,
    // proot's -b SRC:DEST, firejail's --blacklist/--tmpfs/--bind): inside it, DEST is replaced or
    // hidden, as a write of DEST would (svc's socket, policies, agents' settings: bwrap(1), proot(1),
    // firejail(1))
    for (const p of sandboxMounts(name, a)) out.push({ tool: 'write', path: p, via: `${name} mounts over ${p}` });
    // svc's commands redefined in the shell that runs the rest of the line (`alias svc=true`)
    if (name === 'alias' && a.slice(1).some((w) => /^svc(?:-hook|-shim)?=/.test(w)))
      out.push(finding('shadows-svc alias', 'redefines svc in the shell that runs what follows'));
    // an impostor taking svc's port before it does: a raw listener on 9090
    if (/^(?:nc|ncat|netcat|nc\.openbsd|nc\.traditional|socat)$/.test(name) && listensOnSvcPort(name, a))
      out.push(finding(`shadows-svc port ${SVC_PORT}`, `${name} listens on svc's port ${SVC_PORT}`));
    // a listener made on a socket path (an impostor on svc's socket): creating that file
    for (const p of listenerPaths(name, a)) out.push({ tool: 'write', path: p, via: `${name} listens on ${p}` });
    // svc's package removed by any package manager
    if (
      /^(?:npm|pnpm|yarn|bun|npx|brew|apt|apt-get|dnf|yum|pip|pip3|pipx|cargo|gem|choco|winget|scoop)$/.test(name) &&
      a.some((w) => /^(?:uninstall|un|unlink|remove|rm|r|purge|erase)$/.test(w)) &&
      a.some((w) => /^svc(?:-firewall)?(?:@|$)/.test(w))
    )
      out.push(finding(`admin uninstall ${name}`, `${name} removes svc's package`));
    // svc's package replaced by a build from elsewhere: a tarball, a directory, a git or URL source
    if (
      /^(?:npm|pnpm|yarn|bun)$/.test(name) &&
      a.some((w) => /^(?:install|i|add|link|ln)$/.test(w)) &&
      a.some((w) => /svc-firewall/.test(w) && /^(?:\.{0,2}\/|~|git\+|github:|https?:|file:)|\.tgz$|\.tar\.gz$/.test(w))
    )
      out.push(finding(`admin replace ${name}`, `${name} replaces svc's package with a build from elsewhere`));
  }
}

/** The variables that steer svc, as a service manager or setx names them. */
const STEERING = /^(?:LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES|SERVICE_[A-Z0-9_]+)$/;

function managerEnv(name: string, a: string[]): string[] {
  const words = a.slice(1);
  const names = (from: string[]) => from.map((w) => w.split('=')[0] ?? '').filter((n) => STEERING.test(n));
  if (name === 'launchctl' && /^(?:setenv|unsetenv)$/.test(words[0] ?? '')) return names(words.slice(1, 2));
  if (name === 'systemctl') {
    const v = words.findIndex((w) => /^(?:set-environment|unset-environment|import-environment)$/.test(w));
    return v < 0 ? [] : names(words.slice(v + 1));
  }
  if (name === 'setx') return names(words.filter((w) => !w.startsWith('/')).slice(0, 1));
  // setx's registry behind it: `reg add HKCU\Environment /v NAME /d VALUE` (the user's) or the
  // Session Manager's Environment key (the machine's), read by every process started after
  // (reg add /?, Microsoft Learn); PowerShell's Set-ItemProperty/New-ItemProperty on the same keys
  const envKey = (w: string) =>
    /^(?:HKCU|HKEY_CURRENT_USER|HKLM|HKEY_LOCAL_MACHINE):?[\\/](?:.*[\\/])?Environment$/i.test(w);
  if (name === 'reg' && /^add$/i.test(words[0] ?? '') && envKey(words[1] ?? '')) {
    const v = words.findIndex((w) => /^[/-]v$/i.test(w));
    return v < 0 ? [] : names([words[v + 1] ?? '']);
  }
  if (/^(?:set-itemproperty|new-itemproperty|sp)$/.test(name) && words.some(envKey)) {
    const v = words.findIndex((w) => /^-name$/i.test(w));
    return v < 0 ? [] : names([words[v + 1] ?? '']);
  }
  return [];
}

/**
 * The PATH, SHELL or preload value a service manager or the user's registry environment is given
 * (systemctl --user set-environment PATH=..., launchctl setenv PATH ..., setx PATH ..., reg add
 * HKCU\\Environment /v Path /d ...), to be read by steers().
 */
function managerValues(name: string, a: string[]): [string, string][] {
  const words = a.slice(1);
  const watched = (n: string) => /^(?:PATH|Path|SHELL)$/.test(n);
  if (name === 'launchctl' && words[0] === 'setenv' && watched(words[1] ?? ''))
    return [[words[1] ?? '', words[2] ?? '']];
  if (name === 'systemctl' && words.includes('set-environment'))
    return words
      .filter((w) => w.includes('='))
      .map((w): [string, string] => [w.split('=')[0] ?? '', w.slice(w.indexOf('=') + 1)])
      .filter(([n]) => watched(n));
  if (name === 'setx') {
    const ops = words.filter((w) => !/^[/-]/.test(w));
    return watched(ops[0] ?? '') ? [[ops[0] ?? '', ops[1] ?? '']] : [];
  }
  if (name === 'reg' && /^add$/i.test(words[0] ?? '')) {
    const v = words.findIndex((w) => /^[/-]v$/i.test(w));
    const d = words.findIndex((w) => /^[/-]d$/i.test(w));
    const n = words[v + 1] ?? '';
    return v >= 0 && d >= 0 && watched(n) ? [[n, words[d + 1] ?? '']] : [];
  }
  return [];
}

/**
 * .NET's [Environment]::SetEnvironmentVariable(NAME, VALUE, 'User'|'Machine') from PowerShell:
 * the registry environment every later process starts with (Microsoft Learn,
 * Environment.SetEnvironmentVariable). The value's string pieces are joined (`'C:\\Windows;' +
 * $env:PATH`).
 */
const DOTNET_SETENV =
  /\[(?:System\.)?Environment\]::SetEnvironmentVariable\(\s*['"](\w+)['"]\s*,\s*((?:[^,()]|\([^()]*\))*?)\s*(?:,\s*['"]?(?:\[(?:System\.)?EnvironmentVariableTarget\]::)?(\w+)['"]?\s*)?\)/gi;

function dotnetEnv(text: string, out: Effect[]): void {
  if (!/SetEnvironmentVariable/i.test(text)) return;
  for (const m of text.matchAll(DOTNET_SETENV)) {
    const n = m[1] ?? '';
    const v = (m[2] ?? '')
      .replace(/['"]\s*\+\s*/g, '')
      .replace(/\s*\+\s*['"]/g, '')
      .replace(/^['"]|['"]$/g, '');
    if (STEERING.test(n.toUpperCase()) || SVC_SWITCH.test(n.toUpperCase()))
      out.push(finding(`env-set ${n.toUpperCase()}`, `sets ${n} for every process the user starts later`));
    const shadow = steers(/^path$/i.test(n) ? 'PATH' : n, v);
    if (shadow) out.push(finding(`shadows-svc ${n}`, `[Environment]::SetEnvironmentVariable ${shadow}`));
  }
}

/** Variables a guess would have steer where svc's clients look: fatal when an agent starts with them. */
const SVC_WHERE =
  /^SVC_(?:URL|HOST|ADDR|ADDRESS|ENDPOINT|SERVER|SOCKET|TOKEN|HOME|DATA_DIR|DIR|CONFIG|POLICY|POLICIES|PRELOAD|HOOK)[A-Z0-9_]*$/;
/**
 * A value that points svc's clients nowhere (`SVC_POLICY=/dev/null`, `SVC_SOCKET=/tmp/none.sock`,
 * an empty value): every later command of the line finds no service and runs unchecked, whatever
 * starts after it.
 */
const NOWHERE = /^(?:|\/dev\/null|\/(?:tmp|var\/tmp|dev\/shm)\/\S*|none|null|nil|off|false|0|disabled?|x)$/i;
const STARTS_AGENT =
  /(?:^|[\s;&|(])(?:claude|codex|gemini|cursor-agent|aider|copilot|opencode|amp|goose|qwen|svc)(?:\s|$)/;

/** nc -l [-p] 9090, socat TCP-LISTEN:9090: a listener on svc's port. */
function listensOnSvcPort(name: string, a: string[]): boolean {
  if (name === 'socat') return a.some((w) => new RegExp(`^TCP[46]?-L(?:ISTEN)?:${SVC_PORT}(?:,|$)`, 'i').test(w));
  const flags = a.filter((w) => /^-[a-zA-Z]+$/.test(w)).join('');
  return flags.includes('l') && a.some((w) => w === SVC_PORT);
}

/** The socket files a listener creates: socat UNIX-LISTEN:PATH, nc/ncat -lU PATH. */
function listenerPaths(name: string, a: string[]): string[] {
  if (name === 'socat')
    return a.flatMap((w) => {
      const m = /^(?:UNIX-LISTEN|UNIX-L|UNIX-RECVFROM|UNIX-RECV):([^,]+)/i.exec(w);
      return m?.[1] ? [m[1]] : [];
    });
  if (/^(?:nc|ncat|netcat|nc\.openbsd|nc\.traditional)$/.test(name)) {
    const flags = a.filter((w) => /^-[a-zA-Z]+$/.test(w)).join('');
    if (!flags.includes('U') || !flags.includes('l')) return [];
    const last = a[a.length - 1];
    return last && !last.startsWith('-') ? [last] : [];
  }
  return [];
}

/** svc's programs by file name: the CLI, the native hook client, the shell shim, the preload library. */
const SVC_FILE_NAME = /^(?:svc|svc-hook|svc-shim|svc\.js|libsvc\.(?:so|dylib))$/;
/**
 * Where a stand-in for one of svc's programs waits to be found first: a hidden directory (any
 * component starting with a dot, `~/.cache/.b`, `.tools`), a temporary one, or a directory of
 * programs (`bin`, `/usr/local/lib`), which a later PATH or LD_PRELOAD puts ahead of svc's own.
 */
const IMPOSTOR_PLACE = /(?:^|\/)\.[^/.][^/]*\/|^(?:\/tmp|\/var\/tmp|\/dev\/shm)\/|(?:^|\/)(?:s?bin|lib|lib64)\//;

/**
 * A file named for one of svc's programs written, copied or linked outside svc's install
 * (a script that answers allow, a link to `true`, a library of the same name): whichever comes
 * first on PATH or in the loader's list answers in svc's place. svc's own directories are
 * protected files already; a project's build output named `svc` (`go build -o svc`) is neither
 * a script nor in such a place, and passes.
 */
function plantedImpostor(path: string, content: string | undefined): Effect | undefined {
  const name = path.replace(/\/+$/, '').split('/').pop() ?? '';
  if (
    !SVC_FILE_NAME.test(name) ||
    SVC_PATH.test(path.slice(0, -name.length)) ||
    /node_modules\/svc-firewall\//.test(path)
  )
    return undefined;
  if (!IMPOSTOR_PLACE.test(path) && !(content && /^#!|^\x7fELF/.test(content))) return undefined;
  return finding(
    `shadows-svc planted ${name}`,
    `puts a program named ${name} at ${path}, where it can answer in svc's place`,
  );
}

/** The paths a sandbox launcher mounts over or hides for the program it runs. */
function sandboxMounts(name: string, a: string[]): string[] {
  const out: string[] = [];
  const words = a.slice(1);
  if (name === 'bwrap')
    words.forEach((w, i) => {
      if (/^--(?:tmpfs|remount-ro|dev|proc|mqueue|dir)$/.test(w) && words[i + 1]) out.push(words[i + 1] ?? '');
      if (/^--(?:bind|ro-bind|dev-bind|bind-try|ro-bind-try|dev-bind-try|symlink)$/.test(w) && words[i + 2])
        out.push(words[i + 2] ?? '');
    });
  if (name === 'proot')
    words.forEach((w, i) => {
      const v =
        w === '-b' || w === '--bind' || w === '-m' || w === '--mount'
          ? words[i + 1]
          : /^--(?:bind|mount)=(.*)$/.exec(w)?.[1];
      const dest = v?.includes(':') ? v.slice(v.indexOf(':') + 1) : undefined;
      if (dest) out.push(dest);
    });
  if (name === 'firejail')
    for (const w of words) {
      const m = /^--(?:blacklist|tmpfs|bind|noexec)=(.*)$/.exec(w);
      if (m?.[1]) out.push(m[1].includes(',') ? m[1].slice(m[1].indexOf(',') + 1) : m[1]);
    }
  return out.filter((p) => p && p !== '/');
}

/** svc's CLI redefined where the user's shell reads it (alias svc=true in ~/.bashrc, a function named svc). */
const SHADOWS_SVC =
  /(?:^|[\s;])(?:alias\s+(svc(?:-hook|-shim)?)=|function\s+(svc(?:-hook|-shim)?)\b|(svc(?:-hook|-shim)?)\s*\(\)\s*\{)/m;
/** An environment variable set in a start-up file: sh/bash/zsh, csh/tcsh, fish, PowerShell. */
const RC_ENV =
  /^[ \t]*(?:(?:export[ \t]+)?([A-Z_][A-Z0-9_]*)=(\S*)|setenv[ \t]+([A-Z_][A-Z0-9_]*)[ \t]*(\S*)|set[ \t]+-[gUx]+[ \t]+([A-Z_][A-Z0-9_]*)[ \t]*(\S*))/gm;
const RC_FILE =
  /(?:^|\/)\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zshenv|zprofile|zlogin|kshrc|mkshrc|cshrc|tcshrc|login)$|(?:^|\/)(?:config\.fish|\.config\/fish\/.+\.fish)$|\/etc\/(?:profile|bash\.bashrc|zsh\/zshrc)/;

/** What a write (tool or derived) does to svc: redefines its commands in a shell start-up file. */
export function tamperWrite(path: string, content: string | undefined): Effect[] {
  if (content && INSTRUCTIONS.test(path)) {
    const g = grantedIn(content);
    if (g) return [finding(`instructions-grant ${g}`, `tells every later agent session in ${path}: "${g}"`)];
  }
  // a playbook, state, manifest or recipe that wants svc's service down (svc-config-mgmt.ts)
  if (content && /\.(?:ya?ml|sls|pp|rb)$/i.test(path) && configFileStopsSvc(content))
    return [finding('stops-svc config-management', `${path} wants svc's service stopped when it is applied`)];
  if (content) {
    const configured = envConfigEffects(path, content);
    if (configured.length) return configured;
  }
  const planted = plantedImpostor(path, content);
  if (planted) return [planted];
  if (content && ENV_FILE.test(path)) return envFileSteers(path, content);
  if (content && TERMINAL_ENV_FILE.test(path)) return terminalEnvSteers(path, content);
  if (!content || !RC_FILE.test(path)) return [];
  const m = SHADOWS_SVC.exec(content);
  const n = m?.[1] ?? m?.[2] ?? m?.[3];
  if (n) return [finding(`shadows-svc ${n}`, `redefines ${n} in ${path}`)];
  // svc's variables set for every later login, in any shell's syntax: `export N=V` (sh), `setenv N V`
  // (csh, tcsh), `set -gx N V` (fish), `$env:N = V` (PowerShell profile)
  for (const s of content.matchAll(RC_ENV)) {
    const name = s[1] ?? s[3] ?? s[5] ?? '';
    const value = (s[2] ?? s[4] ?? s[6] ?? '').replace(/^["']|["']$/g, '');
    if (SVC_SWITCH.test(name) || (SVC_WHERE.test(name) && NOWHERE.test(value)))
      return [finding(`env-set ${name}`, `sets ${name} in ${path} for every later shell`)];
    const shadow = steers(name, s[2] ?? s[4] ?? s[6] ?? '');
    if (shadow) return [finding(`shadows-svc ${name}`, `${shadow} in ${path}, for every later shell`)];
  }
  // fish and csh give PATH as a list of words (`set -gx PATH /usr/bin /bin $PATH`, `set path = (...)`)
  for (const s of content.matchAll(/^[ \t]*set[ \t]+(?:-[gUx]+[ \t]+)+(PATH|SHELL)[ \t]+([^\n;]+)$/gm)) {
    const shadow = steers(s[1] ?? '', (s[2] ?? '').trim().split(/\s+/).join(':'));
    if (shadow) return [finding(`shadows-svc ${s[1] ?? ''}`, `${shadow} in ${path}, for every later shell`)];
  }
  return [];
}

/**
 * Files every later login or directory reads variables from, in NAME=value form: systemd's
 * environment.d (environment.d(5)), pam_env's ~/.pam_environment (`NAME DEFAULT=value`,
 * pam_env.conf(5)), /etc/environment, and direnv's .envrc (a shell script direnv exports from on
 * every cd, direnv-stdlib(1)). A fragment there that blanks svc's preload library or steers
 * svc's variables is a start-up file switching svc off for everything started after it.
 */
const ENV_FILE =
  /\/environment\.d\/[^/]+\.conf$|(?:^|\/)\.pam_environment$|^\/etc\/environment$|(?:^|\/)\.envrc(?:\.local)?$/;
const ENV_FILE_LINE =
  /^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)[ \t]*(?:DEFAULT[ \t]*=|OVERRIDE[ \t]*=|=)[ \t]*("[^"\n]*"|'[^'\n]*'|\S*)/gm;

function envFileSteers(path: string, content: string): Effect[] {
  for (const m of content.matchAll(ENV_FILE_LINE)) {
    const name = m[1] ?? '';
    const raw = m[2] ?? '';
    const value = raw.replace(/^["']|["']$/g, '');
    if (SVC_SWITCH.test(name) || (SVC_WHERE.test(name) && NOWHERE.test(value)) || STEERING.test(name))
      if (!/libsvc\.(?:so|dylib)/.test(value))
        return [
          finding(`env-set ${name}`, `sets ${name}=${value.slice(0, 60)} in ${path} for everything started later`),
        ];
    const shadow = steers(name, raw);
    if (shadow) return [finding(`shadows-svc ${name}`, `${shadow} in ${path}, for everything started later`)];
  }
  return [];
}

/**
 * Settings that give every terminal a tool opens its environment: VS Code's (and its forks')
 * `terminal.integrated.env.linux|osx|windows` objects (VS Code docs, "Terminal Profiles"), and
 * tmux's `set-environment [-g] NAME VALUE` / `setenv` / `-u NAME` (tmux(1), "ENVIRONMENT"). A
 * terminal started there without svc's preload variables, or with PATH or SHELL steered past
 * svc-shim, runs unchecked.
 */
const TERMINAL_ENV_FILE =
  /(?:^|\/)\.vscode\/settings\.json$|\.code-workspace$|\/(?:Code|Code - Insiders|VSCodium|Cursor|Windsurf)\/User\/settings\.json$|(?:^|\/)\.tmux\.conf$|\/\.config\/tmux\/tmux\.conf$/i;

function terminalEnvSteers(path: string, content: string): Effect[] {
  const pairs: [string, string][] = [];
  for (const m of content.matchAll(/"terminal\.integrated\.env\.(?:linux|osx|windows)"\s*:\s*\{([^}]*)\}/g))
    for (const p of (m[1] ?? '').matchAll(/"([A-Za-z_]\w*)"\s*:\s*(null|"((?:[^"\\]|\\.)*)")/g))
      pairs.push([p[1] ?? '', p[2] === 'null' ? '' : (p[3] ?? '')]);
  for (const m of content.matchAll(
    /^\s*(?:set-environment|setenv)\s+((?:-[a-zA-Z]+\s+)*)([A-Za-z_]\w*)(?:\s+(.*))?$/gm,
  ))
    pairs.push([m[2] ?? '', (m[1] ?? '').includes('u') ? '' : (m[3] ?? '').trim()]);
  for (const [n, v] of pairs) {
    const shadow = steers(n, v) ?? (SVC_SWITCH.test(n) || STEERING.test(n) ? `sets ${n}` : undefined);
    if (shadow) return [finding(`env-set ${n}`, `${shadow} for every terminal ${path} starts`)];
  }
  return [];
}

/** The directories every system already searches: put first, they hide whatever came before them. */
const SYSTEM_DIR =
  /^(?:\/usr)?\/s?bin\/?$|^[a-z]:[\\/]windows(?:[\\/]system32)?[\\/]?$|^%(?:systemroot|windir)%(?:[\\/]system32)?[\\/]?$/i;
/** The PATH a value extends, in sh, PowerShell and cmd spellings. */
const PATH_REF = /\$\{?PATH\}?|\$env:PATH|%PATH%|\$\(\s*printenv\s+PATH\s*\)|\bPath\b\s*\)/i;
/** svc's own set-up named in a value that is being filtered (`${PATH//\/home\/dev\/.svc\/bin:/}`, `grep -v svc`). */
const SVC_WORD = /\.svc\b|\bsvc[-_](?:shim|bin|wrap)|libsvc/;

/**
 * What a variable set for every later shell does to svc: PATH rebuilt with the system directories
 * ahead of what was there (`export PATH=/usr/bin:$PATH`), reset to them alone, or filtered of
 * svc's own entries; SHELL pointed past svc-shim (svc wrap sets SHELL to the shim so `$SHELL -c`
 * launches are checked, docs/preload.md); the preload variables blanked or replaced. A user's
 * own directories added to PATH (`$HOME/.local/bin:$PATH`, `/opt/homebrew/bin:$PATH`) read as
 * nothing: they hide nothing svc puts in place.
 */
export function steers(name: string, rawValue: string): string | undefined {
  const value = rawValue.trim().replace(/^(["'])(.*)\1$/, '$2');
  if (/^(?:PATH|Path)$/.test(name)) {
    if (
      SVC_WORD.test(value) &&
      /\$\{PATH[/%#]|\b(?:sed|grep|tr|awk|perl|Where-Object|-notmatch|-replace)\b/.test(value)
    )
      return 'filters svc out of PATH';
    const parts = value.split(value.includes(';') ? ';' : ':').map((p) => p.trim().replace(/^["']|["']$/g, ''));
    const at = parts.findIndex((p) => PATH_REF.test(p));
    if (at < 0)
      return parts.length > 1 && parts.every((p) => SYSTEM_DIR.test(p) || /^\/usr\/local\/s?bin\/?$/.test(p))
        ? 'resets PATH to the system directories alone'
        : undefined;
    if (parts.slice(0, at).some((p) => SYSTEM_DIR.test(p))) return 'puts the system directories ahead of PATH';
    return undefined;
  }
  if (name === 'SHELL')
    return /(?:^|\/)(?:ba|z|da|k|fi|tc|c)?sh$/.test(value) ? 'points SHELL past svc-shim' : undefined;
  if (/^(?:LD_PRELOAD|LD_AUDIT|DYLD_INSERT_LIBRARIES)$/.test(name) && !/libsvc\.(?:so|dylib)/.test(value))
    return `sets ${name} without svc's library`;
  return undefined;
}

/**
 * An edit of a start-up or environment file that takes svc's set-up out of it: the old text
 * names svc's files, library, shim or variables and the new text does not (the line that put
 * svc-shim on PATH or LD_PRELOAD in place, replaced by a plain one).
 */
export function setupRemovedEffects(path: string, before: string, after: string): Effect[] {
  if (!before || !(RC_FILE.test(path) || ENV_FILE.test(path) || /\.bash_aliases$/.test(path))) return [];
  const names = (t: string) =>
    SVC_WORD.test(t) ||
    /\b(?:LD_PRELOAD|DYLD_INSERT_LIBRARIES|SERVICE_[A-Z_]+)\b|\bsvc\s+(?:wrap|preload-path|shellenv|init)\b/.test(t);
  if (!names(before) || names(after)) return [];
  return [finding('shadows-svc setup', `takes svc's set-up out of ${path}`)];
}

/**
 * Standing instructions that tell the agent to approve its own calls or to switch its checks or
 * svc off (a prompt injection persisting itself into AGENTS.md): every later session obeys them.
 * A rule against it ("never auto-approve", "do not disable the hooks") is not one.
 */
const GRANT =
  /\b(?:auto-?approv\w*|always (?:allow|approve|accept) (?:all |every |any )?(?:tools?|commands?|bash|shell|edits?|calls?|permissions?|requests?|prompts?)\b|bypass\s?permissions|bypass(?:ing)? (?:the )?(?:permission|approval|firewall|svc|hooks?)\w*|skip(?:ping)? (?:the )?(?:permission|approval|confirmation|svc|firewall)\w*|dangerously-skip-permissions|(?:never|don'?t|do not) (?:ask|wait|pause|stop|prompt) (?:for )?(?:permission|approval|confirmation)\w*|approvals? (?:has been |have been |is |are )?(?:granted|given) for (?:all|every|any)\b|(?:set|switch|change|put) (?:the |your )?approvals?(?: mode| policy)? to (?:auto|never|off|none|yolo|full)\w*|without (?:asking|waiting) (?:for )?(?:permission|approval|confirmation)\w*|(?:disable|turn off|switch off|kill|stop|remove|uninstall) (?:the )?(?:svc|firewall|policy firewall|pretooluse hooks?|permission hooks?|hooks)\b|yolo mode|approve (?:your|its) own)/i;
const NEGATED = /\b(?:never|not|don'?t|no|avoid|forbid\w*|must not)\s+(?:\w+\s+){0,2}$/i;

function grantedIn(content: string): string | undefined {
  for (const m of content.matchAll(new RegExp(GRANT.source, 'gi'))) {
    const before = content.slice(Math.max(0, (m.index ?? 0) - 30), m.index ?? 0);
    // "never ask for approval" is itself a grant; "never auto-approve" is a rule against one
    if (!/^(?:never|don'?t|do not)/i.test(m[0]) && NEGATED.test(before)) continue;
    return m[0].toLowerCase();
  }
  return undefined;
}

/** Agent instruction files given text the call does not show (copied or appended from another file). */
const INSTRUCTIONS =
  /(?:^|\/)(?:CLAUDE(?:\.local)?\.md|AGENTS?\.md|GEMINI\.md|\.cursorrules|\.windsurfrules|\.clinerules|copilot-instructions\.md)$/;

function writesOf(l: LineFacts, out: Effect[]): void {
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const e = out[i];
    if (e?.tool !== 'write' || !e.path) continue;
    out.push(...tamperWrite(e.path, e.content).map((f) => ({ ...f, via: `${e.via}, which ${f.via}` })));
    if (
      e.content === undefined &&
      INSTRUCTIONS.test(e.path) &&
      /\b(?:cat|cp|tee|curl|wget|mv|ln|dd|install|rsync)\b/.test(l.text)
    )
      out.push(finding(`instructions-from-elsewhere ${e.path}`, `${e.via} with text from elsewhere`));
  }
}

/** Literal paths of svc's files and agents' settings in interpreter code that writes or deletes files. */
const PROTECTED_LITERAL =
  /['"`]((?:[^'"`\s]*\/)?\.(?:svc(?:\/[^'"`\s]*)?|claude\/settings(?:\.local)?\.json|codex\/config\.toml|gemini\/settings\.json|cursor\/(?:mcp|hooks|cli-config)\.json|mcp\.json|vscode\/settings\.json))['"`]/g;
const CODE_WRITES =
  /writeLines|file\.copy|file\.rename|saveRDS|\bwrite\(|write_text|write_bytes|open\([^)]*,\s*['"][wax+]|writeFileSync|writeFile\(|appendFile|File\.write|IO\.write|file_put_contents|\.dump\(|shutil\.(?:copy|move)|rename|replace\(|\.bind\(|\.listen\(/;
const CODE_DELETES =
  /file\.remove|dir_delete|file_delete|\brm\([^)]*recursive|os\.remove|os\.unlink|\.unlink\(|rmtree|rmSync|unlinkSync|rmdirSync|FileUtils\.rm|File\.delete|unlink\s*\(|unlink\s+glob/;

function codeLiterals(l: LineFacts, out: Effect[]): void {
  if (!runsInterpreter(l)) return;
  const t = l.text.replace(/(['"])\s*\+\s*\1/g, '');
  const writes = CODE_WRITES.test(t);
  const deletes = CODE_DELETES.test(t);
  if (!writes && !deletes) return;
  for (const m of t.matchAll(PROTECTED_LITERAL)) {
    const lit = m[1] ?? '';
    const path = /^(?:\/|~)/.test(lit) ? lit : `~/${lit.replace(/^\.?\//, '')}`;
    if (writes) out.push({ tool: 'write', path, via: `interpreter code writes ${path}` });
    if (deletes) out.push({ tool: 'delete', path, via: `interpreter code deletes ${path}` });
  }
}

/** The readings of this file, for line-readings.ts. */
export function svcTamperEffects(l: LineFacts, out: Effect[]): void {
  // the programs are read after quote removal: `"s"vc` and `s\vc` run svc though the text never
  // spells the word, so a line that runs svc's CLI passes the gate and its admin reading
  const runsSvc = runsSvcCli(l);
  if (LOCAL_URL_HINT.test(l.text)) {
    const method = lineMethod(l.text);
    const found = controlHttpEffects(l.text, method);
    out.push(...found);
    // a message sent to an agent on this machine (A2A's message/send, a local agent's chat API)
    // telling it to approve its own calls: the grant standing instructions are denied for
    if (found.length === 0 && method !== 'GET' && /https?:\/\/|\s:\d+\//.test(l.text)) {
      const g = grantedIn(l.text);
      if (g && /(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0)(?::\d+)?\//.test(l.text))
        out.push(finding(`instructions-grant ${g}`, `tells an agent on this machine: "${g}"`));
    }
  }
  if (!runsSvc && !TAMPER_HINT.test(l.text) && !runsAny(l, TAMPER_PROGRAMS) && !out.some(watchedEffect)) return;
  perCommand(l, out);
  codeLiterals(l, out);
  resolvePaths(l, out);
  writesOf(l, out);
  stopsSvc(l, out);
  if (runsSvc || /svc/.test(l.text)) svcAdmin(l, out);
  if (/\/v1\/|\/approve\//.test(l.text)) adminHttp(l, out);
  svcSocket(l, out);
  if (/LD_PRELOAD|LD_AUDIT|DYLD_INSERT|SERVICE_|environ|ENV|env\b|exec[lv]e/.test(l.text)) envStrip(l, out);
  dotnetEnv(l.text, out);
}
