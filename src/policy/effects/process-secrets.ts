// Secrets a command prints from other processes and from the shell's own memory, read from the
// options that select them rather than from one spelling:
//  - `ps` with the BSD `e` modifier (`ps auxeww`, `ps e`, `ps axe -o pid,cmd`) or macOS `-E`
//    prints every listed process's environment after its command line: the API keys and
//    tokens of every program the user runs. Read as a read of /proc/*/environ. `ps -e` (every
//    process, procps; the same as -A on macOS) and `ps aux` print no environment.
//  - history printed by a shell that loads it: an interactive shell (`bash -ic 'history'`,
//    `zsh -i -c 'fc -l 1'`) reads $HISTFILE at start, and `history -r FILE` / zsh `fc -R FILE`
//    load a file into any shell; `history` or `fc -l` then prints the commands typed with their
//    passwords and tokens. Read as a read of the history file. A plain `history` in the
//    agent's non-interactive shell prints nothing and stays allowed.
// Sources: ps(1) procps-ng (BSD options `e`, `w`; `-e`), ps(1) macOS (-E, -e), bash(1) (-i,
// HISTFILE, `history -r`/`-n`, `fc -l`), zshbuiltins(1) (`fc -l`, `fc -R`, `fc -p`).
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { LineView } from './line-view.js';
import { table } from '../../util/lookup-table.js';

/** Programs these readings look at (the gate in line-readings.ts). */
export const PROCESS_SECRET_PROGRAMS: readonly string[] = ['ps'];
/** Text that names the history builtins (they may run inside a shell's code string). */
export const PROCESS_SECRET_HINT = /\bhistory\b|\bfc\s+-|\/proc\/[$`]/;

/**
 * Programs that hold credentials while they run: credential helpers and agents, secret managers'
 * CLIs, and database clients given a password on their command line (`mysql -pSECRET`, `redis-cli
 * -a SECRET`, sshpass -p). Their /proc/PID files (the command line, open files, memory maps)
 * are where the secret is; a process found by one of these names is read for it.
 */
const CREDENTIAL_HOLDERS =
  /^(?:gh|glab|hub|git-credential-[\w-]+|git-remote-https?|ssh-agent|gpg-agent|keepassxc(?:-cli)?|1password|op|bw|rbw|lpass|pass|gopass|secret-tool|gnome-keyring-daemon|kwalletd\d*|vault|aws-vault|saml2aws|doppler|infisical|chamber|sops|tsh|docker-credential-[\w-]+|mysql|mysqldump|mariadb|psql|pg_dump|redis-cli|mongosh|mongo|mongodump|sqlcmd|sshpass|openvpn|az|aws|gcloud)$/;
/** `/proc/$(pgrep [-opts] NAME)/FILE` (or pidof, or backquotes), FILE one that holds a process's secrets. */
const PROC_OF_PROGRAM =
  /^\/proc\/(?:\$\(|`)\s*(?:pgrep|pidof)\b([^)`]*)(?:\)|`)\/(cmdline|fd(?:\/.*)?|maps|smaps|auxv|stack|mem|environ)$/;

/** ps options that take a value: the word after them is not an option word. */
const PS_VALUED = new Set([
  '-o',
  '-O',
  '-p',
  '-q',
  '-C',
  '-u',
  '-U',
  '-g',
  '-G',
  '-t',
  '-s',
  '-k',
  '--sort',
  '--pid',
  '--ppid',
  '--format',
  '--cols',
  '--columns',
  '--rows',
  '--user',
  '--group',
  '--sid',
  '--tty',
  '-M',
  '-W',
  'o',
  'O',
  'p',
  't',
  'U',
  'k',
  'q',
]);

/** Whether a ps command prints the environment of the processes it lists. */
export function psPrintsEnvironment(argv: string[]): boolean {
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (PS_VALUED.has(w)) {
      i++;
      continue;
    }
    if (w.startsWith('--')) continue;
    // macOS: -E displays the environment (procps has no -E); combined short options too
    if (/^-[A-Za-z]+$/.test(w)) {
      if (w.includes('E')) return true;
      continue;
    }
    // BSD option words: letters without a dash; `e` shows the environment
    if (/^[A-Za-z]+$/.test(w) && w.includes('e')) return true;
  }
  return false;
}

const SHELL_HISTORY: Record<string, string> = table({
  bash: '~/.bash_history',
  sh: '~/.bash_history',
  ksh: '~/.bash_history',
  mksh: '~/.bash_history',
  zsh: '~/.zsh_history',
  fish: '~/.local/share/fish/fish_history',
});

/** Builtins that print the history list (`history`, `history 20`, `fc -l`, `fc -ln 1`). */
const PRINTS_HISTORY = /(?:^|[\s;&|({`'"])(?:history(?:\s+\d+)?\s*(?=$|[;&|)}`'"\n])|fc\s+-[a-zA-Z]*l)/;
/** Builtins that load a history file into the running shell, and the file when named. */
const LOADS_HISTORY = /(?:^|[\s;&|({`'"])(?:history\s+-[rn]|fc\s+-[RPp])(?:\s+([^\s;&|)`'"-][^\s;&|)`'"]*))?/;

/**
 * The shell started interactively in the line (`bash -ic`, `zsh -i -c`, `bash --interactive`),
 * read from the text: the walk hands over the commands of a shell's code string, not the shell.
 */
const INTERACTIVE_SHELL =
  /(?:^|[\s;&|(`/])(bash|zsh|sh|ksh|mksh|fish)(?:\s+(?:-[a-zA-Z]*i[a-zA-Z]*|--interactive)(?=\s|$))/;

function historyRead(file: string, via: string): Effect {
  return { tool: 'read', path: file, via };
}

export function processSecretEffects(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    const name = basename(c.argv[0] ?? '').toLowerCase();
    if (name === 'ps' && psPrintsEnvironment(c.argv))
      out.push({ tool: 'read', path: '/proc/*/environ', via: "ps with `e` prints every process's environment" });
  }
  if (l.text.includes('/proc/')) processFileReads(l, out);
  const ic = INTERACTIVE_SHELL.exec(l.text);
  if (ic && PRINTS_HISTORY.test(l.text)) {
    const shell = ic[1] ?? 'bash';
    const file = SHELL_HISTORY[shell] ?? '~/.bash_history';
    out.push(historyRead(file, `${shell} -i loads the saved history from ${file}, and the line prints it`));
  }
  // history -r FILE; history   /   fc -R FILE; fc -l
  const load = LOADS_HISTORY.exec(l.text);
  if (load && PRINTS_HISTORY.test(l.text.slice(load.index + load[0].length))) {
    const file = load[1] ?? '~/.bash_history';
    out.push(historyRead(file, `the history loaded from ${file} is printed`));
  }
}

/** pgrep/pidof options that take a value (the word after them is not the pattern). */
const PGREP_VALUED =
  /^(?:-[uUgGPstFd]|--(?:euid|uid|group|parent|session|terminal|pidfile|delimiter|signal|ns|nslist))$/;

/** The program a `pgrep [-f] [opts] PATTERN | head -1` substitution looks for: the pattern's first word. */
function processName(inner: string): string {
  const words = (inner.split('|')[0] ?? '').replace(/['"]/g, ' ').trim().split(/\s+/);
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (PGREP_VALUED.test(w)) i++;
    else if (w && !w.startsWith('-')) return basename(w).replace(/[\^$]/g, '');
  }
  return '';
}

/** Programs that look at a file's name, size or type, not at what it holds. */
const LOOKS_ONLY = new Set(['ls', 'stat', 'test', '[', 'wc', 'file', 'du', 'readlink', 'realpath', 'lsof']);

/** Reads of /proc/PID files of a process found by the name of a credential holder. */
function processFileReads(l: LineView, out: Effect[]): void {
  for (const c of l.cmds) {
    if (LOOKS_ONLY.has(basename(c.argv[0] ?? ''))) continue;
    const targets = [...c.argv.slice(1), ...c.redirs.filter((r) => r.op === '<').map((r) => r.target)];
    for (const t of targets) {
      const m = PROC_OF_PROGRAM.exec(t);
      if (!m) continue;
      const name = processName(m[1] ?? '');
      if (!CREDENTIAL_HOLDERS.test(name)) continue;
      out.push({
        tool: 'exec',
        command: `secret-search /proc/${name}/${m[2] ?? 'cmdline'} for credentials`,
        via: `${basename(c.argv[0] ?? '')} reads /proc/PID/${m[2] ?? ''} of ${name}, a program that holds credentials`,
      });
    }
  }
}
