// Walks a command line down to the simple commands that run, with what effects need and the
// policy readings do not keep: the argv after NAME=value prefixes and launchers, each
// redirection with its target, and the text the command gets on standard input when it is known
// (a here-doc body, a here-string, or what a literal echo/printf pipes in).
import { decodeEscapes } from './escapes.js';
import { extractSubstitutions, sanitize, splitSegments, type Token } from '../shell-parse.js';
import {
  assignmentName,
  basename,
  joinTokens,
  shellCommandString,
  unwrapLauncher,
  watchCommandString,
} from '../shell-wrappers.js';
import { splitHereDocs } from './heredoc.js';
import { envCode, extractCode } from '../shell-extract.js';
import { readFind } from '../shell-flags.js';
import { at } from '../../util/invariant.js';
import { decodedOutput } from './decoded.js';

export interface Redirection {
  /** The operator without its fd: >, >>, >|, <, <>, <<, <<<. */
  op: string;
  /** The fd written (1 for a bare >, 2 for 2>, 'all' for &>). */
  fd: string;
  target: string;
}

export interface SimpleCommand {
  /** Words after NAME=value prefixes and launchers (sudo, env, nohup, timeout ...), quotes removed. */
  argv: string[];
  /** Whether each word was quoted (a quoted word is never a glob or an operator). */
  quoted: boolean[];
  redirs: Redirection[];
  /** The text read on standard input, when the line shows it. */
  stdin?: string;
  /** NAME=value given to this command (prefix assignments and env NAME=value). */
  assigns: { name: string; value: string }[];
  /** Names removed from its environment (env -u NAME). */
  unsets: string[];
  /** The argv of the command its standard output is piped into (`env | grep NODE`). */
  pipedInto?: string[];
}

const REDIR = /^(\d*|&)(>>|>\||>&|<<<|<<-|<<|<&|<>|>|<)(.*)$/s;
/** Walks stop here: deeper nesting is the readings' business (they refuse it). */
const MAX_DEPTH = 8;
const MAX_COMMANDS = 256;

/** The text echo/printf writes, when every word is known (escapes are kept as written). */
export function echoText(argv: string[]): string | undefined {
  const name = basename(argv[0] ?? '');
  if (name === 'echo') {
    let i = 1;
    while (i < argv.length && /^-[neE]+$/.test(at(argv, i))) i++;
    const text = argv.slice(i).join(' ') + '\n';
    // `echo -e` turns \xHH and octal escapes into characters (escapes.ts)
    return argv.slice(1, i).some((f) => f.includes('e')) ? decodeEscapes(text) : text;
  }
  if (name === 'printf') {
    let i = 1;
    if (argv[i] === '-v') return undefined;
    if (argv[i] === '--') i++;
    const fmt = argv[i];
    if (fmt === undefined) return undefined;
    const args = argv.slice(i + 1);
    if (!args.length) return decodeEscapes(fmt.replace(/\\n/g, '\n').replace(/\\t/g, '\t').replace(/%%/g, '%'));
    let k = 0;
    return decodeEscapes(
      fmt
        .replace(/\\n/g, '\n')
        .replace(/\\t/g, '\t')
        .replace(/%[-0-9.]*[sbdqc%]/g, (m) => (m === '%%' ? '%' : (args[k++] ?? ''))) + args.slice(k).join(' '),
    );
  }
  return undefined;
}

class Walker {
  readonly out: SimpleCommand[] = [];
  private bodies: string[] = [];
  private nextBody = 0;

  walk(cmd: string, depth: number): void {
    if (depth > MAX_DEPTH || this.out.length >= MAX_COMMANDS) return;
    const saved = [this.bodies, this.nextBody] as const;
    const h = splitHereDocs(cmd);
    this.bodies = h.bodies;
    this.nextBody = 0;
    let piped: string | undefined;
    let producer: SimpleCommand | undefined;
    for (const seg of splitSegments(h.text)) {
      // Once the walk is full, the rest of a long line changes nothing it kept, except the
      // command a kept one pipes into (read below): stop there.
      if (this.out.length >= MAX_COMMANDS && producer === undefined) break;
      const c = this.segment(seg.tokens, depth, piped, producer !== undefined);
      if (producer && c) producer.pipedInto = c.argv;
      piped = undefined;
      producer = undefined;
      if (c && (seg.op === '|' || seg.op === '|&')) {
        piped = outputOf(c);
        producer = c;
      }
    }
    // (each walk returns at once when the walk is full)
    if (this.out.length < MAX_COMMANDS) for (const sub of extractSubstitutions(h.text)) this.walk(sub, depth + 1);
    [this.bodies, this.nextBody] = saved;
  }

  private segment(
    input: Token[],
    depth: number,
    piped: string | undefined,
    pipedIn = false,
  ): SimpleCommand | undefined {
    const redirs: Redirection[] = [];
    const words: Token[] = [];
    let stdin = piped;
    for (let i = 0; i < input.length; i++) {
      const t = at(input, i);
      if (!t.redir) {
        words.push(t);
        continue;
      }
      const m = REDIR.exec(t.text);
      if (!m) continue; // the target of a bare operator, consumed below
      let target = at(m, 3);
      if (target === '' && input[i + 1]?.redir) target = at(input, ++i).text;
      const op = at(m, 2);
      if (op === '<<' || op === '<<-') {
        stdin = this.bodies[this.nextBody++] ?? '';
        continue;
      }
      if (op === '<<<') {
        stdin = target + '\n';
        continue;
      }
      if (op === '>&' && /^\d+$|^-$/.test(target)) continue; // 2>&1: fd duplication
      if (op === '<&') continue;
      redirs.push({
        op: op === '>&' ? '>' : op,
        fd: m[1] === '&' || op === '>&' ? 'all' : m[1] || (op.startsWith('<') ? '0' : '1'),
        target,
      });
    }
    let tokens = words;
    const assigns: { name: string; value: string }[] = [];
    const unsets: string[] = [];
    for (let guard = 0; tokens.length && guard < 32; guard++) {
      let a = 0;
      while (a < tokens.length) {
        const n = assignmentName(at(tokens, a).text);
        if (!n) break;
        assigns.push({ name: n, value: at(tokens, a).text.slice(at(tokens, a).text.indexOf('=') + 1) });
        a++;
      }
      if (a) {
        tokens = tokens.slice(a);
        continue;
      }
      const head = basename(at(tokens, 0).text);
      if (head === 'env') readEnv(tokens, assigns, unsets);
      const u = unwrapLauncher(tokens, true);
      if (u) {
        tokens = u.tokens;
        continue;
      }
      break;
    }
    if (tokens.length) {
      const str = shellCommandString(tokens);
      if (str !== null) {
        const first = this.out.length;
        this.walk(str, depth + 1);
        // PowerShell code is also read as PowerShell (its own cmdlets).
        if (!/^(?:powershell|pwsh)(?:\.exe)?$/i.test(basename(at(tokens, 0).text))) {
          // `... | bash -c 'source /dev/stdin'`: what is piped in reaches the inner line's first command
          const inner = pipedIn ? this.out[first] : undefined;
          if (inner && inner.stdin === undefined && stdin !== undefined) inner.stdin = stdin;
          return inner;
        }
      }
      if (basename(at(tokens, 0).text) === 'eval' && tokens.length > 1) {
        this.walk(joinTokens(tokens.slice(1)), depth + 1);
        return undefined;
      }
    }
    this.hiddenCode(tokens, assigns, depth);
    if (!tokens.length && !redirs.length && !assigns.length && !unsets.length) return undefined;
    const c: SimpleCommand = {
      argv: tokens.map((t) => t.text),
      quoted: tokens.map((t) => t.quoted),
      redirs,
      assigns,
      unsets,
    };
    if (stdin !== undefined) c.stdin = stdin;
    if (this.out.length < MAX_COMMANDS) this.out.push(c);
    return c;
  }

  /**
   * Code a command runs later or elsewhere (`ssh host CMD`, `find -exec`, `git -c core.pager=`,
   * `awk system()`, `PROMPT_COMMAND=`...) does what it says there: its effects are walked as a
   * command of its own, the way the readings read it (shell-extract.ts).
   */
  private hiddenCode(tokens: Token[], assigns: { name: string; value: string }[], depth: number): void {
    for (const { name, value } of assigns) {
      const x = envCode(name, value);
      if (x) this.walk(x.text, depth + 1);
    }
    if (!tokens.length) return;
    for (const x of extractCode(tokens)) this.walk(x.text, depth + 1);
    const head = basename(at(tokens, 0).text);
    if (head === 'watch') {
      const w = watchCommandString(tokens.filter((t) => !t.redir));
      if (w) this.walk(w, depth + 1);
    }
    if (head === 'find') {
      const f = readFind(tokens.filter((t) => !t.redir).map((t, i) => (i === 0 ? 'find' : t.text)));
      for (const p of f?.payloads ?? []) this.walk(p.map(quoteWord).join(' '), depth + 1);
    }
  }
}

/** A word quoted so that the walker reads it back as itself. */
function quoteWord(w: string): string {
  return /^[A-Za-z0-9_@%+=:,./~{}-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

function readEnv(tokens: Token[], assigns: { name: string; value: string }[], unsets: string[]): void {
  for (let i = 1; i < tokens.length; i++) {
    const w = at(tokens, i).text;
    if (w === '-u' || w === '--unset') unsets.push(tokens[++i]?.text ?? '');
    else if (w.startsWith('--unset=')) unsets.push(w.slice(8));
    else if (w.startsWith('-u') && w.length > 2) unsets.push(w.slice(2));
    else if (w === '-i' || w === '--ignore-environment' || w === '-') unsets.push('*');
    else {
      const name = assignmentName(w);
      if (name) assigns.push({ name, value: w.slice(w.indexOf('=') + 1) });
      else if (!w.startsWith('-')) break;
    }
  }
}

/** What a command writes to its standard output, when the line shows it (echo, printf, cat of
 * stdin, and known text through a decoder: `echo B64 | base64 -d`, `xxd -r -p`, `rev`, `tr`). */
export function outputOf(c: SimpleCommand): string | undefined {
  const name = basename(c.argv[0] ?? '');
  if (name === 'echo' || name === 'printf') return echoText(c.argv);
  if (name === 'cat' && c.argv.length === 1) return c.stdin;
  // nothing at all: `cat /dev/null`, `true`, `:` (what a blanking `... | tee FILES` is fed)
  if (name === 'cat' && c.argv.length > 1 && c.argv.slice(1).every((w) => w === '/dev/null')) return '';
  if ((name === 'true' || name === ':') && c.argv.length === 1) return '';
  return c.stdin === undefined ? undefined : decodedOutput(c.argv, c.stdin);
}

/** The simple commands a command line runs, outermost first. */
export function simpleCommands(cmd: string): SimpleCommand[] {
  const w = new Walker();
  w.walk(sanitize(cmd), 0);
  return w.out;
}
