// Supply-chain readings of a whole command line that no single program's reading sees:
//   - an edit in place (sed -i, perl -pi) that takes pins out: digests and commit hashes replaced
//     by a tag that moves (`s#sha256:[0-9a-f]\{64\}#latest#`), integrity or --hash lines deleted
//     from a lockfile or requirements file. The next deploy or install takes whatever the tag or
//     registry serves then.                                         -> unpinned-digest FILES
//   - a program run from a hidden file inside installed packages (node_modules/.cache/x.js,
//     site-packages/.x.py): packages ship such files to run them later, outside any install
//     script a user reviews.                                        -> runs-hidden PATH
//   - source code downloaded into a compiler whose output runs (`gcc -x c - <<< "$(curl URL)"`,
//     `curl URL | go run -`), and an image archive downloaded into `docker load`.
//                                                                   -> runs-untrusted URL, remote-file URL
// Each is a `dependency` call decided by policy supply-chain-sources.
import { verifyRemovalEffects } from './verify-removals.js';
import { basename } from '../shell-wrappers.js';
import type { Effect } from './types.js';
import type { SimpleCommand } from './walk.js';
import { dependency } from './supply.js';
import { isKnownRegistry, isVendorHost } from './supply-data.js';
import { plantedEffects, sourceText } from './content.js';
import { hostSwapEffects, sourceSwapEffects } from './source-swaps.js';

/** A pin in a sed/perl pattern: a digest, a commit-length hex run, or a class standing for one. */
const PIN =
  /sha(?:256|384|512|1)\b|sha(?:256|512)[:-]|\[0-9a-f\]|\[a-f0-9\]|\[0-9a-fA-F\]|\[\[:xdigit:\]\]|\\?\{(?:40|64)\\?\}|\b[0-9a-f]{40}\b|integrity|--hash/i;

/** `s<d>PATTERN<d>REPLACEMENT<d>flags` and `/PATTERN/d`, from one sed or perl expression. */
function unpins(expr: string): boolean {
  const e = expr.trim().replace(/^\d+,?\$?\s*/, '');
  if (e.startsWith('s') && e.length > 2) {
    const d = e[1] ?? '/';
    const parts = e.slice(2).split(d);
    const [pattern = '', replacement = ''] = parts;
    return PIN.test(pattern) && !PIN.test(replacement);
  }
  const del = /^[/\\](.*)[/]\s*d\s*;?$/.exec(e);
  return !!del && PIN.test(del[1] ?? '');
}

/** `s<d>PATTERN<d>REPLACEMENT<d>flags`: the pattern (regex escapes dropped) and the replacement. */
function substitution(expr: string): [string | undefined, string | undefined] {
  const e = expr.trim().replace(/^\d+,?\$?\s*/, '');
  if (!e.startsWith('s') || e.length < 4 || /[\w\s]/.test(e[1] ?? '')) return [undefined, undefined];
  const d = e[1] ?? '/';
  const [pattern = '', replacement] = e.slice(2).split(d);
  return [pattern.replace(/\\(.)/g, '$1'), replacement];
}

/** Documents name hosts and repositories without fetching from them. */
const DOCUMENT = /\.(?:md|mdx|markdown|rst|txt|adoc|html?)$/i;

/** The expressions and files of `sed -i ...` / `perl -pi -e ...`, or null when it edits nothing in place. */
function inPlaceEdit(argv: string[]): { exprs: string[]; files: string[] } | null {
  const prog = basename(argv[0] ?? '');
  if (prog !== 'sed' && prog !== 'gsed' && prog !== 'perl') return null;
  let inPlace = false;
  const exprs: string[] = [];
  const rest: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i] ?? '';
    if (w === '-e' || w === '--expression') exprs.push(argv[++i] ?? '');
    else if (w.startsWith('--expression=')) exprs.push(w.slice('--expression='.length));
    else if (/^-[a-zA-Z]*i/.test(w) || w.startsWith('--in-place')) {
      inPlace = true;
      // BSD and macOS sed: `-i ''` gives an empty backup suffix as its own word
      if (prog !== 'perl' && w === '-i' && argv[i + 1] === '') i++;
      // perl -pie 'EXPR': the expression follows
      if (prog === 'perl' && /e$/.test(w)) exprs.push(argv[++i] ?? '');
    } else if (/^-[a-zA-Z]*e$/.test(w) && prog === 'perl') exprs.push(argv[++i] ?? '');
    else if (!w.startsWith('-')) rest.push(w);
  }
  if (!inPlace) return null;
  if (!exprs.length && rest.length) exprs.push(rest.shift() ?? '');
  return { exprs: exprs.flatMap((x) => x.split(/;\s*(?=s\W|\/)|\n/)), files: rest };
}

/** A hidden file inside an installed-package directory (not the package manager's own .bin). */
const HIDDEN_IN_PACKAGES =
  /(?:^|\/)(?:node_modules|site-packages|dist-packages|vendor|\.venv\/lib)\/(?:[^/]+\/)*\.(?!bin\/|bin$)[^/]+/;
const SCRIPT_RUNNERS = new Set([
  'node',
  'nodejs',
  'bun',
  'deno',
  'python',
  'python3',
  'sh',
  'bash',
  'zsh',
  'ruby',
  'perl',
  'php',
]);

/** Compilers that read source on standard input (`-`) and whose output the line can run. */
const COMPILERS = new Set([
  'gcc',
  'cc',
  'clang',
  'g++',
  'c++',
  'clang++',
  'tcc',
  'rustc',
  'go',
  'javac',
  'csc',
  'gfortran',
]);

const URL_RE = /\bhttps?:\/\/[^\s'"`)<>|;]+/g;

function untrustedUrls(text: string): string[] {
  return (text.match(URL_RE) ?? []).filter((u) => {
    const h = /^https?:\/\/(?:[^@/]*@)?([^/:?#]+)/i.exec(u)?.[1]?.toLowerCase() ?? '';
    return h && !isVendorHost(h) && !isKnownRegistry(h);
  });
}

/** Gate: the line's text must mention one of these before anything is read. */
export const SUPPLY_LINE_HINT =
  /\bdirenv\b|\bsed\b|\bperl\b|node_modules\/\.|packages\/\.|\bdocker\s+load\b|\b(?:gcc|cc|clang|g\+\+|tcc|rustc|go)\b/;

/**
 * The text a sed script only adds (`1i TEXT`, `$a TEXT`, `/re/a\\ TEXT`, `c TEXT`), or undefined
 * when any of its commands does something else (a substitution's result is not known here).
 */
function insertedText(exprs: string[]): string | undefined {
  const lines: string[] = [];
  for (const e of exprs) {
    const m = /^\s*(?:\d+|\$|\/(?:[^/\\]|\\.)*\/)?\s*[aic](?:\\\n?|\s)\s*([\s\S]*)$/.exec(e);
    if (!m) return undefined;
    lines.push((m[1] ?? '').replace(/\\n/g, '\n'));
  }
  return lines.length ? lines.join('\n') + '\n' : undefined;
}

/**
 * `direnv allow` trusts the directory's .envrc, which then runs on every `cd` into it. When the
 * same line writes that .envrc, what it plants is decided as a start-up file already; otherwise
 * the text trusted is not on the line, and a human looks at it first.
 */
function direnvTrust(text: string, c: SimpleCommand, out: Effect[]): void {
  if (basename(c.argv[0] ?? '') !== 'direnv' || !/^(?:allow|permit|grant)$/.test(c.argv[1] ?? '')) return;
  if (/>>?\s*(?:\S*\/)?\.envrc\b|\btee\b[^|;&]*\.envrc\b/.test(text)) return;
  const dir = c.argv[2] ?? '.';
  out.push({
    tool: 'startup',
    command: `startup-trust direnv ${dir.replace(/\s+/g, '_').slice(0, 200) || '.'}`,
    via: `direnv ${c.argv[1] ?? ''} trusts the .envrc of ${dir}, which then runs on every cd into it`,
  });
}

export function supplyLineEffects(text: string, cmds: SimpleCommand[], out: Effect[]): void {
  for (const c of cmds) {
    direnvTrust(text, c, out);
    const edit = inPlaceEdit(c.argv);
    // lines sed adds to a file are what it plants there (`sed -i '1i import os;os.system(...)' x.py`)
    const added = edit && basename(c.argv[0] ?? '') !== 'perl' ? insertedText(edit.exprs) : undefined;
    // (decided as what they plant, not as a write: the rest of the file stays as it was)
    if (edit && added !== undefined)
      for (const f of edit.files)
        for (const e of plantedEffects(f, added)) out.push({ ...e, via: `sed adds lines to ${f}, which ${e.via}` });
    // a substitution is an edit whose old and new text the expression spells out
    if (edit)
      for (const [from, to] of edit.exprs.map(substitution)) {
        if (from === undefined || to === undefined) continue;
        for (const f of edit.files)
          for (const e of [
            // package-source files have their own in-place reading (derive.ts, inPlaceSources)
            ...(sourceText(f, 'https://x/') === undefined ? hostSwapEffects(from, to, f) : []),
            ...(DOCUMENT.test(f) ? [] : sourceSwapEffects(from, to)),
            ...verifyRemovalEffects(from, to, f),
          ])
            out.push({ ...e, via: `${basename(c.argv[0] ?? '')} edits ${f}: ${e.via}` });
      }
    if (edit && edit.exprs.some(unpins)) {
      const files = edit.files.join(' ') || 'the input';
      out.push(dependency(['unpinned-digest', files.slice(0, 200)], `${basename(c.argv[0] ?? '')} edits ${files}`));
    }
    const prog = basename(c.argv[0] ?? '');
    const script = SCRIPT_RUNNERS.has(prog) ? c.argv.slice(1).find((w) => !w.startsWith('-')) : c.argv[0];
    if (script && HIDDEN_IN_PACKAGES.test(script))
      out.push(dependency(['runs-hidden', script], `${prog} runs ${script}, a hidden file inside installed packages`));
    if (COMPILERS.has(prog) && (c.argv.includes('-') || prog === 'go')) {
      // the source comes from a download: a here-string or pipe carrying curl/wget output
      const fed = c.stdin ?? '';
      const urls = /\b(?:curl|wget|fetch)\b/.test(text) ? untrustedUrls(fed || text) : [];
      const runsOutput = c.argv.includes('-') && (fed !== '' || /\|\s*(?:gcc|cc|clang|g\+\+|tcc|rustc)\b/.test(text));
      if (runsOutput || (prog === 'go' && c.argv[1] === 'run' && c.argv.includes('-')))
        for (const u of urls) out.push(dependency(['runs-untrusted', u], `${prog} builds code downloaded from ${u}`));
    }
    if (prog === 'docker' && c.argv[1] === 'load' && /\b(?:curl|wget)\b[^|]*\|\s*docker\s+load\b/.test(text))
      for (const u of untrustedUrls(text))
        out.push(dependency(['remote-file', u], `docker load takes an image archive downloaded from ${u}`));
  }
}
