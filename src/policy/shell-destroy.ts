// What a destructive command really destroys, whatever shape it takes: a file shredded is a file
// deleted, `mv ~/project /tmp/x && rm -rf /tmp/x` deletes ~/project, `git ls-files | xargs rm`
// deletes every file of the working tree, and `rm -rf "$PWD"` deletes the working directory.
// The readings built from these are spelled as the `rm -rf PATH` they amount to, so the rules
// on deletes decide them (docs/shell-readings.md).
import { basename } from './shell-wrappers.js';
import { readFind } from './shell-flags.js';
import { onlyExclusions } from './shell-targets.js';
import { at } from '../util/invariant.js';

/** Programs that destroy the files they are given (overwrite, then usually unlink). */
const DESTROYERS = new Set(['shred', 'srm', 'wipe', 'scrub', 'gshred']);
/** Options of those programs that take a separate argument. */
const DESTROYER_ARGS = new Set(['-n', '--iterations', '-s', '--size', '--random-source', '-p', '-l', '-q']);

/** The operands a shred-like program destroys, or null when the program is not one. */
export function destroyedOperands(words: string[]): string[] | null {
  if (!DESTROYERS.has(words[0] ?? '')) return null;
  const out: string[] = [];
  let options = true;
  for (let i = 1; i < words.length; i++) {
    const w = at(words, i);
    if (options && w === '--') options = false;
    else if (options && w.startsWith('-') && w.length > 1) {
      if (DESTROYER_ARGS.has(w)) i++;
    } else out.push(w);
  }
  return out;
}

/** Programs whose operands, fed by xargs, are deleted or destroyed. */
const DELETERS = new Set(['rm', 'unlink', ...DESTROYERS]);

export function deletesOperands(program: string): boolean {
  return DELETERS.has(program);
}

/**
 * The directory whose every file a pipeline stage lists (`git ls-files`, `find .` with no test
 * that narrows it, `ls -A`, `rg --files`, `fd`), or null. xargs fed by it runs its command on
 * the whole tree.
 */
export function listedTree(words: string[]): string | null {
  words = asFind(words);
  const name = basename(words[0] ?? '');
  const operands = (from: number) => words.slice(from).filter((w) => !w.startsWith('-'));
  if (name === 'git' && words[1] === 'ls-files') {
    // A pathspec narrows the list, unless it is the whole tree again.
    const ops = operands(2).filter((w) => w !== '.' && w !== ':/' && w !== '*');
    return ops.length ? null : '.';
  }
  if (name === 'find') {
    const f = readFind(['find', ...words.slice(1)]);
    // `-path ./node_modules -prune -o -type f -print0` leaves paths out: what is listed is still the tree
    if (!f || (f.filtered && !onlyExclusions(words)) || f.starts.length !== 1) return null;
    return f.starts[0] ?? null;
  }
  if (name === 'ls' || name === 'fd' || name === 'fdfind') {
    const ops = operands(1);
    if (name !== 'ls' && ops.length) return null;
    return name === 'ls' ? (ops.length === 1 ? at(ops, 0) : ops.length ? null : '.') : '.';
  }
  if (name === 'rg' && words.includes('--files')) {
    const ops = operands(1);
    return ops.length === 1 ? at(ops, 0) : ops.length ? null : '.';
  }
  return null;
}

/** Lustre's `lfs find DIR ...` is find(1) over a Lustre file system (lfs(1)): read as find. */
function asFind(words: string[]): string[] {
  return basename(words[0] ?? '') === 'lfs' && words[1] === 'find' ? ['find', ...words.slice(2)] : words;
}

/**
 * A find whose tests narrow what it lists by age, size, owner or kind but not by name
 * (`find /srv/data -type f -mtime +90`): its words, so that what a deleter does with its output
 * (`| xargs rm -f`) is read as the same find's `-delete`, which the rules on deletes judge.
 */
export function narrowedFind(words: string[]): string[] | null {
  words = asFind(words);
  if (basename(words[0] ?? '') !== 'find' || words.includes('-delete')) return null;
  const f = readFind(['find', ...words.slice(1)]);
  if (!f || !f.filtered || words.some((w) => /^-(?:exec|execdir|ok|okdir|name|iname|path|ipath|regex|iregex)$/.test(w)))
    return null;
  return ['find', ...words.slice(1).filter((w) => !/^-(?:print0?|ls)$/.test(w)), '-delete'];
}

/** The words of a short command text, quotes removed (enough for a listing's options and patterns). */
export function splitWords(text: string): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"([^"]*)"|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

/**
 * The files a listing names, as a glob: `find DIR -name '*.py'` -> `DIR/**\/*.py`, `find DIR
 * -type f` -> `DIR/**`, `git ls-files` -> `**`, `ls DIR` -> `DIR/*`; null for anything else. A
 * loop over `$(find ...)` binds its variable to each of those files, so what the body does to
 * the variable it does to the glob.
 */
export function listedGlob(words: string[]): string | null {
  const name = basename(words[0] ?? '');
  if (name === 'git' && words[1] === 'ls-files') {
    const ops = words.slice(2).filter((w) => !w.startsWith('-'));
    if (!ops.length) return '**';
    const [op] = ops;
    return ops.length === 1 && op !== undefined && /^[*.\w/-]+$/.test(op) ? op : null;
  }
  if (name === 'find') {
    let i = 1;
    const starts: string[] = [];
    while (i < words.length && !/^[-(!)]/.test(words[i] ?? '')) starts.push(words[i++] ?? '');
    if (starts.length > 1) return null;
    const dir = (starts[0] ?? '.').replace(/\/+$/, '') || '/';
    let pattern = '';
    for (; i < words.length; i++) {
      const w = words[i] ?? '';
      if (w === '-name' || w === '-iname') {
        if (pattern) return null;
        pattern = words[++i] ?? '';
      } else if (w === '-type' || w === '-maxdepth' || w === '-mindepth' || w === '-xdev') {
        if (w !== '-xdev') i++;
      } else if (w === '-print' || w === '-print0') continue;
      else return null; // -o, -path, -newer, -size ... narrow it in ways a glob cannot say
    }
    return `${dir === '/' ? '' : dir}/**${pattern ? '/' + pattern : ''}`;
  }
  if (name === 'ls') {
    const ops = words.slice(1).filter((w) => !w.startsWith('-'));
    return ops.length === 1 ? `${(ops[0] ?? '').replace(/\/+$/, '')}/*` : ops.length ? null : '*';
  }
  return null;
}

/** `$PWD`, `${PWD}`, `$(pwd)`, `` `pwd` ``, `$(git rev-parse --show-toplevel)`: the working directory. */
const WORKDIR_REF =
  /"?(?:\$\{PWD\}|\$PWD(?![A-Za-z0-9_])|\$\(\s*pwd\s*\)|`\s*pwd\s*`|\$\(\s*git rev-parse --show-toplevel\s*\)|`\s*git rev-parse --show-toplevel\s*`)"?/g;

/** The words with references to the working directory read as `.`; null when there are none. */
export function workdirWords(words: string[]): string[] | null {
  let changed: string[] | null = null;
  for (let i = 0; i < words.length; i++) {
    const w = at(words, i);
    // `~+` is the shell's own spelling of $PWD (tilde expansion, bash and zsh).
    if (w === '~+' || w.startsWith('~+/')) {
      changed ??= words.slice();
      changed[i] = w.length <= 3 ? '.' : '.' + w.slice(2);
      continue;
    }
    if (!w.includes('PWD') && !w.includes('pwd') && !w.includes('show-toplevel')) continue;
    WORKDIR_REF.lastIndex = 0;
    if (!WORKDIR_REF.test(w)) continue;
    WORKDIR_REF.lastIndex = 0;
    let r = w.replace(WORKDIR_REF, '.');
    // "$PWD/dist" -> ./dist, "$PWD/" -> ./
    if (r === '.' || r.startsWith('./') || r === './') r = r.replace(/^\.\/*$/, '.');
    changed ??= words.slice();
    changed[i] = r;
  }
  return changed;
}

/** An extglob group that matches any name but a few: `!(x)`, `*(x)`, `+(x)` (bash extglob, zsh ksh_glob). */
const EXTGLOB_ANY = /[!*+]\([^()]*\)/g;

/**
 * The words with extglob groups that match nearly every name read as `*`: `rm -rf !(keep)` deletes
 * everything beside keep, which is what `rm -rf *` deletes as far as a rule can tell. Null when
 * there are none.
 */
export function extglobWords(words: string[]): string[] | null {
  let changed: string[] | null = null;
  for (let i = 1; i < words.length; i++) {
    const w = at(words, i);
    if (!w.includes('(') || w.startsWith('-')) continue;
    EXTGLOB_ANY.lastIndex = 0;
    const r = w.replace(EXTGLOB_ANY, '*');
    if (r === w) continue;
    changed ??= words.slice();
    changed[i] = r;
  }
  return changed;
}

/**
 * A source directory that holds nothing, as far as its name tells: a fresh `$(mktemp -d)`, or a
 * directory named empty/blank (`/tmp/empty/`). rsync --delete from it empties the destination.
 */
export function emptySource(w: string): boolean {
  const t = w.replace(/\/+$/, '');
  if (/^"?\$\(\s*mktemp\s+(?:-[a-zA-Z]*d[a-zA-Z]*|--directory)\b[^)]*\)"?$/.test(t)) return true;
  const name = t.slice(t.lastIndexOf('/') + 1);
  return /^(?:empty|blank|void|nothing)(?:[-_.]?(?:dir|folder|\d+))?$/i.test(name);
}
