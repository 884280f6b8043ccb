// fd (the find alternative) runs a command on what it finds with -x/--exec (once per result) or
// -X/--exec-batch (once with all of them): `fd -t f . src -x rm` deletes every file under src,
// `fd -e py -X rm` every Python file of the tree. Read as the `rm -rf` of what is selected, as a
// find that deletes is (shell-targets.ts), so the rules on deletes and on source loss decide it.
import { basename } from './shell-wrappers.js';

/** Options that take a value (fd 8-10 manual). */
const VALUE = new Set([
  '-e',
  '--extension',
  '-t',
  '--type',
  '-E',
  '--exclude',
  '-d',
  '--max-depth',
  '--min-depth',
  '--exact-depth',
  '-S',
  '--size',
  '--changed-within',
  '--changed-before',
  '--change-newer-than',
  '--change-older-than',
  '-o',
  '--owner',
  '-j',
  '--threads',
  '--base-directory',
  '--search-path',
  '-c',
  '--color',
  '--max-results',
  '--ignore-file',
  '--path-separator',
  '--format',
  '--batch-size',
]);
/** Options that leave some of the selected files out (not the kind tests -t, -d). */
const NARROWING = new Set([
  '-E',
  '--exclude',
  '-S',
  '--size',
  '--changed-before',
  '--change-older-than',
  '-o',
  '--owner',
  '--max-results',
]);
const DELETERS = new Set(['rm', 'unlink', 'shred', 'srm', 'trash', 'trash-put']);
/** Regex patterns that match every name. */
const MATCH_ALL = new Set(['.', '^', '', '.*', '^.*$', '*']);

/** The `rm -rf` readings of an fd that deletes what it finds; empty for any other command. */
export function fdDeleteReadings(words: string[]): string[] {
  const name = basename(words[0] ?? '');
  if (name !== 'fd' && name !== 'fdfind') return [];
  const positional: string[] = [];
  const exts: string[] = [];
  let deletes = false;
  let narrowed = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '-x' || w === '--exec' || w === '-X' || w === '--exec-batch') {
      if (DELETERS.has(basename(words[i + 1] ?? ''))) deletes = true;
      while (i + 1 < words.length && words[i + 1] !== ';') i++;
      continue;
    }
    const eq = /^(--[\w-]+)=(.*)$/.exec(w);
    const opt = eq ? (eq[1] ?? '') : w;
    if (VALUE.has(opt)) {
      const v = eq ? (eq[2] ?? '') : (words[++i] ?? '');
      if (opt === '-e' || opt === '--extension') exts.push(v.replace(/^\./, ''));
      else if (opt === '--search-path' || opt === '--base-directory') positional.push('.', v);
      if (NARROWING.has(opt)) narrowed = true;
      continue;
    }
    if (w.startsWith('-')) continue;
    positional.push(w);
  }
  if (!deletes || narrowed) return [];
  const [pattern, ...paths] = positional;
  if (pattern !== undefined && !MATCH_ALL.has(pattern)) return [];
  const roots = (paths.length ? paths : ['.']).map((p) => p.replace(/(.)\/+$/, '$1'));
  if (exts.length) return roots.flatMap((r) => exts.map((e) => `rm -rf ${r}/**/*.${e}`));
  return roots.map((r) => `rm -rf ${r}`);
}
