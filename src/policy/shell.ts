// Reads a shell command the ways a policy needs (docs/policy.md):
// - `components`: every executed simple command in the normalized spelling that policy patterns are written against (quotes,
//   escapes, NAME=x prefixes, env/nohup/timeout/... and `sh -c` removed). Allow/watch rules must
//   cover each of them.
// - `candidates`: a superset for deny/ask rules: also sudo/doas/xargs/busybox peeled (the wrapped
//   spelling is kept too), /bin/rm read as rm, ~ and $HOME expanded, flags canonicalised,
//   one `rm -rf <operand>` per operand. Each candidate belongs to a "unit" (one executed thing,
//   all spellings of it); whole-command readings of a compound command belong to no unit (-1).
// Quoted words stay words: `git commit -m "rm -rf x"` has one component, `git commit -m rm -rf x`.
import { FINDERS, finderReadings } from './shell-finders.js';
import { homedir } from 'node:os';
import { withCredentialVariable } from './credential-variables.js';
import {
  extractSubstitutions,
  lineBreaks,
  sanitize,
  skipBalanced,
  splitSegments,
  verbatimAt,
  type Segment,
  type Token,
} from './shell-parse.js';
import {
  assignmentName,
  basename,
  joinTokens,
  LIBERAL_HEADS,
  literalOutput,
  shellCommandString,
  SHELLS,
  unwrapLauncher,
  watchCommandString,
} from './shell-wrappers.js';
import { broadFindReadings, canonicalForms, readFind, rmAliases, RM_MAX_OPERANDS } from './shell-flags.js';
import { bindPositional, expandTokens, findFunctions, Scope, type Resolution } from './shell-expand.js';
import {
  FETCHERS,
  findHereDocs,
  hereStringText,
  literalText,
  sinkOf,
  sourceFlow,
  throughFilter,
  type Flow,
} from './shell-decode.js';
import { envCode, extractCode, makefileCode, type Extracted } from './shell-extract.js';
import { spellOutLongOptions } from './shell-options.js';
import {
  deletesOperands,
  destroyedOperands,
  listedGlob,
  listedTree,
  splitWords,
  workdirWords,
  extglobWords,
  emptySource,
} from './shell-destroy.js';
import { windowsReadings } from './shell-windows.js';
import { windowsPosixReading } from './shell-windows-posix.js';
import { secretMetadataReading } from './kube-output.js';
import { secretNounReading } from './shell-cli-secrets.js';
import { VERB_GATES, gateText } from './verb-gates.js';
import { computedList, makesDeleteRefspecs, verbCandidates, XARGS_ITEM } from './shell-verbs.js';
import { releaseScriptReading } from './shell-ship-verbs.js';
import { localDataReadings } from './shell-local-data.js';
import { servedCacheReading } from './served-caches.js';
import { rootLocalReading } from './root-local.js';
import { remoteCopyReading, sftpBatchReading } from './remote-copies.js';
import { docStoreDevReading } from './effects/doc-store-wipes.js';
import { withoutGlobalOptions } from './shell-global-options.js';
import { shellSetupCommand } from './shell-setup-evals.js';
import { findDeleteReadings, listingPattern } from './shell-targets.js';
import { lossReadings } from './shell-loss.js';
import {
  databaseClientHost,
  dumpsDatabase,
  endpointUrl,
  networkClient,
  reverseShellReading,
  stdioOnSocket,
  type Endpoint,
} from './shell-network.js';
import { inTree, privateHost } from './remote-copies.js';
import { at } from '../util/invariant.js';
import { respell } from './shell-respell.js';
import { TextMap, TextSet } from './text-map.js';
import { generatedFilesPath } from './shell-verb-scope.js';

/** rsync options that take a separate value (`--exclude .git`, `-e ssh`). */
const RSYNC_VALUE_OPTS = new Set(
  '-e --rsh --rsync-path --exclude --include --exclude-from --include-from --files-from -f --filter -T --temp-dir --partial-dir --backup-dir --suffix --compare-dest --copy-dest --link-dest --chmod --chown --log-file --password-file --port --bwlimit --max-size --min-size --timeout -B --block-size -M --remote-option'.split(
    ' ',
  ),
);

/** `sh -c` inside `sh -c` ... deeper than this is refused (the engine denies). */
export const MAX_NESTING = 8;
/** Readings per command; beyond this the command is refused rather than half-analysed. */
export const MAX_CANDIDATES = 16384;
/** Reading steps (functions, aliases, extracted and decoded code) may add at most this many characters beyond the input's own length. */
const EXPANSION_SLACK = 256 * 1024;
/** Entries kept in `readings` and `dynamic` (for explain); analysis itself is not cut. */
const MAX_NOTES = 256;
/** Resolved simple commands kept for the effects reading: each is walked once more. */
const MAX_RESOLVED = 32;
/** Segments of a string respelled whole once one of them was resolved (longer strings are scripts, read line by line). */
const MAX_WHOLE_SEGMENTS = 24;

/** Why the program a command runs cannot be known statically. */
export type DynamicKind = 'network' | 'command-name' | 'eval' | 'stdin' | 'source';

export interface DynamicReading {
  kind: DynamicKind;
  reason: string;
}

/** A reading made by understanding the shell rather than its spelling (shown by explain). */
export interface ExtraReading {
  kind: 'extracted' | 'resolved' | 'decoded' | 'function' | 'alias' | 'script' | 'meaning';
  /** Where it came from: `git -c core.pager`, `$a`, `base64 -d`, `f ~`. */
  from: string;
  text: string;
}

/** A script handed to an interpreter on stdin (here-document, here-string or pipe). */
export interface InterpreterScript {
  interpreter: string;
  text: string;
}

export interface CommandAnalysis {
  /** The command with control characters and ANSI sequences removed. */
  raw: string;
  /** Executed segments in normalized spelling, joined with ' && '. */
  normalized: string;
  /** Executed simple commands (normalized), backslashes read as '/'. */
  components: string[];
  /** The same components with ~ and $HOME expanded (null where that changes nothing). */
  componentsExpanded: (string | null)[];
  /**
   * Per component, its long words that stand verbatim in `raw` (quotes around them removed):
   * flat triples [offset in the component, offset in raw, length]; null when none. The command
   * marking reads what raw already holds only once (command-marks.ts).
   */
  verbatim?: (number[] | null)[];
  /** More than one executed component (compound command or command substitution). */
  composite: boolean;
  /** Every reading for deny/ask matching, backslashes read as '/'. */
  candidates: string[];
  /** Unit of each candidate; -1 for whole-command readings of a composite command. */
  units: number[];
  /** Names of environment variables the command assigns. */
  envAssignments: string[];
  /** Set when the command is too deep or too large to analyse; the engine then denies. */
  truncated: string | null;
  /** Places where what runs cannot be known statically (empty when everything is known). */
  dynamic: DynamicReading[];
  /** Readings from extracted code, resolved variables, decoded literals, functions and aliases. */
  readings: ExtraReading[];
  /** Scripts fed to interpreters on stdin, for whoever analyses interpreter code. */
  scripts: InterpreterScript[];
  /** Simple commands whose words the reader resolved (variables, ${IFS}, braces, aliases),
   * spelled so a shell reads back the resolved words (shell-respell.ts). */
  resolved: string[];
}

export interface AnalyzeOptions {
  /** Home directory for ~ and $HOME (default: the current user's). */
  home?: string;
}

const LEAD_KEYWORDS = new Set([
  '!',
  '{',
  '}',
  'if',
  'then',
  'elif',
  'else',
  'while',
  'until',
  'do',
  'done',
  'fi',
  'esac',
]);
const TRAIL_KEYWORDS = new Set(['}', 'fi', 'done', 'esac']);
const HEADER_KEYWORDS = new Set(['case', 'for', 'select', 'function']);
const EXPORTERS = new Set(['export', 'declare', 'typeset', 'local', 'readonly']);

/** `grep -v PATTERN` (any grep, any flags with v): a pipeline stage that only leaves names out. */
function dropsSomeNames(tokens: Token[]): boolean {
  const w = tokens.filter((t) => !t.redir).map((t) => t.text);
  if (!/^(?:grep|egrep|fgrep|rg)$/.test(basename(w[0] ?? ''))) return false;
  return w.slice(1).some((x) => /^-[a-zA-Z]*v[a-zA-Z]*$/.test(x) || x === '--invert-match');
}

function slash(s: string): string {
  return s.includes('\\') ? s.replace(/\\/g, '/') : s;
}

/** Shell keywords around a command (`if X`, `do X`, `X; fi`) are not part of it. */
function stripKeywords(tokens: Token[]): Token[] {
  let a = 0;
  let b = tokens.length;
  while (a < b && !at(tokens, a).quoted && LEAD_KEYWORDS.has(at(tokens, a).text)) a++;
  while (b > a && !at(tokens, b - 1).quoted && TRAIL_KEYWORDS.has(at(tokens, b - 1).text)) b--;
  if (a < b && !at(tokens, a).quoted && HEADER_KEYWORDS.has(at(tokens, a).text)) return [];
  return a === 0 && b === tokens.length ? tokens : tokens.slice(a, b);
}

/** `~NAME[/...]`: NAME's home folder, beside this one (`~root` is /root). */
function userHome(word: string, home: string): string {
  const slash = word.indexOf('/');
  const name = word.slice(1, slash < 0 ? undefined : slash);
  const rest = slash < 0 ? '' : word.slice(slash);
  const parent = home.slice(0, home.lastIndexOf('/')) || '/home';
  const dir = name === 'root' ? '/root' : `${parent}/${name}`;
  return dir + rest;
}

export function expandHome(word: string, home: string): string {
  let out = word;
  if (out === '~') out = home;
  else if (out.startsWith('~/')) out = home + out.slice(1);
  else if (/^~[a-z_][a-z0-9_.-]*(?:\/|$)/i.test(out)) out = userHome(out, home);
  // $HOME, ${HOME} and ${HOME:-x} / ${HOME:?} / ${HOME:=x} (HOME is set, so they all read as it).
  if (out.includes('$')) out = out.replace(/\$\{HOME(?::?[-=?+][^}]*)?\}|\$HOME(?![A-Za-z0-9_])/g, home);
  return out;
}

function expandWords(words: string[], home: string): string[] | null {
  let changed: string[] | null = null;
  for (let i = 0; i < words.length; i++) {
    const w = at(words, i);
    if (w[0] !== '~' && !w.includes('$')) continue;
    let e = expandHome(w, home);
    // A variable that holds a credential file's path (`cat $KUBECONFIG`) reads as that file's
    // default place; not as an option's value (`--kubeconfig $KUBECONFIG`, `--key-file
    // $GOOGLE_APPLICATION_CREDENTIALS`), where the tool uses the credential as meant.
    if (e[0] === '$' && !/^--?[A-Za-z]/.test(words[i - 1] ?? '')) {
      const cred = withCredentialVariable(e);
      if (cred !== e) e = home + cred.slice(1);
    }
    if (e !== w) {
      changed ??= words.slice();
      changed[i] = e;
    }
  }
  return changed;
}

function toTokens(words: string[]): Token[] {
  return words.map((text) => ({ text, quoted: false, redir: false }));
}

interface SegmentResult {
  norm: string;
  /** The most unwrapped spelling, used for whole-pipeline readings (`curl x | sh`). */
  primary: string;
  /** What this stage writes to a pipe, when it is piped. */
  flow: Flow | null;
  /** The words an echo/printf stage prints, read after expansion and launchers (for xargs). */
  printed?: string[] | null;
  /** The directory whose every file this stage lists (`git ls-files`, `find .`), for xargs. */
  listed?: string | null;
  /** The paths a `find -name` stage lists, as globs (shell-targets.ts), for xargs. */
  listing?: string[] | null;
  /** The stage's words and redirections past launchers, when it sits in a pipeline (or a line that opens a socket). */
  stage?: Token[];
}

/** What a segment knows about its surroundings. */
interface SegmentContext {
  scope: Scope;
  /** The words a preceding `echo`/`printf` pipes in, when known (for xargs). */
  stdin: string[] | null;
  /** The text piped in by the previous stage; null when not piped. */
  flowIn: Flow | null;
  /** The body of a here-document on this segment. */
  hereDoc: string | null;
  /** The segment is the name of a function being defined. */
  defining?: boolean;
  /** The segment's output goes into a pipe (its flow is worth computing). */
  piped?: boolean;
  /** The previous stage lists every file of this directory (see listedTree). */
  listedIn?: string | null;
  /** The paths the previous stage lists, when a name test bounds them (see listingPattern). */
  listingIn?: string[] | null;
  /** Words come from xargs' stand-in for unknown input: not real operands. */
  placeholder?: boolean;
  /** The caller wants the stage's tokens back (see SegmentResult.stage). */
  wantStage?: boolean;
  /** The words of the next stage, when this one is piped into it (kube-output.ts). */
  pipedInto?: string[] | null;
}

/** One stage of a pipeline as the network reading needs it. */
interface Stage {
  tokens: Token[];
  /** What the previous stage pipes in: null when not piped; text null when computed at run time. */
  input: Flow | null;
}

const HEREDOC_OP = /^\d*<<(?!<)/;
/** PowerShell running a string as code: Invoke-Expression, a script block made from text, the
 * engine's own InvokeScript/NewScriptBlock. */
const INVOKE_EXPRESSION =
  /(?:^|[\s;|(&])(?:iex|invoke-expression)(?=[\s(]|$)|\[scriptblock\]::create\s*\(|\.invokecommand\.(?:invokescript|newscriptblock)\s*\(|add-type\s+-(?:typedefinition|memberdefinition)\b/i;
/** Programs that put a copy of (or a link to) their first operand at their second. */
const COPIERS = new Set(['cp', 'ln', 'install', 'mv', 'rsync']);
/** A PowerShell assignment's value: a cmdlet (Verb-Noun), an array or hashtable, a cast, a variable, a
 * sub-expression, a number, or $true/$false/$null. */
const PS_VALUE = /^(?:[A-Z][a-z]+-[A-Z][A-Za-z]+|@[({]|\[[A-Za-z]|\$|\(|\d)/;
/** Interpreters whose first operand is a script they run. */
const SCRIPT_RUNNERS = /^(python[0-9.]*|node|nodejs|perl|ruby|php|deno|bun|lua[0-9.]*|Rscript|pwsh|powershell)$/;

/** Where a download command puts what it fetches: curl -o F / -O, wget -O F / URL, git clone URL [DIR]. */
function downloadTarget(tokens: Token[]): { path: string; dir: boolean } | null {
  const t0 = tokens[0]?.text ?? '';
  if (!t0.endsWith('curl') && !t0.endsWith('wget') && !t0.endsWith('git')) return null;
  const first = basename(t0);
  if (first !== 'curl' && first !== 'wget' && first !== 'git') return null;
  const w = tokens.filter((t) => !t.redir).map((t) => t.text);
  const urlName = (u: string | undefined) =>
    u
      ? u
          .replace(/[?#].*$/, '')
          .replace(/\/+$/, '')
          .split('/')
          .pop() || null
      : null;
  const url = w.find((x) => /^(https?|ftp):\/\//.test(x));
  if (first === 'curl') {
    const o = w.findIndex((x) => x === '-o' || x === '--output');
    const out = o > 0 ? w[o + 1] : undefined;
    if (out && out !== '-') return { path: out, dir: false };
    const attached = w.find((x) => /^-[a-zA-Z]*o./.test(x) && !x.startsWith('--'));
    if (attached) return { path: attached.slice(attached.indexOf('o') + 1), dir: false };
    if (w.some((x) => x === '-O' || x === '--remote-name' || /^-[a-zA-Z]*O$/.test(x))) {
      const n = urlName(url);
      return n ? { path: n, dir: false } : null;
    }
  } else if (first === 'wget') {
    const o = w.findIndex((x) => x === '-O' || x === '--output-document');
    const out = o > 0 ? w[o + 1] : undefined;
    if (out && out !== '-') return { path: out, dir: false };
    const attached = w.find((x) => /^-[a-zA-Z]*O./.test(x) && !x.startsWith('--'));
    if (attached) return { path: attached.slice(attached.indexOf('O') + 1), dir: false };
    if (o < 0) {
      const n = urlName(url);
      return n ? { path: n, dir: false } : null;
    }
  } else if (first === 'git' && w[1] === 'clone') {
    const ops = w.slice(2).filter((x) => !x.startsWith('-'));
    const dir = ops[1] ?? urlName(ops[0])?.replace(/\.git$/, '');
    return dir ? { path: dir, dir: true } : null;
  }
  return null;
}

/** Launchers that run their command with raised privileges: the readings keep them in front. */
const PRIVILEGED = new Set(['sudo', 'doas', 'pkexec', 'run0']);
/** Whether a segment's standard output goes to a file (`> f`, `>> f`, `&> f`), not to the conversation. */
function outputFiled(tokens: Token[]): boolean {
  return tokens.some(
    (t, i) =>
      t.redir &&
      /^(?:1?>>?|&>>?|>\|)/.test(t.text) &&
      !/(?:\/dev\/(?:stdout|stderr|tty)|&[12])$/.test(
        t.text.replace(/^(?:1?>>?|&>>?|>\|)/, '') || (tokens[i + 1]?.text ?? ''),
      ),
  );
}

/** Substitutions that print a plain value about the user, the machine or the checkout (Analyzer.ownUnit). */
const VALUE_PRINTER =
  /^(?:id(?: -[ugnGr]+)*|whoami|logname|pwd|nproc|getconf _NPROCESSORS_ONLN|uname(?: -[a-z]+)?|date(?: [-+][\w%:+-]*)*|git rev-parse(?: --short(?:=\d+)?| --abbrev-ref| --show-toplevel)* HEAD|git rev-parse --show-toplevel|git describe(?: --[\w-]+)*|git branch --show-current)$/;
const EVALS = new Set(['eval']);
const SOURCES = new Set(['source', '.']);

function hasDollar(w: string): boolean {
  return w.includes('$') || w.includes('`');
}

/** A word the shell must expand at run time in a way no reading resolves ($(...), `...`, $var, <(...)). */
/** Parameter references that expand to nothing when the variable is unset (see unsetInName). */
const UNSET_EMPTY = /\$\{[A-Za-z_]\w*(?:(?:#|##|%|%%|\/|\/\/|\^|\^\^|,|,,|:\+|\+)[^}]*|:\d[^}]*)?\}|\$[A-Za-z_]\w*/g;

function unresolved(w: string): boolean {
  if (!w.includes('$') && !w.includes('`') && !w.startsWith('<(')) return false;
  if (w.includes('$(') || w.includes('`') || w.startsWith('<(')) return true;
  const rest = w.replace(/\$\{HOME(?::?[-=?+][^}]*)?\}|\$HOME(?![A-Za-z0-9_])/g, '');
  return /\$[A-Za-z_{@*0-9#?!-]/.test(rest);
}

const FETCH_WORD = new RegExp(
  `(?:^|[\\s|;&(\`'"/])(?:${[...FETCHERS].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?=[\\s;&|)'"\`]|$)`,
  'i',
);

/** Whether text runs a download (curl, wget ...): code read from it comes from the network. */
function mentionsFetch(s: string): boolean {
  return FETCH_WORD.test(s);
}

/**
 * Whether trimming line to text took off only spaces and tabs at its start (what the tokenizer
 * skips there). Not at its end: there they may belong to a word (`a\<TAB>`, an unclosed quote).
 */
function blankStart(line: string, text: string): boolean {
  if (!line.endsWith(text)) return false;
  for (let i = 0; i < line.length - text.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

class Analyzer {
  readonly cands: string[] = [];
  readonly units: number[] = [];
  private readonly index = new TextMap<number>();
  readonly components: string[] = [];
  /** Components already listed, made once there are several (a short list is searched directly). */
  private componentSet: TextSet | null = null;
  readonly componentsExpanded: (string | null)[] = [];
  readonly verbatim: (number[] | null)[] = [];
  readonly componentUnits: number[] = [];
  readonly env = new Set<string>();
  readonly dynamic: DynamicReading[] = [];
  readonly readings: ExtraReading[] = [];
  readonly scripts: InterpreterScript[] = [];
  readonly resolved: string[] = [];
  private noted: Set<string> | null = null;
  private nextUnit = 0;
  truncated: string | null = null;
  private readonly done = new Map<string, string>();
  /** The privileged launcher (sudo, doas ...) the current reading runs under, if any. */
  private privilege: string | null = null;
  /** Characters reading steps may still add (see EXPANSION_SLACK). */
  private budget: number;
  /** Variables bound at run time by a loop over a listing or by `read` (shell-verbs.ts). */
  private readonly computedVars = new Set<string>();
  /** How many command substitutions deep the segment being read is: their output is captured, not shown. */
  private captured = 0;
  /** Variables the line set as PowerShell does (`$rows = Import-Csv a.csv`): `$rows` alone then prints them. */
  private readonly psAssigned = new Set<string>();

  constructor(
    private readonly home: string,
    inputLength: number,
  ) {
    this.budget = inputLength + EXPANSION_SLACK;
  }

  /** The words of a command (joined by joinTokens) that stand verbatim in the top-level line. */
  private verbatimSpans(tokens: Token[]): number[] | null {
    const top = this.top;
    let out: number[] | null = null;
    let offset = 0;
    for (let i = 0; i < tokens.length; i++) {
      const t = at(tokens, i);
      if (i) offset++;
      const v = verbatimAt(t);
      // Length first: a nested string (shorter) is never compared in full.
      if (v && top !== null && v.source.length === top.length && v.source === top)
        (out ??= []).push(offset, v.at, t.text.length);
      offset += t.text.length;
    }
    return out;
  }

  /** The line as analysed at the top level (set when its reading starts). */
  top: string | null = null;
  /** How many segments the top-level line split into (-1 until its reading splits it): ownUnit
   * needs the count, and a long line is not kept in the split memo to be asked again. */
  private topSegments = -1;

  private hasComponent(c: string): boolean {
    if (this.components.length < 16) return this.components.includes(c);
    if (!this.componentSet) {
      this.componentSet = new TextSet();
      for (const x of this.components) this.componentSet.add(x);
    }
    return this.componentSet.has(c);
  }

  newUnit(): number {
    return this.nextUnit++;
  }

  /**
   * The unit of a top-level line that is one simple command whose only other components are its
   * own $(...) substitutions (`sudo chown -R $(id -u):$(id -g) .`): its raw and normalized texts
   * are that command's spellings, so that command's exclusions apply to them; each substitution
   * is decided as a unit of its own. Null for anything else.
   */
  ownUnit(raw: string, normalized: string): number | null {
    if ((raw === this.top && this.topSegments >= 0 ? this.topSegments : splitSegments(raw).length) !== 1) return null;
    for (const t of [raw, normalized]) {
      const known = this.index.get(slash(t));
      const u = known === undefined ? undefined : this.units[known];
      if (u === undefined || u < 0) continue;
      // only when each substitution prints a plain value (`$(id -u)`, `$(nproc)`): text from
      // anything else may become a name the command acts on (`mysql -e "DROP TABLE `x`"`)
      for (let i = 0; i < this.components.length; i++)
        if (this.componentUnits[i] !== u && !VALUE_PRINTER.test(this.components[i] ?? '')) return null;
      return u;
    }
    return null;
  }

  add(text: string, unit: number): void {
    if (!text) return;
    const t = slash(text);
    const known = this.index.get(t);
    if (known !== undefined) {
      if (unit === -1) this.units[known] = -1;
      return;
    }
    if (this.cands.length >= MAX_CANDIDATES) {
      this.truncated ??= `the command has more than ${MAX_CANDIDATES} readings`;
      return;
    }
    this.index.set(t, this.cands.length);
    this.cands.push(t);
    this.units.push(unit);
  }

  /**
   * The raw text of a line or nested string. One simple command's raw text belongs to that
   * command's unit (so its exclusions apply, as for the top level); a list of several is a
   * whole-command reading.
   */
  private addRaw(text: string, split?: Segment[]): void {
    if (!text || this.index.has(slash(text))) return;
    const segs = split ?? splitSegments(text);
    if (!segs.length) return;
    if (segs.length > 1) {
      this.add(text, -1);
      return;
    }
    const known = this.index.get(slash(joinTokens(stripKeywords(at(segs, 0).tokens))));
    this.add(text, known === undefined ? this.newUnit() : at(this.units, known));
  }

  /**
   * addRaw for each line of s. A line the split of s began and ended at line ends (lineBreaks)
   * takes its segments from that split instead of being split again: on a long script that was a
   * second tokenizer pass over the whole text.
   */
  private addRawLines(s: string, segs: Segment[]): void {
    const ends = lineBreaks(segs) ?? [];
    let start = 0;
    let k = 0;
    // segments before the current line when the split began it at a line end; -1 when not
    let before = 0;
    for (const line of s.split('\n')) {
      const end = start + line.length;
      while (k < ends.length && (ends[k] ?? 0) < end) k += 2;
      const upTo = end === s.length ? segs.length : ends[k] === end ? (ends[k + 1] ?? -1) : -1;
      const text = line.trim();
      this.addRaw(text, before >= 0 && upTo >= 0 && blankStart(line, text) ? segs.slice(before, upTo) : undefined);
      before = upTo;
      start = end + 1;
    }
  }

  /** Spends expansion budget; false (and the command is refused) once it is used up. */
  private spend(n: number): boolean {
    this.budget -= n;
    if (this.budget >= 0) return true;
    this.truncated ??= 'the command expands to more text than can be analysed';
    return false;
  }

  note(r: ExtraReading): void {
    // full: no key made (on a long line each was a long string built and hashed for nothing)
    if (this.readings.length >= MAX_NOTES) return;
    const k = `${r.kind}\u0000${r.from}\u0000${r.text}`;
    this.noted ??= new Set();
    if (this.noted.has(k)) return;
    this.noted.add(k);
    this.readings.push({ ...r, text: r.text.length > 300 ? r.text.slice(0, 297) + '...' : r.text });
  }

  /** Keeps a resolved simple command for the effects reading. */
  private respelled(tokens: Token[]): void {
    const text = respell(tokens);
    this.segmentRespell ??= text;
    this.runs(text);
  }

  /** The first resolved spelling of the segment being read (null when nothing was resolved):
   * a pipeline with a resolved stage is kept whole too, so `c=echo; $c 'DROP TABLE t' | psql`
   * still feeds psql the text the shell pipes in. */
  private segmentRespell: string | null = null;

  /** Keeps code the shell runs that the line does not spell out (a function's body, decoded text). */
  private runs(text: string): void {
    if (this.resolved.length < MAX_RESOLVED && !this.resolved.includes(text)) this.resolved.push(text);
  }

  markDynamic(kind: DynamicKind, reason: string): void {
    if (this.dynamic.length >= MAX_NOTES || this.dynamic.some((d) => d.kind === kind && d.reason === reason)) return;
    this.dynamic.push({ kind, reason: reason.length > 300 ? reason.slice(0, 297) + '...' : reason });
  }

  /** Reads code found inside another command as a command of its own (deny/ask readings only). */
  private readCode(text: string, depth: number, scope: Scope, note: ExtraReading): void {
    if (!text.trim() || !this.spend(text.length)) return;
    this.note(note);
    if (note.kind === 'function' || note.kind === 'decoded') this.runs(text);
    this.processString(text, depth + 1, false, null, scope);
  }

  /**
   * Windows readings (shell-windows.ts). A single command's belong to its unit, so what
   * excludes it (a search for the text) excludes them too.
   */
  private windows(s: string, segs: { tokens: Token[] }[]): void {
    const list = windowsReadings(s);
    if (!list.length) return;
    const backslashed = s.includes('\\');
    const seg = segs.length === 1 ? segs[0] : undefined;
    const known = seg ? this.index.get(slash(joinTokens(stripKeywords(seg.tokens)))) : undefined;
    const unit = known !== undefined ? this.units[known] : undefined;
    for (const w of list) {
      if (w.startsWith('reg ') && !/^\s*reg\s/i.test(s))
        this.note({ kind: 'meaning', from: 'PowerShell registry cmdlet', text: w });
      this.add(w, unit !== undefined && unit >= 0 ? unit : this.newUnit());
      // a line with backslash paths is read for its effects in the slash spelling too (a copy
      // onto \\HOST\share, a file under C:\Users read or sent), as the POSIX reading loses them
      if (backslashed && !w.startsWith('reg ') && w.includes('\\')) this.runs(slash(w));
    }
  }

  /** Whole readings of a pipeline in its most unwrapped spelling: `a | b`, and `a && b`, as policies written for other firewalls spell pipes. */
  private addPipeline(pipe: string[]): void {
    if (pipe.length < 2) return;
    this.add(pipe.join(' | '), -1);
    this.add(pipe.join(' && '), -1);
  }

  /** Processes a command string; returns its normalized text. `unit` is reused only for a single simple command. */
  processString(s: string, depth: number, grant: boolean, unit: number | null, parent: Scope | null = null): string {
    if (depth > MAX_NESTING) {
      this.truncated ??= `commands are nested more than ${MAX_NESTING} levels deep`;
      return '';
    }
    if (this.truncated) return '';
    // Nested strings can be reached twice (quote-blind $(...) extraction and the wrapper that
    // holds them); each is read once per mode.
    const key = depth > 0 ? (grant ? 'g' : 'r') + s : null;
    if (key !== null) {
      const cached = this.done.get(key);
      if (cached !== undefined) return cached;
      this.done.set(key, '');
    }
    if (
      (s.includes('iex') || s.includes('IEX') || /invoke-expression|scriptblock|invokecommand|add-type/i.test(s)) &&
      INVOKE_EXPRESSION.test(s) &&
      (mentionsFetch(s) || /downloadstring|webclient/i.test(s))
    ) {
      this.markDynamic('network', 'PowerShell Invoke-Expression of downloaded text');
    }
    const scope = new Scope(parent);
    for (const f of findFunctions(s)) scope.setFunc(f.name, f.body);
    const docs = findHereDocs(s);
    let docAt = 0;
    const segs = splitSegments(s);
    if (depth === 0 && s === this.top) this.topSegments = segs.length;
    const subs = extractSubstitutions(s);
    const shared = segs.length === 1 && subs.length === 0 ? unit : null;
    const norms: string[] = [];
    let pipe: string[] = [];
    let stdin: string[] | null = null;
    let flow: Flow | null = null;
    let listed: string | null = null;
    let listing: string[] | null = null;
    // Stages of the current pipeline, and a socket opened earlier in the line (zsh's ztcp).
    const socketLine = s.includes('ztcp');
    let stages: Stage[] = [];
    let socket: Endpoint | null = null;
    let prevPiped = false;
    // Each stage of the current pipeline as the shell runs it, and whether any was resolved.
    let spelled: (string | Token[])[] = [];
    let anyResolved = false;
    // Each line as a whole, in normalized and in most-unwrapped spelling, so a pattern naming a
    // sequence (`curl -o x ... && sh x`) fires wherever the line sits: in a script, in eval or
    // bash -c, or spelled with full paths and launchers.
    let lineNorms: string[] = [];
    let linePrims: string[] = [];
    // The whole string as the shell runs it once a segment was resolved: `U=https://h/x; curl -o
    // /tmp/x $U; chmod +x /tmp/x; /tmp/x` downloads and runs as one sequence, and the readings of
    // a sequence (download then run) see it only when the resolved segment sits among the others.
    const whole: { spell: string | Token[]; op: string }[] = [];
    let wholeResolved = false;
    let wholeDefines = false;
    const endLine = () => {
      if (linePrims.length > 1) {
        this.add(lineNorms.join(' && '), -1);
        this.add(linePrims.join(' && '), -1);
      }
      lineNorms = [];
      linePrims = [];
    };
    let segAt = 0;
    for (const seg of segs) {
      const nextSeg = segs[++segAt];
      let hereDoc: string | null = null;
      for (const t of seg.tokens) if (t.redir && HEREDOC_OP.test(t.text)) hereDoc = docs[docAt++]?.body ?? null;
      // `f() { ...; }` splits into `f` ending at '(': a definition, not a call.
      const defining = seg.op === '(' || seg.op === ')';
      const piped = seg.op === '|' || seg.op === '|&';
      const outer = this.segmentRespell;
      this.segmentRespell = null;
      const r = this.processSegment(seg.tokens, depth, grant, shared, {
        scope,
        stdin,
        flowIn: flow,
        hereDoc,
        defining,
        piped,
        listedIn: listed,
        listingIn: listing,
        wantStage: piped || prevPiped || socketLine,
        pipedInto: piped && nextSeg ? nextSeg.tokens.filter((t) => !t.redir).map((t) => t.text) : null,
      });
      if (r.stage) {
        if (socketLine) socket = this.socketShell(r.stage, socket);
        if (piped || prevPiped) stages.push({ tokens: r.stage, input: prevPiped ? (flow ?? NO_TEXT) : null });
      }
      if (whole.length < MAX_WHOLE_SEGMENTS) whole.push({ spell: this.segmentRespell ?? seg.tokens, op: seg.op });
      wholeResolved ||= this.segmentRespell !== null;
      wholeDefines ||= defining || seg.op === ';;';
      if (piped || prevPiped) {
        anyResolved ||= this.segmentRespell !== null;
        // unresolved stages are spelled only when the pipeline is kept (most are not)
        spelled.push(this.segmentRespell ?? seg.tokens);
      }
      this.segmentRespell = outer;
      if (!piped && spelled.length) {
        if (anyResolved && spelled.length > 1)
          this.runs(spelled.map((t) => (typeof t === 'string' ? t : respell(t))).join(' | '));
        spelled = [];
        anyResolved = false;
      }
      if (!piped && stages.length) {
        this.networkPipeline(stages);
        stages = [];
      }
      prevPiped = piped;
      stdin = piped ? (r.printed ?? literalOutput(seg.tokens)) : null;
      flow = piped ? r.flow : null;
      // `git ls-files | grep -v README | xargs rm`: a filter that only leaves some names out
      // still hands on (nearly) every file of the listing
      listed = piped ? (r.listed ?? (listed !== null && dropsSomeNames(seg.tokens) ? listed : null)) : null;
      // `git branch -r | sed "s#origin/#:#" | xargs git push origin`: each name comes out as a
      // delete refspec, so xargs' stand-in for its input is `:*` (shell-verbs.ts)
      listing = piped
        ? (r.listing ??
          (makesDeleteRefspecs(seg.tokens.map((t) => t.text).join(' ')) &&
          /^(?:sed|gsed|awk|gawk|mawk|printf)$/.test(basename(seg.tokens[0]?.text ?? ''))
            ? [':*']
            : listing?.[0] === ':*' && dropsSomeNames(seg.tokens)
              ? listing
              : null))
        : null;
      if (r.norm) norms.push(r.norm);
      if (r.norm) lineNorms.push(r.norm);
      if (r.primary) linePrims.push(r.primary);
      if (r.primary) pipe.push(r.primary);
      if (!piped) {
        this.addPipeline(pipe);
        pipe = [];
      }
      if (seg.op === '\n') endLine();
    }
    this.addPipeline(pipe);
    if (stages.length) this.networkPipeline(stages);
    if (segs.length > 1 || depth > 0) endLine();
    if (wholeResolved && !wholeDefines && whole.length > 1 && segs.length <= MAX_WHOLE_SEGMENTS)
      this.runs(
        whole
          .map((w, i) => {
            const text = typeof w.spell === 'string' ? w.spell : respell(w.spell);
            if (i === whole.length - 1) return text;
            return w.op === '\n' ? `${text}\n` : `${text} ${w.op || ';'} `;
          })
          .join(''),
      );
    // The raw text of a nested string and of each line of a script, as the top level's raw text
    // is read: a pattern on the raw spelling (`> ~/.bash_history`) fires wherever it sits.
    if (s.includes('\n')) this.addRawLines(s, segs);
    else if (depth > 0) this.addRaw(s.trim());
    // `echo "$(tool get token)"` prints what it captures
    const echoed = /(?:^|[;&|(]\s*)(?:echo|printf)\b[^;&|]*(?:\$\(|`)/.test(s);
    if (!echoed) this.captured++;
    try {
      for (const sub of subs) this.processString(sub, depth + 1, grant, null, scope);
    } finally {
      if (!echoed) this.captured--;
    }
    this.windows(s, segs);
    const posix = depth < MAX_NESTING ? windowsPosixReading(s) : null;
    if (posix) {
      // what the Windows line does: its effects (files read, sent, written) are read from it too
      this.runs(posix);
      this.readCode(posix, depth, scope, { kind: 'meaning', from: 'the Windows line in POSIX', text: posix });
    }
    const norm = norms.join(' && ');
    if (key !== null) this.done.set(key, norm);
    return norm;
  }

  processSegment(
    input: Token[],
    depth: number,
    grant: boolean,
    unit: number | null,
    ctx: SegmentContext,
  ): SegmentResult {
    const { scope } = ctx;
    if (input.length > 3 && at(input, 0).text === 'for' && !at(input, 0).quoted && at(input, 2).text === 'in')
      this.forLoop(input, scope);
    // `find DIR -name '*.db' | while read f`, `git ls-files | while read -r f`: f is each file
    // the listing names, as in `for f in $(find ...)`
    if (ctx.listingIn?.length || ctx.listedIn) this.readLoop(input, ctx);
    let tokens = stripKeywords(input);
    if (!scope.empty || tokens.some((t) => t.text.includes('{') || t.text.includes('$IFS'))) {
      const resolved: Resolution[] = [];
      const e = expandTokens(tokens, scope, resolved);
      if (e) {
        for (const r of resolved) this.note({ kind: 'resolved', from: r.ref, text: r.value });
        tokens = e;
        this.respelled(e);
        // Earlier values of a variable reassigned in the line are read too (deny/ask only).
        for (const r of resolved) {
          const name = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)/.exec(r.ref)?.[1];
          if (!name) continue;
          for (const alt of scope.alternatives(name)) {
            if (!this.spend(alt.length + 16)) break;
            this.note({ kind: 'resolved', from: r.ref, text: alt });
            this.processSegment(input, depth + 1, false, null, { ...ctx, scope: scope.pin(name, alt), piped: false });
          }
        }
      }
    }
    let assigned = false;
    // NAME=value prefixes of the command (the dev-data reading reads where a wipe points)
    const prefix: { name: string; value: string }[] = [];
    for (let guard = 0; tokens.length && guard < 64; guard++) {
      let a = 0;
      const pairs: [string, string, boolean][] = [];
      while (a < tokens.length && !at(tokens, a).redir) {
        const name = assignmentName(at(tokens, a).text);
        if (!name) break;
        this.env.add(name);
        const t = at(tokens, a).text;
        const eq = t.indexOf('=');
        // `NAME+=more` appends: `S=~/.s; S+=vc` names ~/.svc.
        pairs.push([name, t.slice(eq + 1), t[eq - 1] === '+']);
        a++;
      }
      let r = a;
      while (r < tokens.length && at(tokens, r).redir) r++;
      if (r) {
        if (a && r === tokens.length) {
          // Only assignments: they hold for the rest of the line.
          for (const [n, v, append] of pairs) this.assign(scope, n, v, append);
          assigned = true;
        }
        for (const [n, v] of pairs) this.envValueCode(n, v, depth, scope);
        for (const [n, v] of pairs) prefix.push({ name: n, value: v });
        tokens = tokens.slice(r);
        continue;
      }
      const al = at(tokens, 0).quoted ? undefined : scope.alias(at(tokens, 0).text);
      if (al !== undefined && guard < 16) {
        this.note({ kind: 'alias', from: at(tokens, 0).text, text: al });
        const words = splitSegments(al)[0]?.tokens ?? [];
        tokens = [...words, ...tokens.slice(1)];
        this.respelled(tokens);
        continue;
      }
      const u = unwrapLauncher(tokens, false);
      if (u) {
        for (const n of u.env) this.env.add(n);
        tokens = u.tokens;
        continue;
      }
      const str = shellCommandString(tokens);
      if (str !== null) {
        const norm = this.processString(str, depth + 1, grant, unit, scope);
        return { norm, primary: norm, flow: null };
      }
      break;
    }
    if (!tokens.length) return { norm: '', primary: '', flow: assigned ? null : ctx.flowIn };
    const text = joinTokens(tokens);
    const u = unit ?? this.newUnit();
    if (grant && !this.hasComponent(slash(text))) {
      const words = tokens.map((t) => t.text);
      const exp = expandWords(words, this.home);
      this.componentSet?.add(slash(text));
      this.components.push(slash(text));
      this.componentsExpanded.push(exp ? slash(exp.join(' ')) : null);
      this.verbatim.push(this.verbatimSpans(tokens));
      this.componentUnits.push(u);
    }
    this.add(text, u);
    this.collectDefinitions(tokens, depth, scope);
    const first = basename(at(tokens, 0).text);
    if (EVALS.has(first) && tokens.length > 1) this.readEval(tokens.slice(1), depth, grant, scope);
    const fn = at(tokens, 0).quoted ? undefined : scope.func(at(tokens, 0).text);
    if (fn !== undefined && !ctx.defining) {
      const args = tokens
        .slice(1)
        .filter((t) => !t.redir)
        .map((t) => t.text);
      const body = bindPositional(fn, args);
      this.readCode(body, depth, scope, { kind: 'function', from: joinTokens(tokens), text: body });
    }
    const primary = this.restrictive(tokens, depth, u, ctx, prefix);
    this.trackFiles(tokens, ctx);
    return {
      norm: text,
      primary,
      flow: ctx.piped ? this.flowOut(tokens, ctx) : null,
      printed: ctx.piped ? literalOutput(peel(tokens)) : null,
      listed: ctx.piped ? listedTree(words(peel(tokens))) : null,
      listing: ctx.piped ? listingPattern(words(peel(tokens))) : null,
      ...(ctx.wantStage ? { stage: peel(tokens) } : {}),
    };
  }

  /** Remembers what this command writes into files (literal text, or a copy of another file). */
  private trackFiles(all: Token[], ctx: SegmentContext): void {
    // `sudo printf ... > f` writes what printf prints: read past launchers.
    const tokens = all.some((t) => t.redir) ? peel(all) : all;
    for (let i = 0; i < tokens.length; i++) {
      const t = at(tokens, i);
      if (!t.redir) continue;
      const m = /^(?:\d*|&)(>>|>\||>)(.*)$/.exec(t.text);
      if (!m) continue;
      const target = m[2] || tokens[i + 1]?.text;
      if (!target || target.startsWith('&')) continue;
      const plain = tokens.filter((x) => !x.redir);
      const first = basename(plain[0]?.text ?? '');
      const content =
        literalText(plain) ??
        (first === 'cat' && plain.length === 1 ? (ctx.hereDoc ?? hereStringText(tokens)) : null) ??
        ctx.flowIn?.text ??
        null;
      if (content !== null && content !== undefined) ctx.scope.setFile(target, { content, append: m[1] === '>>' });
      else ctx.scope.setFile(target, {});
    }
    const name = basename(at(tokens, 0).text);
    if (COPIERS.has(name)) {
      const ops = tokens
        .slice(1)
        .filter((x) => !x.redir && !x.text.startsWith('-'))
        .map((x) => x.text);
      if (ops.length === 2) ctx.scope.setFile(at(ops, 1), { copyOf: at(ops, 0), moved: name === 'mv' });
    }
    const dl = downloadTarget(tokens);
    if (dl) ctx.scope.setFile(dl.path, { network: dl.dir ? 'dir' : 'file' });
  }

  /** A file written earlier in the line and now run or sourced: its content is code. */
  private runWrittenFile(path: string, how: string, depth: number, scope: Scope): void {
    const f = scope.file(path);
    if (f?.content !== undefined)
      this.readCode(f.content, depth, scope, {
        kind: 'extracted',
        from: `${how} (written earlier in the command)`,
        text: f.content,
      });
    if (f?.network) this.markDynamic('network', `${how} runs ${path}, downloaded earlier in the command`);
  }

  /** What this stage writes to a pipe. */
  private flowOut(tokens: Token[], ctx: SegmentContext): Flow {
    const plain = peel(tokens);
    if (ctx.flowIn) {
      const f = throughFilter(ctx.flowIn, plain);
      if (f) return f;
    }
    const src = sourceFlow(plain, ctx.hereDoc);
    if (ctx.flowIn?.network) src.network = true;
    return src;
  }

  /** The value of NAME=value when it is a literal; null when it is computed at run time. */
  /** NAME=value, or NAME+=value which appends to what the line gave NAME before (unset: empty). */
  private assign(scope: Scope, name: string, raw: string, append: boolean): void {
    const value = this.literalValue(raw);
    const before = append ? scope.get(name) : undefined;
    scope.set(name, before === undefined ? value : before === null || value === null ? null : before + value);
  }

  private literalValue(v: string): string | null {
    if (!hasDollar(v)) return v;
    if (v.includes('$(') || v.includes('`')) {
      const folded = foldLiteralSubstitutions(v);
      return folded !== null && !unresolved(folded) ? folded : null;
    }
    return unresolved(v) ? null : v;
  }

  /** NAME=value where the value is a command a program runs later (GIT_SSH_COMMAND, PROMPT_COMMAND ...). */
  private envValueCode(name: string, value: string, depth: number, scope: Scope): void {
    const c = envCode(name, value);
    if (c) this.readCode(c.text, depth, scope, { kind: 'extracted', from: c.from, text: c.text });
  }

  /** export/declare/local/readonly NAME=value, set/setx, alias NAME=VALUE. */
  private collectDefinitions(tokens: Token[], depth: number, scope: Scope): void {
    const first = basename(at(tokens, 0).text).toLowerCase();
    if (EXPORTERS.has(first)) {
      for (const t of tokens.slice(1)) {
        const n = t.text.startsWith('-') ? undefined : assignmentName(t.text);
        if (!n) continue;
        this.env.add(n);
        const eq = t.text.indexOf('=');
        const v = t.text.slice(eq + 1);
        this.assign(scope, n, v, t.text[eq - 1] === '+');
        this.envValueCode(n, v, depth, scope);
      }
    } else if (first === 'set' || first === 'setx') {
      const op = tokens.slice(1).find((t) => !t.text.startsWith('/'));
      const n = op && assignmentName(op.text);
      if (n) this.env.add(n);
      if (first === 'setx' && op && !n && /^[A-Za-z_][A-Za-z0-9_]*$/.test(op.text)) this.env.add(op.text);
    } else if (first === 'alias') {
      for (const t of tokens.slice(1)) {
        const eq = t.text.indexOf('=');
        if (eq > 0 && !t.text.startsWith('-')) {
          const value = t.text.slice(eq + 1);
          scope.setAlias(t.text.slice(0, eq), value);
          this.readCode(value, depth, scope, { kind: 'alias', from: t.text.slice(0, eq), text: value });
        }
      }
    }
  }

  /** `eval WORDS`: literal words are read as a command; anything computed makes the command dynamic. */
  private readEval(words: Token[], depth: number, grant: boolean, scope: Scope): void {
    const text = joinTokens(words);
    const folded = text.includes('$(') || text.includes('`') ? foldLiteralSubstitutions(text) : null;
    const setup = shellSetupCommand(text);
    if (setup !== null) {
      // a tool's own shell setup (`eval "$(pyenv init -)"`): the tool is what runs
      this.note({ kind: 'meaning', from: "eval of a tool's shell setup", text: setup });
      this.processString(setup, depth + 1, grant, null, scope);
      return;
    }
    const body = folded ?? text;
    if (folded !== null) {
      this.note({ kind: 'decoded', from: 'eval $(...)', text: folded });
      this.runs(folded);
    }
    if (words.some((w) => unresolved(w.text)) && (folded === null || unresolved(folded))) {
      this.markDynamic(mentionsFetch(text) ? 'network' : 'eval', `eval of text computed at run time: ${text}`);
    }
    this.processString(body, depth + 1, grant, null, scope);
  }

  /** Deny/ask-only readings of one simple command; returns its most unwrapped spelling. */
  private restrictive(
    tokens: Token[],
    depth: number,
    u: number,
    ctx: SegmentContext,
    prefix: readonly { name: string; value: string }[] = [],
  ): string {
    const words: string[] = [];
    let flags = false;
    for (let i = 0; i < tokens.length; i++) {
      const t = at(tokens, i);
      if (t.redir) continue;
      words.push(t.text);
      if (t.text.charCodeAt(0) === 45) flags = true; // '-'
    }
    if (!words.length) return '';
    const first = basename(at(words, 0)).toLowerCase();
    words[0] = first;
    const spelled = words.join(' ');
    this.add(spelled, u);
    if (words.length !== tokens.length && at(tokens, 0).text !== first) {
      // /usr/bin/nc host < .env: the program's own name, redirections kept.
      this.add(joinTokens([{ ...at(tokens, 0), text: first }, ...tokens.slice(1)]), u);
    }
    const exp = expandWords(words, this.home);
    if (exp) this.add(exp.join(' '), u);
    if (flags || first === 'rm' || first === 'find' || FINDERS.has(first)) {
      for (const w of exp ? [words, exp] : [words]) this.flagReadings(w, depth, u);
      for (const w of exp && flags ? [words, exp] : flags ? [words] : []) {
        for (const alt of spellOutLongOptions(w) ?? []) {
          this.add(alt.join(' '), u);
          this.flagReadings(alt, depth, u);
        }
      }
    }
    this.destroyReadings(words, depth, u, ctx);
    const bare = flags ? withoutGlobalOptions(exp ?? words) : null;
    if (bare) {
      this.add(bare, u);
      this.note({ kind: 'meaning', from: 'global options before the subcommand', text: bare });
    }
    // an installed release's control script, known by its path (the name alone says nothing)
    const hot = first === at(tokens, 0).text ? null : releaseScriptReading([at(tokens, 0).text, ...words.slice(1)]);
    if (hot) {
      this.add(hot.text, u);
      this.note({ kind: 'meaning', from: `the verb ${hot.from}`, text: hot.text });
    }
    const shown = this.captured === 0 && !outputFiled(tokens);
    for (const v of verbCandidates(words, this.computedVars, shown)) {
      this.add(v.text, u);
      if (v.note) this.note({ kind: 'meaning', ...v.note });
    }
    // a CLI nobody listed asked by its subcommand path for a secret's value (shell-cli-secrets.ts)
    const noun = shown && VERB_GATES.secretNoun.test(gateText(words)) ? secretNounReading(words, ctx.pipedInto) : null;
    if (noun) {
      this.add(noun, u);
      this.note({ kind: 'meaning', from: "a subcommand that prints a secret's value", text: noun });
    }
    // `kubectl get secret x -o json | jq '.data | keys'`: only names leave the pipe
    if (ctx.pipedInto && (words[0] === 'kubectl' || words[0] === 'oc') && !tokens.some((t) => t.redir)) {
      const shown = secretMetadataReading(words, ctx.pipedInto);
      if (shown) {
        this.add(shown, u);
        this.note({ kind: 'meaning', from: 'a secret piped only into a filter that keeps its keys', text: shown });
      }
    }
    for (const t of localDataReadings(words, prefix)) {
      this.add(t, u);
      this.note({ kind: 'meaning', from: 'a wipe of local development data', text: t });
    }
    const cache = first === 'rm' ? servedCacheReading(words) : null;
    if (cache) {
      this.add(cache, u);
      this.note({ kind: 'meaning', from: "a served application's own cache emptied", text: cache });
    }
    const root = first === 'sudo' || first === 'doas' ? rootLocalReading(words) : null;
    if (root) {
      this.add(root, u);
      this.note({ kind: 'meaning', from: 'root only for a look or for your own files', text: root });
    }
    this.knownInput(words, spelled, depth, u, ctx);
    if (first === 'git') this.gitRemotes(words, depth, u, ctx);
    if (first === 'cd' || first === 'pushd') ctx.scope.setCwd(changeDir(ctx.scope.cwd(), words[1]));
    else if (CWD_PROGRAMS.has(first)) this.cwdReadings(words, depth, u, ctx);
    if (first === 'mkdir')
      for (const d of words.slice(1)) if (!d.startsWith('-')) ctx.scope.setFile(d, { emptyDir: true });
    if (first === 'rsync') this.rsyncDelete(words, depth, u, ctx);
    const copy =
      first === 'scp' || first === 'rsync' || first === 'rclone'
        ? remoteCopyReading(exp ?? words)
        : first === 'sftp'
          ? sftpBatchReading(exp ?? words, ctx.hereDoc ?? hereStringText(tokens))
          : null;
    const docDev = first === 'mongosh' || first === 'mongo' ? docStoreDevReading(exp ?? words) : null;
    if (docDev) {
      this.add(docDev, u);
      this.note({ kind: 'meaning', from: 'a wipe of a development database or scratch collection', text: docDev });
    }
    if (copy) {
      this.add(copy, u);
      this.note({ kind: 'meaning', from: 'a copy that sends nothing away', text: copy });
    }
    if (spelled.includes('$(') || spelled.includes('`')) {
      // $(echo rm -rf /) as a command word runs what echo prints.
      const folded = foldLiteralSubstitutions(joinTokens(tokens));
      if (folded !== null) {
        this.note({ kind: 'decoded', from: '$(...)', text: folded });
        this.runs(folded);
        this.processString(folded, depth + 1, false, null, ctx.scope);
        // `curl URL | $(echo YmFzaA== | base64 -d)`: the folded name still reads the pipe.
        const named = ctx.flowIn ? foldedCommandWord(tokens) : null;
        if (named) this.processSegment([...named, ...tokens.slice(1)], depth + 1, false, u, ctx);
      }
    }
    this.dynamicName(tokens, depth, ctx.scope);
    this.unsetInName(tokens, depth, u, ctx);
    this.stdinCode(tokens, first, depth, ctx);
    if ((SHELLS.has(first) || SOURCES.has(first) || SCRIPT_RUNNERS.test(first)) && words.length > 1) {
      const script = words.slice(1).find((x) => !x.startsWith('-') && !x.startsWith('+'));
      if (script) this.runWrittenFile(script, `${first} ${script}`, depth, ctx.scope);
    }
    const written = ctx.scope.file(at(tokens, 0).text);
    if (written) {
      this.runWrittenFile(at(tokens, 0).text, at(tokens, 0).text, depth, ctx.scope);
      if (written.copyOf) {
        // cp /bin/rm ./tidy && ./tidy -rf ~ runs rm.
        const real = basename(written.copyOf);
        this.note({ kind: 'resolved', from: at(tokens, 0).text, text: real });
        this.processSegment([{ text: real, quoted: false, redir: false }, ...tokens.slice(1)], depth + 1, false, u, {
          ...ctx,
          flowIn: null,
        });
      }
    }
    if (this.privilege && depth > 0) this.add(`${this.privilege} ${spelled}`, u);
    const extra: string[] = [];
    for (const x of extractCode(tokens, extra) as Extracted[])
      this.readCode(x.text, depth, ctx.scope, { kind: 'extracted', from: x.from, text: x.text });
    for (const r of extra) {
      this.add(r, u);
      this.note({ kind: 'extracted', from: 'git -c', text: r });
    }
    if (
      SOURCES.has(first) &&
      words[1] !== undefined &&
      (words[1].startsWith('<(') || unresolved(words[1])) &&
      shellSetupCommand(words[1]) === null
    ) {
      this.markDynamic(
        mentionsFetch(words[1]) ? 'network' : 'source',
        `${first} of text computed at run time: ${words[1]}`,
      );
    }
    const procSub = SHELLS.has(first) || first === 'fish' ? words.slice(1).find((x) => x.startsWith('<(')) : undefined;
    if (procSub !== undefined) {
      const w = procSub;
      this.markDynamic(mentionsFetch(w) ? 'network' : 'source', `${first} runs a script computed at run time: ${w}`);
    }
    if (!LIBERAL_HEADS.has(first)) return spelled;
    const plain = words.length === tokens.length ? tokens : tokens.filter((t) => !t.redir);
    const w = first === 'watch' ? watchCommandString(plain) : null;
    if (w) this.processString(w, depth + 1, false, null, ctx.scope);
    const lib = unwrapLauncher(plain, true);
    if (lib) {
      for (const n of lib.env) this.env.add(n);
      const outer = this.privilege;
      if (PRIVILEGED.has(first)) {
        this.privilege = first;
        // `sudo -E env X=1 nice bash` reads as `sudo bash` too.
        const inner = peel(lib.tokens)
          .filter((t) => !t.redir)
          .map((t) => t.text);
        if (inner.length) this.add(`${first} ${[basename(at(inner, 0)), ...inner.slice(1)].join(' ')}`, u);
      }
      // Redirections apply to whatever the launcher runs: `sudo nc h < .env` reads `nc h < .env`.
      const redirs = plain === tokens ? [] : tokens.filter((t) => t.redir);
      if (first === 'xargs' && lib.replace) this.computedVars.add(XARGS_ITEM + lib.replace);
      const r = this.processSegment(redirs.length ? [...lib.tokens, ...redirs] : lib.tokens, depth + 1, false, u, {
        ...ctx,
        stdin: null,
      });
      this.privilege = outer;
      if (first === 'xargs') {
        this.xargsReadings(
          lib.tokens,
          lib.replace,
          ctx.stdin ?? hereString(tokens),
          depth,
          u,
          ctx.scope,
          ctx.listingIn,
        );
        this.xargsOverTree(lib.tokens, ctx.listedIn ?? null, depth, u, ctx.scope);
      }
      return r.primary || spelled;
    }
    return spelled;
  }

  /** A command name computed at run time: dynamic, unless it folds to a literal. */
  private dynamicName(tokens: Token[], depth: number, scope: Scope): void {
    const name = at(tokens, 0).text;
    if (!unresolved(name)) return;
    // `$env:NODE_ENV` alone is PowerShell printing a variable (its POSIX reading is echo, see
    // shell-windows-posix.ts); in a POSIX shell, with `env` unset, it runs nothing.
    if (tokens.length === 1 && /^\$\{?env\}?:[A-Za-z_]\w*$/i.test(name)) return;
    // `$env:PATH -split ';'`: a PowerShell expression on the variable's value, no command
    if (
      /^\$\{?env\}?:[A-Za-z_]\w*$/i.test(name) &&
      /^-(?:split|join|replace|match|notmatch|like|notlike|eq|ne|contains)$/i.test(tokens[1]?.text ?? '')
    )
      return;
    // `$env:NAME='value'` (or `= value`) is PowerShell setting a variable (POSIX reading: export)
    if (/^\$env:[A-Za-z_]\w*(?:=.*)?$/i.test(name) && (name.includes('=') || tokens[1]?.text.startsWith('='))) return;
    // `$rows = Import-Csv a.csv`, `$n = @(...)`, `$t = $x.Trim()`: PowerShell setting a variable to
    // a cmdlet's output or an expression (about_Assignment_Operators), as in `pwsh -c "..."`. A POSIX
    // shell would run the program named by $rows with `=` as its first argument, which no script
    // means; a value that is a path or an option (`$c = -rf ~`) keeps the dynamic reading. `$rows`
    // alone later on the line (`$rows | Where-Object ...`) is PowerShell writing the variable out.
    const ps = /^\$([A-Za-z_]\w*)$/.exec(name)?.[1];
    if (ps !== undefined && tokens[1]?.text === '=' && PS_VALUE.test(tokens[2]?.text ?? '')) {
      this.psAssigned.add(ps);
      return;
    }
    // ... and `$r.version`, `$r.items.Count` are its members
    const held = /^\$([A-Za-z_]\w*)(?:\.[A-Za-z_]\w*)*$/.exec(name)?.[1];
    if (held !== undefined && tokens.length === 1 && this.psAssigned.has(held)) return;
    const folded = name.includes('$(') || name.includes('`') ? foldLiteralSubstitutions(name) : null;
    if (folded !== null && !unresolved(folded)) return;
    // `$PWD/scripts/run.sh`, `"$(pwd)/bin/tool"`: a file of the working directory, as known as
    // `./scripts/run.sh` is, unless the line gives PWD a value of its own
    const here = scope.get('PWD') === undefined ? workdirWords([name]) : null;
    if (here && !unresolved(here[0] ?? '$')) return;
    this.markDynamic(mentionsFetch(name) ? 'network' : 'command-name', `the command name comes from ${name}`);
    // `$SHELL -c '...'`, `$X -c '...'`: whatever it is, the string is likely code.
    if (tokens[1] && /^-[a-z]*c$/.test(tokens[1].text) && tokens[2]) {
      this.readCode(tokens[2].text, depth, scope, { kind: 'extracted', from: `${name} -c`, text: tokens[2].text });
    }
  }

  /**
   * `r${u}m -rf ~`: a variable the line never sets, inside a command name, is most likely unset,
   * and an unset variable expands to nothing, so the name reads as `rm` too. Only references
   * that are empty when unset are dropped (`$u`, `${u}`, `${u#x}`, `${u:+x}`, not `${u:-x}`).
   */
  private unsetInName(tokens: Token[], depth: number, u: number, ctx: SegmentContext): void {
    const name = at(tokens, 0).text;
    if (!name.includes('$') || name.includes('$(') || name.includes('`')) return;
    // HOME, PWD and the like are set in every shell: `$HOME/bin/x` is not `/bin/x`.
    if (/\$\{?(?:HOME|PWD|USER|PATH|SHELL|TMPDIR|XDG_\w+)\b/.test(name)) return;
    const emptied = name.replace(UNSET_EMPTY, '');
    if (emptied === name || emptied === '' || emptied.includes('$') || emptied.startsWith('-')) return;
    const text = [emptied, ...tokens.slice(1).map((t) => t.text)].join(' ');
    if (!this.spend(text.length + 16)) return;
    this.note({ kind: 'meaning', from: `an unset variable in ${name} is empty`, text });
    this.processSegment([{ text: emptied, quoted: false, redir: false }, ...tokens.slice(1)], depth + 1, false, u, ctx);
  }

  /** Code a shell or interpreter reads on stdin: from a pipe, a here-string or a here-document. */
  private stdinCode(tokens: Token[], first: string, depth: number, ctx: SegmentContext): void {
    if (!ctx.flowIn && ctx.hereDoc === null && !tokens.some((t) => t.redir && t.text.includes('<<<'))) return;
    const sink = sinkOf(peel(tokens)) ?? cronSink(first, tokens);
    if (!sink) {
      // `curl URL | ${SHELL}`, `| "$(which bash)"`: a download read by a program named at run time
      const name = peel(tokens)[0]?.text ?? '';
      if (ctx.flowIn?.network && unresolved(name))
        this.markDynamic('network', `code downloaded from the network is piped into ${name}, named at run time`);
      return;
    }
    const here = ctx.hereDoc ?? hereStringText(tokens);
    const flow: Flow | null = ctx.flowIn ?? (here !== null ? { text: here, network: false, decoders: [] } : null);
    if (!flow) return;
    if (flow.text === null) {
      if (ctx.flowIn && sink.kind !== 'crontab') {
        const what = sink.kind === 'shell' ? 'a shell' : sink.name;
        if (flow.network) this.markDynamic('network', `code downloaded from the network is piped into ${what}`);
        else
          this.markDynamic(
            'stdin',
            `${flow.decoders.length ? 'decoded ' : ''}text computed at run time is piped into ${what}`,
          );
      }
      return;
    }
    const from = flow.decoders.length
      ? flow.decoders.join(' | ')
      : ctx.flowIn
        ? `piped into ${first}`
        : `here-document for ${first}`;
    if (sink.kind === 'interpreter') {
      if (this.scripts.length < MAX_NOTES) this.scripts.push({ interpreter: sink.name, text: flow.text });
      this.note({ kind: 'script', from: sink.name, text: flow.text });
      return;
    }
    let text = flow.text;
    if (sink.kind === 'crontab') text = text.split('\n').map(cronCommand).join('\n');
    this.readCode(text, depth, ctx.scope, { kind: flow.decoders.length ? 'decoded' : 'extracted', from, text });
  }

  /**
   * xargs runs its command with operands read from stdin: the literal words piped in by echo or
   * printf or given as a here-string when known, and always once with a literal `*` (anything).
   */
  private xargsReadings(
    cmd: Token[],
    replace: string | undefined,
    input: string[] | null,
    depth: number,
    u: number,
    scope: Scope,
    listing: string[] | null = null,
  ): void {
    const word = (text: string): Token => ({ text, quoted: true, redir: false });
    const ctx: SegmentContext = { scope, stdin: null, flowIn: null, hereDoc: null };
    // Unknown input is anything (`*`), unless a name test bounds what the listing returns.
    const stand = listing?.length ? listing.map(word) : [word('*')];
    if (!replace) this.processSegment([...cmd, ...stand], depth + 1, false, u, { ...ctx, placeholder: true });
    if (!input || !input.length) return;
    if (!replace) {
      this.processSegment([...cmd, ...input.slice(0, RM_MAX_OPERANDS).map(word)], depth + 1, false, u, ctx);
      return;
    }
    for (const item of input.slice(0, XARGS_MAX_ITEMS)) {
      this.processSegment(
        cmd.map((t) => (t.text.includes(replace) ? word(t.text.split(replace).join(item)) : t)),
        depth + 1,
        false,
        this.newUnit(),
        ctx,
      );
    }
  }

  /**
   * What a delete really deletes (shell-destroy.ts): shred and the like as `rm -rf`, a path moved
   * earlier in the line as its source, `$PWD` and `$(pwd)` as the working directory.
   */
  private destroyReadings(words: string[], depth: number, u: number, ctx: SegmentContext): void {
    const first = at(words, 0);
    const reread = (w: string[], from: string) => {
      const text = w.join(' ');
      if (!this.spend(text.length + 16)) return;
      this.note({ kind: 'meaning', from, text });
      this.processSegment(toTokens(w), depth + 1, false, u, { ...ctx, flowIn: null, piped: false });
    };
    const shredded = ctx.placeholder ? null : destroyedOperands(words);
    // shred(1) works on files only: an operand named like a file (an extension on its last step,
    // no glob) is that one file's `rm -f`; a folder's name (`shred -u ~/Documents`) keeps the
    // `rm -rf` its author meant, and srm, wipe and scrub, which can recurse, read as `rm -rf`
    if (shredded?.length) {
      const oneFile = (w: string) => /^[^*?[]*\/?[^/*?[]*[^./*?[]\.[A-Za-z0-9]{1,8}$/.test(w);
      const shred = first === 'shred' || first === 'gshred';
      const files = shred ? shredded.filter(oneFile) : [];
      const rest = shredded.filter((w) => !files.includes(w));
      if (files.length) reread(['rm', '-f', ...files], `${first} destroys its operands`);
      if (rest.length) reread(['rm', '-rf', ...rest], `${first} destroys its operands`);
    }
    // Trash tools, listings as rm's operands, archives unpacked over a root (shell-loss.ts).
    for (const l of ctx.placeholder ? [] : lossReadings(words)) {
      if (l.script) {
        this.runs(l.text);
        this.readCode(l.text, depth, ctx.scope, { kind: 'extracted', from: l.from, text: l.text });
      } else if (l.reread) reread(l.text.split(' '), l.from);
      else {
        this.note({ kind: 'meaning', from: l.from, text: l.text });
        this.add(l.text, u);
      }
    }
    const wd = workdirWords(words);
    if (wd) reread(wd, '$PWD is the working directory');
    const xg = first === 'rm' || shredded ? extglobWords(words) : null;
    if (xg) reread(xg, 'an extglob group that excludes a few names matches all the others');
    if (first !== 'rm' && first !== 'find' && !shredded) return;
    // mv A B && rm -rf B: B is what A was.
    let moved: string[] | null = null;
    let how = '';
    for (let i = 1; i < words.length; i++) {
      const w = at(words, i);
      const bare = w.replace(/\/(?:\*|\.)?$/, '');
      const f = ctx.scope.file(bare);
      if (!f?.moved || !f.copyOf) continue;
      moved ??= words.slice();
      moved[i] = f.copyOf + w.slice(bare.length);
      how = `${bare} was moved from ${f.copyOf}`;
    }
    if (moved) reread(moved, how);
  }

  /**
   * `git remote add NAME URL` earlier in the line makes `git push NAME` a push to URL: a remote
   * the repository did not have, read as the URL literal the rules on pushes to URLs see.
   */
  private gitRemotes(words: string[], depth: number, u: number, ctx: SegmentContext): void {
    let i = 1;
    while (i < words.length && at(words, i).startsWith('-'))
      i += /^-[Cc]$|^--git-dir$|^--work-tree$/.test(at(words, i)) ? 2 : 1;
    const sub = words[i];
    // `git -C DIR -c K=V push ...` is the push: global options read away.
    if (i > 1 && sub !== undefined) this.add(['git', ...words.slice(i)].join(' '), u);
    const ops = words.slice(i + 1).filter((w) => !w.startsWith('-'));
    if (sub === 'remote' && (ops[0] === 'add' || ops[0] === 'set-url') && ops[1] && ops[2]) {
      ctx.scope.setRemote(ops[1], ops[2]);
      return;
    }
    if (sub !== 'push') return;
    for (let k = i + 1; k < words.length; k++) {
      const url = ctx.scope.remote(at(words, k));
      if (url === undefined) continue;
      const w = words.slice();
      w[k] = url;
      const text = w.join(' ');
      this.note({ kind: 'meaning', from: `git remote ${words[k]} added in the line`, text });
      this.processSegment(toTokens(w), depth + 1, false, u, { ...ctx, flowIn: null, piped: false });
      return;
    }
    // `git remote set-url origin URL && git push`: a push naming no remote goes to origin
    const origin = ctx.scope.remote('origin');
    if (origin === undefined || words.slice(i + 1).some((w) => !w.startsWith('-'))) return;
    const text = ['git', 'push', origin, ...words.slice(i + 1)].join(' ');
    this.note({ kind: 'meaning', from: 'git remote origin set in the line', text });
    this.processSegment(toTokens(['git', 'push', origin, ...words.slice(i + 1)]), depth + 1, false, u, {
      ...ctx,
      flowIn: null,
      piped: false,
    });
  }

  /**
   * `for V in A B C` binds V to each word in turn: the last is read as its value and the others
   * as the alternatives a reassigned variable has (shell-expand.ts).
   */
  private forLoop(input: Token[], scope: Scope): void {
    const name = at(input, 1).text;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return;
    let list = input.slice(3).filter((t) => !(t.text === 'do' && !t.quoted));
    if (computedList(list.map((t) => t.text))) this.computedVars.add(name);
    if (!scope.empty) list = expandTokens(list, scope, []) ?? list;
    // `for f in $(find DIR -name '*.py')`: each file the listing names (shell-destroy.ts)
    const sub = list.length === 1 ? /^\$\((.*)\)$|^`(.*)`$/s.exec(list[0]?.text ?? '') : null;
    const listed = sub ? listedGlob(splitWords(sub[1] ?? sub[2] ?? '')) : null;
    if (listed !== null) {
      scope.set(name, listed);
      return;
    }
    for (const t of list.slice(0, 8)) scope.set(name, this.literalValue(t.text));
  }

  /** `LISTING | while read [-r] V`: V bound to the glob of what the listing names. */
  private readLoop(input: Token[], ctx: SegmentContext): void {
    const w = input.map((t) => t.text);
    if (w[0] !== 'while' || w[1] !== 'read') return;
    const names = w.slice(2).filter((x) => x !== '-r');
    const name = names[0] ?? '';
    if (names.length !== 1 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return;
    // `find -name A -o -name B`: V is a file of either name; each is read (the later ones as the
    // variable's alternatives, decided by the deny and ask rules)
    const globs = ctx.listingIn?.length ? ctx.listingIn.slice(0, 4).reverse() : [`${ctx.listedIn ?? '.'}/**`];
    for (const glob of globs) ctx.scope.set(name, glob);
  }

  /**
   * Input whose text the line shows but the spelling hides: decoded text piped in
   * (`echo ... | base64 -d | psql`), literal text sent by a network client (`printf 'FLUSHALL\r\n' |
   * nc host 6379`), and files given as `<(...)` of literals (`make -f <(printf ...)`,
   * `psql -f <(echo ... | base64 -d)`): read with the text in place.
   */
  private knownInput(words: string[], spelled: string, depth: number, u: number, ctx: SegmentContext): void {
    const flow = ctx.flowIn;
    if (flow?.text && (flow.decoders.length || networkClient(words))) {
      const text = `${spelled} -- ${flow.text}`;
      if (this.spend(text.length)) {
        this.note({ kind: 'meaning', from: `input of ${words[0]}`, text });
        this.add(text, u);
      }
    }
    for (let i = 1; i < words.length; i++) {
      const w = at(words, i);
      if (!w.startsWith('<(') || !w.endsWith(')')) continue;
      const text = pipelineOutput(w.slice(2, -1));
      if (text === null || !this.spend(text.length + spelled.length)) continue;
      const first = at(words, 0);
      if (first === 'make' || first === 'gmake') {
        for (const c of makefileCode(text))
          this.readCode(c, depth, ctx.scope, { kind: 'extracted', from: `${first} -f <(...)`, text: c });
      } else if (SHELLS.has(first) || SOURCES.has(first)) {
        this.readCode(text, depth, ctx.scope, { kind: 'decoded', from: `${first} <(...)`, text });
      } else {
        const r = words.slice();
        r[i] = text;
        this.note({ kind: 'decoded', from: `${first} <(...)`, text });
        this.add(r.join(' '), u);
      }
    }
  }

  /**
   * `rsync -a --delete EMPTY/ DIR/` with EMPTY made empty earlier in the line deletes everything
   * in DIR: it reads as `rm -rf DIR`.
   */
  private rsyncDelete(words: string[], depth: number, u: number, ctx: SegmentContext): void {
    if (!words.some((w) => w.startsWith('--delete') || w === '--del')) return;
    // `-n`/`--dry-run` only lists what would go
    if (words.some((w) => w === '--dry-run' || /^-[a-zA-Z]*n[a-zA-Z]*$/.test(w))) return;
    // the values of options that take one (`--exclude .git`) are not operands
    const ops = words.slice(1).filter((w, i) => !w.startsWith('-') && !RSYNC_VALUE_OPTS.has(words[i] ?? ''));
    if (ops.length !== 2) return;
    const src = ctx.scope.file(at(ops, 0).replace(/\/+$/, ''));
    if (!src?.emptyDir && !emptySource(at(ops, 0))) return;
    const dest = at(ops, 1).replace(/\/+$/, '') || '/';
    // a destination on another machine (`host:/d/Backups/`, `user@nas:projects`) is emptied
    // there: read as the `ssh HOST rm -rf PATH` it amounts to, judged by the remote path
    const remote = /^((?:[\w.-]+@)?[A-Za-z0-9][\w.-]*):(?!:)(.*)$/.exec(dest);
    if (remote && !/^[A-Za-z]$/.test(remote[1] ?? '')) {
      const path = remote[2] ? (remote[2].startsWith('/') ? remote[2] : `~/${remote[2]}`) : '~';
      const text = `ssh ${remote[1]} rm -rf ${path}`;
      this.note({ kind: 'meaning', from: `rsync --delete from the empty ${ops[0]}`, text });
      this.processSegment(toTokens(['ssh', remote[1] ?? '', `rm -rf ${path}`]), depth + 1, false, u, {
        ...ctx,
        flowIn: null,
        piped: false,
      });
      return;
    }
    const text = `rm -rf ${dest}`;
    this.note({ kind: 'meaning', from: `rsync --delete from the empty ${ops[0]}`, text });
    this.processSegment(toTokens(['rm', '-rf', dest]), depth + 1, false, u, { ...ctx, flowIn: null, piped: false });
  }

  /** Relative paths after a literal `cd DIR` in the line are paths under DIR. */
  private cwdReadings(words: string[], depth: number, u: number, ctx: SegmentContext): void {
    // tar -C DIR reads the operands after it under DIR.
    const c = words[0] === 'tar' ? words.findIndex((w) => w === '-C' || w === '--directory') : -1;
    const dir = c > 0 && words[c + 1] ? changeDir(ctx.scope.cwd(), words[c + 1]) : ctx.scope.cwd();
    if (dir === null) return;
    let changed: string[] | null = null;
    for (let i = 1; i < words.length; i++) {
      const w = at(words, i);
      if (!w || /^[-/~$]/.test(w) || w.includes('://') || w.includes('$(') || w.includes('`')) continue;
      // `cd ~/app && rm -f dist/*.js`: files a build writes inside the project, as they are read
      // relative (their absolute spelling only loses where the project starts)
      if (generatedFilesPath(w)) continue;
      changed ??= words.slice();
      changed[i] = joinDir(dir, w);
    }
    if (!changed) return;
    const text = changed.join(' ');
    if (!this.spend(text.length + 16)) return;
    this.note({ kind: 'meaning', from: `cd ${dir}`, text });
    this.processSegment(toTokens(changed), depth + 1, false, u, { ...ctx, flowIn: null, piped: false });
  }

  /** xargs fed every file of a tree (`git ls-files | xargs shred -u`) deletes the tree. */
  private xargsOverTree(cmd: Token[], root: string | null, depth: number, u: number, scope: Scope): void {
    if (root === null) return;
    const prog = basename(peel(cmd)[0]?.text ?? '');
    if (!deletesOperands(prog)) return;
    const text = `rm -rf ${root}`;
    this.note({ kind: 'meaning', from: `xargs ${prog} over every file of ${root}`, text });
    this.processSegment(toTokens(['rm', '-rf', root]), depth + 1, false, u, {
      scope,
      stdin: null,
      flowIn: null,
      hereDoc: null,
    });
  }

  /**
   * A pipeline wired to the network (shell-network.ts): a shell reading its input from, or
   * writing its output to, a network client is a reverse shell; computed data piped into a
   * network client is an upload.
   */
  private networkPipeline(stages: Stage[]): void {
    if (stages.length < 2) return;
    this.dumpToOutsideDatabase(stages);
    const clients = stages.map((st) => networkClient(words(st.tokens)));
    if (!clients.some((c) => c)) return;
    for (let k = 0; k < stages.length; k++) {
      const st = at(stages, k);
      const c = clients[k];
      // A shell next to a client, on either side (a fifo closes the loop: sh < f | nc h p > f).
      const peer = clients[k + 1] ?? clients[k - 1];
      if (peer && sinkOf(st.tokens)) {
        const text = reverseShellReading(peer);
        this.note({ kind: 'meaning', from: `a shell wired to ${peer.via} ${peer.host}`, text });
        this.add(text, this.newUnit());
      }
      // What a shell prints into a client is the reverse shell above, not an upload.
      const fromShell = k > 0 && sinkOf(at(stages, k - 1).tokens) !== null;
      if (c && st.input && st.input.text === null && !fromShell) {
        // files of the working tree packed by tar and unpacked over ssh on a private-network host
        // are the copy `scp -r docs host:` is, which the remote-copy rules let through
        const text =
          c.via === 'ssh' && privateHost(c.host) && stages.slice(0, k).every((p) => treeArchive(words(p.tokens)))
            ? `remote-copy-private ${c.host}`
            : `curl -T - ${endpointUrl(c)}`;
        const to = `${c.via} ${c.host}${c.remote ? ` "${c.remote}"` : ''}`;
        this.note({ kind: 'meaning', from: `data piped into ${to}`, text });
        this.add(text, this.newUnit());
      }
    }
  }

  /**
   * A database dump piped into a database client on a host outside this machine and the private
   * network (`pg_dump prod | psql -h db.example.com`, `mongodump --archive | mongorestore --uri
   * mongodb+srv://...`): the database is copied to someone else's server. It reads as
   * `shares-data`, which is asked; a restore into a local or private-network server is not this.
   */
  private dumpToOutsideDatabase(stages: Stage[]): void {
    for (let k = 1; k < stages.length; k++) {
      const host = databaseClientHost(words(at(stages, k).tokens));
      if (!host || privateHost(host) || /^(?:localhost|0\.0\.0\.0)$/i.test(host) || /^[\w-]+$/.test(host)) continue;
      if (!stages.slice(0, k).some((st) => dumpsDatabase(words(st.tokens)))) continue;
      const text = `shares-data database-dump to ${host.replace(/[^\w.:-]/g, '_')}`;
      this.note({ kind: 'meaning', from: `a database dump piped into a client of ${host}`, text });
      this.add(text, this.newUnit());
    }
  }

  /** `ztcp HOST PORT` opens a socket in $REPLY; a shell later wired to it is a reverse shell. */
  private socketShell(stage: Token[], socket: Endpoint | null): Endpoint | null {
    const c = networkClient(words(stage));
    if (c?.via === 'ztcp') return c;
    if (socket && stdioOnSocket(stage) && SHELLS.has(basename(stage[0]?.text ?? ''))) {
      const text = reverseShellReading(socket);
      this.note({ kind: 'meaning', from: `a shell wired to ztcp ${socket.host}`, text });
      this.add(text, this.newUnit());
    }
    return socket;
  }

  /** Canonical flag spellings, rm per-operand readings and what find deletes or runs. */
  private flagReadings(w: string[], depth: number, u: number): void {
    for (const f of canonicalForms(w)) this.add(f, u);
    if (w[0] === 'rm') {
      const aliases = rmAliases(w);
      if (aliases === null) this.truncated ??= 'rm has too many operands to analyse';
      else {
        const perOperand = aliases.length > 1;
        for (const forms of aliases) {
          const unit = perOperand ? this.newUnit() : u;
          for (const f of forms) this.add(f, unit);
          // each operand's unit carries its own served-cache reading (served-caches.ts)
          const cache = perOperand && forms[0] ? servedCacheReading(forms[0].split(' ')) : null;
          if (cache) this.add(cache, unit);
        }
      }
    }
    for (const r of finderReadings(w)) {
      this.note({ kind: 'meaning', from: `${w[0] ?? ''} lists files by name across a whole disk or home`, text: r });
      this.add(r, u);
    }
    const find = w[0] === 'find' ? readFind(w) : undefined;
    if (find) {
      for (const r of broadFindReadings(w)) {
        this.note({ kind: 'meaning', from: `find ${find.starts.join(' ')} searches a whole disk or home`, text: r });
        this.add(r, u);
      }
      if (find.deletes && !find.filtered)
        for (const s of find.starts) this.add(`rm -rf ${s}`, find.starts.length > 1 ? this.newUnit() : u);
      for (const r of findDeleteReadings(w)) {
        this.note({ kind: 'meaning', from: 'find deletes what it finds', text: r });
        this.add(r, u);
      }
      for (const p of find.payloads) {
        this.note({ kind: 'extracted', from: 'find -exec', text: p.join(' ') });
        this.processSegment(toTokens(p), depth + 1, false, null, {
          scope: new Scope(),
          stdin: null,
          flowIn: null,
          hereDoc: null,
        });
      }
    }
  }
}

let peeledIn: Token[] | null = null;
let peeledOut: Token[] = [];

/** The words without launchers (`sudo bash`, `env sh`): what actually reads stdin. */
function peel(tokens: Token[]): Token[] {
  // A piped stage is peeled by each of its readings (output, listing, flow, stage): once is enough.
  if (tokens === peeledIn) return peeledOut;
  peeledIn = tokens;
  peeledOut = peelLaunchers(tokens);
  return peeledOut;
}

function peelLaunchers(tokens: Token[]): Token[] {
  let t = tokens;
  for (let i = 0; i < 8; i++) {
    const u = unwrapLauncher(t, true);
    if (!u) break;
    t = u.tokens;
  }
  return t;
}

/** crontab/at/batch read commands from stdin: crontab lines carry a schedule first. */
function cronSink(first: string, tokens: Token[]): { kind: 'crontab' } | { kind: 'shell' } | null {
  const ops = tokens.filter((t) => !t.redir && !t.text.startsWith('-')).slice(1);
  if (first === 'crontab' && (ops.length === 0 || at(ops, 0).text === '-')) return { kind: 'crontab' };
  if (
    (first === 'at' || first === 'batch') &&
    !tokens.some((t) => t.text === '-f' || t.text === '-l' || t.text === '-r' || t.text === '-c')
  )
    return { kind: 'shell' };
  return null;
}

/** The command of one crontab line (five schedule fields or `@reboot`, then the command); comments and variables give nothing. */
function cronCommand(line: string): string {
  const l = line.trim();
  if (!l || l.startsWith('#') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(l)) return '';
  if (l.startsWith('@')) return l.replace(/^@\S+\s*/, '');
  const parts = l.split(/\s+/);
  return parts.length > 5 ? parts.slice(5).join(' ') : '';
}

/** Programs whose operands are files: after `cd DIR` they are read under DIR. */
const CWD_PROGRAMS = new Set([
  'rm',
  'rmdir',
  'find',
  'shred',
  'srm',
  'wipe',
  'cat',
  'less',
  'more',
  'head',
  'tail',
  'base64',
  'xxd',
  'strings',
  'cp',
  'tar',
  'zip',
  'scp',
  'rsync',
]);

/** The directory after `cd ARG` from `from` (null when it cannot be known). */
function changeDir(from: string | null, arg: string | undefined): string | null {
  if (arg === undefined || arg === '~' || arg === '$HOME') return '~';
  if (arg === '-' || arg.includes('$(') || arg.includes('`')) return null;
  if (arg.startsWith('/') || arg.startsWith('~/') || arg.startsWith('$HOME/')) return normalizeDir(arg);
  if (unresolved(arg)) return null;
  return from === null ? null : joinDir(from, arg);
}

function normalizeDir(p: string): string {
  const lead = p.startsWith('/') ? '/' : '';
  const parts: string[] = [];
  for (const part of p.split('/')) {
    if (!part || part === '.') continue;
    if (part === '..') {
      if (parts.length && parts[parts.length - 1] !== '~') parts.pop();
    } else parts.push(part);
  }
  return lead + parts.join('/') || '/';
}

function joinDir(dir: string, rel: string): string {
  const joined = normalizeDir(`${dir}/${rel}`);
  return rel.endsWith('/') && joined !== '/' ? joined + '/' : joined;
}

/** Input known to be piped in but not its text. */
const NO_TEXT: Flow = { text: null, network: false, decoders: [] };

function words(tokens: Token[]): string[] {
  const out: string[] = [];
  for (const t of tokens) if (!t.redir) out.push(t.text);
  return out;
}

/** Input items of `xargs -I` expanded one by one (each is a separate command). */
const XARGS_MAX_ITEMS = 16;

/** Words of a here-string (`cmd <<< 'a b'`), or null. */
function hereString(tokens: Token[]): string[] | null {
  for (let i = 0; i < tokens.length; i++) {
    const t = at(tokens, i);
    if (!t.redir || !t.text.includes('<<<')) continue;
    const body = t.text.endsWith('<<<') ? tokens[i + 1]?.text : t.text.slice(t.text.indexOf('<<<') + 3);
    return body ? body.split(/\s+/).filter(Boolean) : null;
  }
  return null;
}

/**
 * What a pipeline of literals and decoders prints (`echo cm0= | base64 -d`, `printf '\\x72m'`,
 * `echo mr | rev`), trailing newlines removed as $(...) does; null when it is not known.
 */
function pipelineOutput(inner: string): string | null {
  if (inner.length > 1 << 20) return null;
  const segs = splitSegments(inner);
  if (!segs.length || segs.length > 16) return null;
  let flow: Flow | null = null;
  for (let k = 0; k < segs.length; k++) {
    const seg = at(segs, k);
    if (k < segs.length - 1 && seg.op !== '|') return null;
    flow = flow === null ? sourceFlow(seg.tokens, null) : throughFilter(flow, seg.tokens);
    if (!flow || flow.text === null) return null;
  }
  // segs is not empty, so the loop ran and left a flow with known text
  if (flow === null || flow.text === null) return null;
  return flow.text.replace(/\n+$/, '');
}

/** Replaces $(echo ...), $(printf ...), $(echo X | base64 -d) and backtick forms by what they print; null if none. */
export function foldLiteralSubstitutions(s: string): string | null {
  let out = '';
  let changed = false;
  for (let i = 0; i < s.length; i++) {
    const c = at(s, i);
    let end = -1;
    let inner = '';
    if (c === '$' && s[i + 1] === '(') {
      end = skipBalanced(s, i + 1);
      inner = s.slice(i + 2, end - 1);
    } else if (c === '`') {
      const close = s.indexOf('`', i + 1);
      if (close > 0) {
        end = close + 1;
        inner = s.slice(i + 1, close);
      }
    }
    if (end > 0) {
      const text = pipelineOutput(inner);
      if (text !== null) {
        out += text;
        changed = true;
        i = end - 1;
        continue;
      }
    }
    out += c;
  }
  return changed ? out : null;
}

const POWERSHELL_ENV =
  /\$\{?env:([A-Za-z_][A-Za-z0-9_]*)\}?\s*=|(?:Set-Item|New-Item|Set-Content)\s+(?:-Path\s+)?['"]?env:([A-Za-z_][A-Za-z0-9_]*)|\[Environment\]::SetEnvironmentVariable\(\s*['"]([A-Za-z_][A-Za-z0-9_]*)['"]/gi;

/** All readings of a command (see the file comment). Pure: the same input gives the same output. */
export function analyzeCommand(cmd: string, opts: AnalyzeOptions = {}): CommandAnalysis {
  const home = opts.home ?? homedir();
  const raw = sanitize(cmd);
  const a = new Analyzer(home, raw.length);
  a.top = raw;
  const normalized = a.processString(raw, 0, true, null);
  const composite = a.components.length > 1;
  const wholeUnit = composite ? -1 : a.components.length === 1 ? at(a.componentUnits, 0) : a.newUnit();
  const own = composite ? a.ownUnit(raw, normalized) : null;
  a.add(raw, own ?? wholeUnit);
  a.add(normalized, own ?? wholeUnit);
  if (raw.includes('env:') || raw.includes('Environment]::')) {
    for (const m of raw.matchAll(POWERSHELL_ENV)) {
      // each alternative of the pattern captures the name in one of the three groups
      const name = m[1] ?? m[2] ?? m[3];
      if (name !== undefined) a.env.add(name);
    }
  }
  return {
    raw,
    normalized,
    components: a.components,
    componentsExpanded: a.componentsExpanded,
    verbatim: a.verbatim,
    composite,
    candidates: a.cands,
    units: a.units,
    envAssignments: [...a.env],
    truncated: a.truncated,
    dynamic: a.dynamic,
    readings: a.readings,
    scripts: a.scripts,
    resolved: a.resolved,
  };
}

/** The command word of a segment when it folds to literal words (`$(echo YmFzaA== | base64 -d)` -> bash). */
function foldedCommandWord(tokens: Token[]): Token[] | null {
  const first = tokens[0];
  if (!first || !(first.text.includes('$(') || first.text.includes('`'))) return null;
  const folded = foldLiteralSubstitutions(first.text);
  if (folded === null) return null;
  const words = folded.trim().split(/\s+/).filter(Boolean);
  if (!words.length || words.length > 8 || words.some(unresolved)) return null;
  return words.map((text) => ({ text, quoted: false, redir: false }));
}

/** `tar c[zjf-]... PATH...` packing only paths of the working tree onto its output. */
function treeArchive(w: string[]): boolean {
  if (basename(w[0] ?? '') !== 'tar') return false;
  const mode = w[1] ?? '';
  if (!/^-?c[a-zA-Z]*$/.test(mode) || (mode.includes('f') && w[2] !== '-')) return false;
  const paths = w.slice(mode.includes('f') ? 3 : 2).filter((x) => !x.startsWith('-'));
  return paths.length > 0 && paths.every(inTree);
}
