// File finders other than find(1), read as the find they amount to, so a hunt for key files by
// name is the same act whichever program lists them (docs/shell-readings.md):
//   fd / fdfind PATTERN ROOT, -e EXT, -g GLOB      -> find ROOT -name *PATTERN* / *.EXT / GLOB
//   rg --files -g GLOB ROOT                         -> find ROOT -name GLOB
//   locate / plocate / mlocate PATTERN              -> find / -name *PATTERN*
//   mdfind [-onlyin DIR] -name NAME                 -> find DIR|/ -name *NAME*
//   Get-ChildItem / gci / dir / ls -Recurse -Include|-Filter X PATH -> find PATH -name X
// Sources: fd's README (regex by default, -g glob, -e extension, roots after the pattern),
// ripgrep's guide (--files lists what would be searched, -g/--glob/--iglob filter), locate(1)
// (a pattern without wildcards matches as *PATTERN*), mdfind(1), Get-ChildItem (about_Wildcards,
// -Include/-Filter/-Recurse). Only the roots and name tests are carried: the find readings
// decide what the hunt is (shell-flags.ts broadFindReadings).
import { broadFindReadings } from './shell-flags.js';

const GLOBBY = /[*?[]/;

/** A finder's regex or plain pattern as a -name glob (fd and locate match anywhere in the name). */
function asGlob(p: string): string {
  if (GLOBBY.test(p) && !/[\\^$()|+]/.test(p)) return p;
  const g = p.replace(/^\^/, '').replace(/\$$/, '').replace(/\\\./g, '.').replace(/\.\*/g, '*');
  return `${p.startsWith('^') ? '' : '*'}${g}${p.endsWith('$') ? '' : '*'}`;
}

function fdWords(w: string[]): string[] | undefined {
  const names: string[] = [];
  const pos: string[] = [];
  let glob = false;
  for (let i = 1; i < w.length; i++) {
    const x = w[i] ?? '';
    if (x === '-g' || x === '--glob') glob = true;
    else if (x === '-e' || x === '--extension') names.push(`*.${(w[++i] ?? '').replace(/^\./, '')}`);
    else if (x.startsWith('--extension=')) names.push(`*.${x.slice(12).replace(/^\./, '')}`);
    else if (x === '-x' || x === '--exec' || x === '-X' || x === '--exec-batch') break;
    else if (
      /^(?:-t|--type|-E|--exclude|-d|--max-depth|--min-depth|-S|--size|--changed-within|--changed-before|-o|--owner|-j|--threads|--base-directory|--search-path|-c|--color)$/.test(
        x,
      )
    ) {
      if (x === '--search-path' || x === '--base-directory') pos.push('', w[i + 1] ?? '');
      i++;
    } else if (!x.startsWith('-')) pos.push(x);
  }
  const [pattern, ...roots] = pos;
  if (pattern && pattern !== '.' && pattern !== '') names.push(glob ? pattern : asGlob(pattern));
  if (!names.length) return undefined;
  return [
    'find',
    ...(roots.filter(Boolean).length ? roots.filter(Boolean) : ['.']),
    ...names.flatMap((n) => ['-name', n]),
  ];
}

function rgFilesWords(w: string[]): string[] | undefined {
  if (!w.includes('--files')) return undefined;
  const names: string[] = [];
  const roots: string[] = [];
  for (let i = 1; i < w.length; i++) {
    const x = w[i] ?? '';
    if (x === '-g' || x === '--glob' || x === '--iglob') names.push((w[++i] ?? '').split('/').pop() ?? '');
    else if (/^--i?glob=/.test(x))
      names.push(
        x
          .slice(x.indexOf('=') + 1)
          .split('/')
          .pop() ?? '',
      );
    else if (/^(?:-t|--type|-T|--type-not|--max-depth|-d|-j|--threads)$/.test(x)) i++;
    else if (!x.startsWith('-')) roots.push(x);
  }
  const sought = names.filter((n) => n && !n.startsWith('!'));
  if (!sought.length) return undefined;
  return ['find', ...(roots.length ? roots : ['.']), ...sought.flatMap((n) => ['-name', n])];
}

function locateWords(w: string[]): string[] | undefined {
  const names: string[] = [];
  for (let i = 1; i < w.length; i++) {
    const x = w[i] ?? '';
    if (/^(?:-d|--database|-l|-n|--limit)$/.test(x)) i++;
    else if (!x.startsWith('-')) names.push(asGlob(x.split('/').pop() ?? x));
  }
  return names.length ? ['find', '/', ...names.flatMap((n) => ['-name', n])] : undefined;
}

function mdfindWords(w: string[]): string[] | undefined {
  let root = '/';
  const names: string[] = [];
  for (let i = 1; i < w.length; i++) {
    const x = w[i] ?? '';
    if (x === '-onlyin') root = w[++i] ?? root;
    else if (x === '-name') names.push(asGlob(w[++i] ?? ''));
  }
  return names.length ? ['find', root, ...names.flatMap((n) => ['-name', n])] : undefined;
}

function childItemWords(w: string[]): string[] | undefined {
  let recurse = false;
  const names: string[] = [];
  const roots: string[] = [];
  for (let i = 1; i < w.length; i++) {
    const x = w[i] ?? '';
    if (/^-(?:r|re|rec|recu|recur|recurs|recurse)$/i.test(x)) recurse = true;
    else if (/^-(?:include|filter|fi|fil|filt|filte|inc|incl|inclu|includ)$/i.test(x))
      names.push(...(w[++i] ?? '').split(',').map((n) => n.trim().replace(/^['"]|['"]$/g, '')));
    else if (/^-(?:path|literalpath|lp)$/i.test(x)) roots.push(w[++i] ?? '');
    else if (/^-(?:exclude|depth|attributes)$/i.test(x)) i++;
    else if (!x.startsWith('-')) roots.push(x);
  }
  const sought = names.filter(Boolean);
  if (!recurse || !sought.length) return undefined;
  const posix = (roots.length ? roots : ['.']).map((r) =>
    /^[A-Za-z]:\\?$|^[A-Za-z]:\\Users(?:\\[^\\]+)?\\?$/i.test(r) ? '/' : r,
  );
  return ['find', ...posix, ...sought.flatMap((n) => ['-name', n])];
}

/** Programs read here (shell.ts reads their words for these readings even without an option). */
export const FINDERS = new Set(['fd', 'fdfind', 'rg', 'locate', 'plocate', 'mlocate', 'slocate', 'mdfind']);

/** A name matched anywhere (`*.kdbx*`) also spelled as the name's end (`*.kdbx`), the form hunts are listed in. */
function withEnds(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    out.push(w);
    if (words[i - 1] === '-name' && /^\*[^*]+\*$/.test(w)) out.push('-name', w.slice(0, -1));
  }
  return out;
}

/** The find(1) words a file finder's command amounts to, or undefined when it is none. */
export function finderAsFind(words: string[]): string[] | undefined {
  const name = (words[0] ?? '').replace(/^.*\//, '').toLowerCase();
  if (name === 'fd' || name === 'fdfind') return fdWords(words);
  if (name === 'rg') return rgFilesWords(words);
  if (name === 'locate' || name === 'plocate' || name === 'mlocate' || name === 'slocate') return locateWords(words);
  if (name === 'mdfind') return mdfindWords(words);
  if (/^(?:get-childitem|gci|dir|ls)$/.test(name) && words.some((x) => /^-(?:include|filter)$/i.test(x)))
    return childItemWords(words);
  return undefined;
}

/** What a hunt by another finder looks for, spelled as find's readings (`find / -name *.pem`). */
export function finderReadings(words: string[]): string[] {
  const f = finderAsFind(words);
  return f ? broadFindReadings(withEnds(f)) : [];
}
