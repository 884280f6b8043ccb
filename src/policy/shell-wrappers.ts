// Programs that run another program: launchers (env, nohup, timeout, ...) and shells (`sh -c`).
// Two strengths: `strict` is the normalization policy patterns are written against (docs/policy.md): any option it does not
// know stops the unwrap, and its result is what allow rules see. `liberal` is for deny/ask only:
// it also peels sudo, doas, xargs, busybox, time, watch and skips unknown options, because an
// extra reading there can only make a restrictive rule fire, never let a call through.
import type { Token } from './shell-parse.js';
import { at } from '../util/invariant.js';
import { table } from '../util/lookup-table.js';
import { HOSTED_PYTHON } from './hosted-python.js';

// fish, csh/tcsh, the rarer POSIX shells and the newer interactive shells (xonsh, Nushell, Elvish,
// Oils, ion) run `-c` text and scripts the same way for what is read here: their simple commands
// (`rm -rf ~`, `curl URL`) are spelled as in sh
export const SHELLS = new Set([
  'xonsh',
  'nu',
  'elvish',
  'osh',
  'ysh',
  'ion',
  'sh',
  'bash',
  'zsh',
  'dash',
  'ash',
  'ksh',
  'mksh',
  'fish',
  'csh',
  'tcsh',
  'yash',
  'rbash',
  'posh',
  'oksh',
]);

let lastWord = '';
let lastName = '';

/** The program name of a path word (/bin/rm -> rm); words that are not plain paths stay as they are. */
export function basename(word: string): string {
  // Every reading of a simple command asks for its program's name: the last answer is kept.
  if (word === lastWord) return lastName;
  lastWord = word;
  lastName = programName(word);
  return lastName;
}

function programName(word: string): string {
  const i = word.lastIndexOf('/');
  if (i < 0) return hostedPython(globProgram(withoutExe(word)));
  if (word.includes('$') || word.includes('`') || word.includes(' ')) return word;
  return i < word.length - 1 ? hostedPython(globProgram(withoutExe(word.slice(i + 1)))) : word;
}

// Hosted Pythons (hosted-python.ts) are read as python3: every reading of `python3` (a fetch piped
// in, a socket dup'd onto a shell, an exec of what a URL serves, `print(os.environ)`) holds for them.
function hostedPython(name: string): string {
  return HOSTED_PYTHON.test(name) ? 'python3' : name;
}

/**
 * Programs a glob in the command word is written to reach (`/usr/bin/c?rl`, `/bin/b?sh`,
 * `/usr/bin/py*3`): the shell expands the word against the directory before running it, so the
 * program is the one installed name it matches. Read against the programs such spellings hide
 * (downloaders, shells, interpreters, network and file tools); a pattern matching none of them or
 * several stays as written.
 */
const GLOB_TARGETS = (
  'curl wget bash sh zsh dash ksh fish python python3 perl ruby node php lua nc ncat netcat socat ' +
  'base64 xxd openssl chmod chown rm dd tar unzip ssh scp rsync sftp sudo env cat head tail less ' +
  'awk gawk sed find xargs kill pkill crontab systemctl docker kubectl git gpg shred wipe'
).split(' ');

function globProgram(name: string): string {
  if (!/[?*[]/.test(name) || name.length > 32) return name;
  let re: RegExp;
  try {
    re = new RegExp(
      `^${name
        .replace(/[.+^${}()|\\]/g, '\\$&')
        .replace(/\?/g, '.')
        .replace(/\*/g, '.*')
        .replace(/\[!/g, '[^')}$`,
    );
  } catch {
    return name; // an unbalanced [ is a literal to the shell too
  }
  const hits = GLOB_TARGETS.filter((p) => re.test(p));
  return hits.length === 1 ? (hits[0] ?? name) : name;
}

/** Windows runs curl.exe for `curl` and `curl.exe` alike: the program is curl. */
function withoutExe(name: string): string {
  return name.length > 4 && /\.exe$/i.test(name) && !name.includes('\\') ? name.slice(0, -4) : name;
}

const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\+?=/;

/** Name of a NAME=value word, or undefined. */
export function assignmentName(word: string): string | undefined {
  const m = ASSIGNMENT.exec(word);
  return m ? m[1] : undefined;
}

/** Options of one launcher: which take a separate argument, which are plain flags. */
interface LauncherSpec {
  withArg: Set<string>;
  flags: Set<string>;
  /** Short option letters that may carry their argument attached (-n5, -uNAME). */
  attached: string;
  /** Long options that take an argument (also accepted as --name=value). */
  longWithArg: Set<string>;
  /** A positional that must follow the options before the command (timeout's DURATION). */
  positional?: RegExp;
  /** nice accepts -N (a bare number). */
  numericFlag?: boolean;
}

function spec(
  withArg: string[],
  flags: string[],
  attached = '',
  longWithArg: string[] = [],
  extra: Partial<LauncherSpec> = {},
): LauncherSpec {
  return { withArg: new Set(withArg), flags: new Set(flags), attached, longWithArg: new Set(longWithArg), ...extra };
}

const STRICT: Record<string, LauncherSpec> = table({
  command: spec([], ['-p']),
  builtin: spec([], []),
  exec: spec(['-a'], ['-c', '-l', '-cl', '-lc']),
  nohup: spec([], []),
  nice: spec(['-n'], [], 'n', ['--adjustment'], { numericFlag: true }),
  timeout: spec(
    ['-s', '-k'],
    ['--preserve-status', '--foreground', '-v', '--verbose'],
    'sk',
    ['--signal', '--kill-after'],
    { positional: /^\d+(\.\d+)?[smhd]?$/ },
  ),
  setsid: spec([], ['-c', '--ctty', '-f', '--fork', '-w', '--wait']),
  stdbuf: spec(['-i', '-o', '-e'], [], 'ioe', ['--input', '--output', '--error']),
  env: spec(['-u', '-C'], ['-i', '-0', '-v', '--ignore-environment', '--null', '--debug', '-'], 'uC', [
    '--unset',
    '--chdir',
    '--argv0',
  ]),
});

const LIBERAL: Record<string, LauncherSpec> = table({
  ...STRICT,
  sudo: spec(['-u', '-g', '-C', '-D', '-h', '-p', '-r', '-t', '-T', '-U'], [], 'ugCDhprtTU', [
    '--user',
    '--group',
    '--close-from',
    '--chdir',
    '--host',
    '--prompt',
    '--role',
    '--type',
    '--command-timeout',
    '--other-user',
  ]),
  doas: spec(['-u', '-C'], ['-n', '-s', '-L'], 'uC'),
  // gsudo, Windows' sudo (gerardog/gsudo; Windows 11's built-in sudo takes the same shape): runs
  // its command elevated, as sudo does (`gsudo Stop-Process -Name node`, `gsudo -d del ...`)
  gsudo: spec(
    ['-u', '-i'],
    ['-n', '-w', '-d', '-s', '-k', '--ti', '--loadProfile', '--direct', '--system', '--new', '--wait'],
    'ui',
    ['--user', '--integrity'],
  ),
  // wsl(.exe) runs a command in a Linux distribution (`wsl -e sh -c ...`, `wsl -d Ubuntu -- rm ...`),
  // where the Windows drives are /mnt/c ... (Microsoft's wsl.exe command reference)
  wsl: spec(['-d', '-u', '--cd'], ['-e', '--exec', '--system'], 'du', [
    '--distribution',
    '--user',
    '--cd',
    '--shell-type',
  ]),
  // sshpass(1) types a password into the ssh (scp, rsync ...) it runs: the command is that program
  sshpass: spec(['-p', '-f', '-d', '-P'], ['-e', '-v'], 'pfdPe'),
  xargs: spec(['-a', '-d', '-E', '-I', '-L', '-n', '-P', '-s'], [], 'adEILnPseil', [
    '--arg-file',
    '--delimiter',
    '--eof',
    '--replace',
    '--max-lines',
    '--max-args',
    '--max-procs',
    '--max-chars',
    '--process-slot-var',
  ]),
  time: spec(['-f', '-o'], ['-p', '-v', '-a', '-q', '--append', '--verbose', '--portability', '--quiet'], 'fo', [
    '--format',
    '--output',
  ]),
  ionice: spec(['-c', '-n', '-p', '-P', '-u'], ['-t'], 'cnpPu', ['--class', '--classdata']),
  chroot: spec([], [], '', ['--userspec', '--groups'], { positional: /^./ }),
  // setarch(8) ARCH [options] [PROGRAM [ARGS]] and its linux32/linux64 links run PROGRAM with
  // another personality (`setarch x86_64 -R sh -c ...`): the command is PROGRAM (ARCH is skipped
  // in unwrapLauncher, it stands before the options)
  setarch: spec([], ['-R', '-L', '-B', '-X', '-Z', '-S', '-T', '-3', '-v', '--addr-no-randomize', '--verbose']),
  linux32: spec([], ['-R', '-L', '-B', '-X', '-Z', '-S', '-T', '-3', '-v', '--addr-no-randomize', '--verbose']),
  linux64: spec([], ['-R', '-L', '-B', '-X', '-Z', '-S', '-T', '-3', '-v', '--addr-no-randomize', '--verbose']),
  // faketime(1) [-m] [-f] [-p PID] TIMESTAMP PROGRAM [ARGS]: PROGRAM under a shifted clock
  faketime: spec(['-p', '--date-prog'], ['-m', '-f', '--exclude-monotonic'], '', [], { positional: /^./ }),
  flock: spec(
    ['-w', '-E', '-c'],
    ['-s', '-x', '-u', '-n', '-o', '--shared', '--exclusive', '--nonblock', '--close'],
    'wE',
    ['--timeout', '--conflict-exit-code'],
    { positional: /^./ },
  ),
});

/** wsl.exe options that manage distributions and disks instead of running a command (wsl.exe reference). */
const WSL_MANAGE =
  /^--(?:mount|unmount|install|list|shutdown|terminate|export|import|import-in-place|set-default|set-version|set-default-version|status|update|version|help|unregister|manage|debug-shell)$/;

/** Program names the liberal unwrap (or `watch`) may peel. */
export const LIBERAL_HEADS = new Set([...Object.keys(LIBERAL), 'busybox', 'toybox', 'watch']);

export interface Unwrapped {
  tokens: Token[];
  /** Names assigned along the way (env NAME=value). */
  env: string[];
  /** xargs without a replace string appends operands read from stdin, unknown here. */
  stdinOperands?: boolean;
  /** xargs -I/-i/--replace: the string replaced by each input item. */
  replace?: string;
}

/**
 * Peels one launcher off the front. Returns null when the first word is not a launcher, when an
 * option is malformed or unknown (strict), or when no command follows.
 */
export function unwrapLauncher(tokens: Token[], liberal: boolean): Unwrapped | null {
  if (!tokens.length) return null;
  const name = basename(at(tokens, 0).text);
  if (liberal && (name === 'busybox' || name === 'toybox')) {
    return tokens.length > 1 ? { tokens: tokens.slice(1), env: [] } : null;
  }
  const sp = (liberal ? LIBERAL : STRICT)[name];
  if (!sp) return null;
  if (name === 'command' && (tokens[1]?.text === '-v' || tokens[1]?.text === '-V')) return null;
  const env: string[] = [];
  let i = name === 'setarch' && tokens[1] && !at(tokens, 1).text.startsWith('-') ? 2 : 1;
  let rest: Token[] | null = null;
  while (i < tokens.length) {
    const w = at(tokens, i).text;
    if (w === '--') {
      i++;
      break;
    }
    if (name === 'env') {
      const n = assignmentName(w);
      if (n) {
        env.push(n);
        i++;
        continue;
      }
      if (
        w === '-S' ||
        w === '--split-string' ||
        w.startsWith('--split-string=') ||
        (w.startsWith('-S') && w.length > 2)
      ) {
        // env -S "cmd args": the string is split into words in place.
        const str =
          w === '-S' || w === '--split-string'
            ? (tokens[i + 1]?.text ?? '')
            : w.startsWith('-S')
              ? w.slice(2)
              : w.slice(15);
        const words = str
          .split(/[ \t]+/)
          .filter(Boolean)
          .map((text) => ({ text, quoted: false, redir: false }));
        rest = [...words, ...tokens.slice(w === '-S' || w === '--split-string' ? i + 2 : i + 1)];
        break;
      }
    }
    if (!w.startsWith('-') || (w === '-' && name !== 'env')) break;
    // wsl's management commands (`wsl --mount DISK`, `--import`, `--list`) run nothing in Linux:
    // the line is wsl.exe's own, read as such (container-run.ts reads --mount)
    if (name === 'wsl' && WSL_MANAGE.test(w)) return null;
    if (sp.flags.has(w)) {
      i++;
      continue;
    }
    if (sp.withArg.has(w)) {
      i += 2;
      continue;
    }
    const eq = w.indexOf('=');
    if (w.startsWith('--') && eq > 0 && sp.longWithArg.has(w.slice(0, eq))) {
      i++;
      continue;
    }
    if (sp.longWithArg.has(w)) {
      i += 2;
      continue;
    }
    if (w.length > 2 && w[1] !== '-' && sp.attached.includes(at(w, 1))) {
      i++;
      continue;
    }
    if (sp.numericFlag && /^-\d+$/.test(w)) {
      i++;
      continue;
    }
    if (!liberal) return null;
    i++; // liberal: an unknown option is skipped as a plain flag
  }
  let out = rest ?? tokens.slice(i);
  if (sp.positional && !rest) {
    if (!out.length || !sp.positional.test(at(out, 0).text)) return null;
    out = out.slice(1);
  }
  if (!out.length) return null;
  if (name === 'xargs') {
    const opts = tokens.slice(1, tokens.length - out.length).map((t) => t.text);
    let replace: string | undefined;
    opts.forEach((o, k) => {
      if (o === '-I') replace = opts[k + 1];
      else if (o.startsWith('-I')) replace = o.slice(2);
      else if (o === '-i' || o === '--replace') replace = '{}';
      else if (o.startsWith('-i')) replace = o.slice(2);
      else if (o.startsWith('--replace=')) replace = o.slice(10);
    });
    return { tokens: out, env, stdinOperands: !replace, replace };
  }
  return { tokens: out, env };
}

/**
 * The command string a shell wrapper runs (`bash -lc 'X'`, `cmd /c X`, `pwsh -Command X`),
 * or null when the words are not such a wrapper.
 */
/** Words that mean the same unquoted or inside double quotes (no spaces, globs or expansions). */
const PLAIN_ARG = /^[\w./~:@%+=,-]+$/;

/**
 * `sh -c 'rm -rf "$0"' /home/alice`: the words after the code are its $0, $1 ... and "$@", so
 * the code runs on them. Bound only where every such word is plain (reads the same anywhere).
 */
function bindPositionals(code: string, args: string[]): string {
  if (!args.length || !args.every((a) => PLAIN_ARG.test(a)) || !/\$(?:\{?[0-9@*]\}?)/.test(code)) return code;
  return code
    .replace(/\$\{?([0-9])\}?/g, (m, d: string) => args[Number(d)] ?? m)
    .replace(/\$\{?[@*]\}?/g, args.slice(1).join(' '));
}

export function shellCommandString(tokens: Token[]): string | null {
  if (tokens.length < 2) return null;
  const name = basename(at(tokens, 0).text).toLowerCase();
  if (SHELLS.has(name)) {
    for (let i = 1; i < tokens.length; i++) {
      const w = at(tokens, i).text;
      if (w === '--') return null;
      if (w === '-o' || w === '+o' || w === '-O' || w === '+O') {
        i++;
        continue;
      }
      if (w.startsWith('--')) continue;
      if (!w.startsWith('-') && !w.startsWith('+')) return null;
      if (w.startsWith('-') && w.includes('c')) {
        const cmd = tokens[i + 1];
        return cmd
          ? bindPositionals(
              cmd.text,
              tokens.slice(i + 2).map((t) => t.text),
            )
          : null;
      }
    }
    return null;
  }
  if (name === 'cmd' || name === 'cmd.exe') {
    for (let i = 1; i < tokens.length; i++) {
      const w = at(tokens, i).text;
      const lw = w.toLowerCase();
      if (lw === '/c' || lw === '/k') return joinTokens(tokens.slice(i + 1));
      if (lw.startsWith('/c') || lw.startsWith('/k'))
        return [w.slice(2), ...tokens.slice(i + 1).map((t) => t.text)].join(' ');
      if (!w.startsWith('/')) return null;
    }
    return null;
  }
  if (name === 'powershell' || name === 'powershell.exe' || name === 'pwsh' || name === 'pwsh.exe') {
    for (let i = 1; i < tokens.length; i++) {
      const lw = at(tokens, i).text.toLowerCase();
      if (lw === '-command' || lw === '-c' || lw === '/command' || lw === '/c') return joinTokens(tokens.slice(i + 1));
      if (lw === '-encodedcommand' || lw === '-e' || lw === '-enc' || lw === '-ec') {
        const b64 = tokens[i + 1]?.text;
        if (!b64) return null;
        try {
          return Buffer.from(b64, 'base64').toString('utf16le');
        } catch {
          return null;
        }
      }
      if (!lw.startsWith('-') && !lw.startsWith('/')) return null;
    }
  }
  return null;
}

/** `watch [opts] CMD...`: the joined words are run through `sh -c`. */
export function watchCommandString(tokens: Token[]): string | null {
  if (basename(tokens[0]?.text ?? '') !== 'watch') return null;
  let i = 1;
  while (i < tokens.length && at(tokens, i).text.startsWith('-')) {
    const w = at(tokens, i).text;
    i += w === '-n' || w === '--interval' || w === '-q' || w === '--equexit' ? 2 : 1;
  }
  return i < tokens.length ? joinTokens(tokens.slice(i)) : null;
}

export function joinTokens(tokens: Token[]): string {
  let s = '';
  for (let i = 0; i < tokens.length; i++) s += (i ? ' ' : '') + at(tokens, i).text;
  return s;
}

/** The words `echo ...` or `printf ...` would print, when they are plain literals; else null. */
export function literalOutput(tokens: Token[]): string[] | null {
  if (!tokens.length) return null;
  const first = basename(at(tokens, 0).text);
  const texts = tokens.slice(1).map((t) => t.text);
  if (texts.some((t) => t.includes('$') || t.includes('`'))) return null;
  let out: string[];
  if (first === 'echo') {
    let i = 0;
    while (i < texts.length && /^-[neE]+$/.test(at(texts, i))) i++;
    out = texts.slice(i);
  } else if (first === 'printf') {
    if (!texts.length) return null;
    out =
      texts.length > 1
        ? texts.slice(1)
        : [
            at(texts, 0)
              .replace(/\\[nt]/g, ' ')
              .replace(/%%/g, '%'),
          ];
    if (texts.length === 1 && /%[^%]/.test(at(texts, 0))) return null;
  } else return null;
  return out.flatMap((t) => t.split(/\s+/)).filter(Boolean);
}
