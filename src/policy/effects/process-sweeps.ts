// Ways to stop svc without naming it, read as `stops-svc VIA` (denied by the svc-tamper rules):
//  - code that walks the process table and signals what it finds (`for p in os.listdir('/proc')
//    ... os.kill(int(p), 9)`, Node's readdirSync('/proc') with process.kill, psutil's
//    process_iter() with .kill()/.terminate(), a shell loop over /proc/[0-9]*): whatever it
//    filters on, svc's server is among the processes it can reach, and a filter on a command
//    line is how svc is found without writing its name;
//  - signals to every process at once: `kill -9 -1` (every process the user may signal),
//    killall5, `pkill -u USER` / `killall -u USER` with no name (every process of that user);
//  - the dynamic loader run as a launcher (`/lib64/ld-linux-x86-64.so.2 /usr/bin/curl ...`):
//    the loader starts the program itself, so the preload library that checks it is never
//    loaded (only listing or verifying a program with --list/--verify is harmless).
// Sources: proc(5), kill(1) and kill(2) (pid -1), killall5(8), pkill(1), psutil docs
// (process_iter), ld.so(8) (running the loader directly, --list, --verify, --preload).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';

export const SWEEP_HINT = /\/proc\b|process_iter|psutil|kill\w*\s|killall5|ld[\w.-]*\.so|pgrep|pidof/;

/** Code or a loop that enumerates the process table. */
const LISTS_PROCESSES =
  /listdir\(\s*['"]\/proc\/?['"]|scandir\(\s*['"]\/proc|readdirSync\(\s*['"]\/proc\/?['"]|readdir\(\s*['"]\/proc|glob(?:\.glob)?\(\s*['"]\/proc\/\*|Dir(?:\.glob)?\s*[[(]\s*['"]\/proc\/|Dir\.(?:entries|children|each_child)\(\s*['"]\/proc|opendir\s*\(?\s*\w*\s*,?\s*['"]\/proc|Path\(\s*['"]\/proc\/?['"]\s*\)\.(?:iterdir|glob)|psutil\.(?:process_iter|pids)|\bin\s+\/proc\/(?:\[0-9\]|\*)|ls\s+(?:-\w+\s+)*\/proc\/?(?:\s|$|\|)|find\s+\/proc\s/;
/** Code that sends a signal or ends a process. */
const SIGNALS =
  /os\.kill|process\.kill|Process\.kill|\.kill\(|\.terminate\(|\.send_signal\(|\bkill\s*\(|\bkill\s+(?:-\w+\s+)*["$]|\bkill\s+(?:\d+|'\w+'|"\w+")\s*,|\bxargs\s+(?:-\w+\s+)*kill\b|posix\.kill|syscall\.Kill/;
/** The loader run by its path, and the word after it. */
const LOADER =
  /(?:^|[\s;&|(`])(?:\S*\/)?(ld-linux[\w.-]*\.so[\w.]*|ld-musl[\w.-]*\.so[\w.]*|ld(?:64)?\.so(?:\.\d+)*)((?:\s+--?[\w-]+(?:[= ](?!\/)\S+)?)*)\s+([^\s-;&|]\S*)/;

/** A process list asked for by name inside code: pgrep/pidof run through a subprocess call, backticks
 * or a shell string, with its arguments up to the end of that string or array
 * (`execSync('pgrep -f svc')`, `` `pgrep -f svc` ``, `['pgrep', '-f', 'svc serve']`). */
const LISTED_BY_NAME = /\b(?:pgrep|pidof)\b((?:[^`'")\]\n;|]|['"]\s*,\s*['"])*)/g;

/** The pkill a named process list amounts to when the same code sends signals: what it aims at
 * then meets the kill readings (svc's server by its command line is denied; `pkill -f vite` is not). */
function namedKills(t: string, out: Effect[]): void {
  for (const m of t.matchAll(LISTED_BY_NAME)) {
    const words = (m[1] ?? '')
      .replace(/['"]\s*,\s*['"]/g, ' ')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    const pattern = words.filter((w) => !w.startsWith('-')).join(' ');
    if (!pattern) continue;
    const opts = words.filter((w) => w.startsWith('-'));
    out.push({
      tool: 'exec',
      command: `pkill ${[...opts, `'${pattern.replace(/'/g, '')}'`].join(' ')}`,
      via: `signals the processes that pgrep ${words.join(' ')} lists`,
    });
  }
}

function stops(via: string, why: string): Effect {
  return { tool: 'tamper', command: `stops-svc ${via}`, via: why };
}

export function processSweepEffects(l: LineView, out: Effect[]): void {
  const t = l.text;
  if (SIGNALS.test(t)) {
    if (LISTS_PROCESSES.test(t))
      out.push(stops('process-sweep', 'signals processes found by walking the process table, which include svc'));
    if (/pgrep|pidof/.test(t)) namedKills(t, out);
  }
  for (const c of l.cmds) {
    const a = c.argv;
    const name = basename(a[0] ?? '').toLowerCase();
    if (name === 'killall5') out.push(stops('killall5', 'killall5 signals every process'));
    if (name === 'kill' && a.slice(1).some((w, i, rest) => w === '-1' && i > 0 && /^-/.test(rest[i - 1] ?? '')))
      out.push(stops('kill-all', 'kill -SIG -1 signals every process the user may signal, svc among them'));
    if (name === 'kill' && a.length === 3 && a[1] === '--' && a[2] === '-1')
      out.push(stops('kill-all', 'kill -- -1 signals every process the user may signal'));
    if ((name === 'pkill' || name === 'killall') && a.some((w) => w === '-u' || w.startsWith('--user'))) {
      // only options and their values: no name or pattern narrows it
      const operands = a
        .slice(1)
        .filter((w, i, r) => !w.startsWith('-') && !/^(?:-u|-U|-g|-G|-s|-t|-P|--signal)$/.test(r[i - 1] ?? ''));
      if (!operands.length)
        out.push(stops(`${name}-user`, `${name} -u with no name signals every process of that user`));
    }
  }
  const ld = LOADER.exec(t);
  if (ld && !/--(?:list|verify|help|version|list-tunables|list-diagnostics)\b/.test(ld[2] ?? ''))
    out.push({
      tool: 'tamper',
      command: `preload-lib ${ld[1] ?? 'ld.so'}`,
      via: `${ld[1] ?? 'ld.so'} starts ${ld[3] ?? 'a program'} itself, so the preload library is never loaded`,
    });
}
