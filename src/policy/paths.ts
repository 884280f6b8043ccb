// Path readings for path_matches (research 4.2, plus ~ and $HOME expansion): the lexical
// absolute path (joined onto the working directory, `.`/`..`/`//` collapsed), the path with
// symlinks resolved (so a link to /etc/shadow is still /etc/shadow, and a write through a
// symlinked parent lands where it really lands), and the cleaned relative spelling.
import { realpathSync } from 'node:fs';
import { posix } from 'node:path';
import { expandHome } from './shell.js';

/** Ancestors tried when the leaf does not exist, before giving up on symlink resolution. */
const MAX_RESOLVE_STEPS = 64;

export function cleanPath(p: string): string {
  if (p === '') return '';
  let c = posix.normalize(p);
  if (c.length > 1 && c.endsWith('/')) c = c.slice(0, -1);
  return c;
}

/** Lexical absolute (or relative, without a workdir) spelling of a path. */
export function lexicalPath(path: string, workdir: string | undefined, home: string): string {
  let p = expandHome(path.includes('\\') ? path.replace(/\\/g, '/') : path, home);
  if (!p.startsWith('/') && workdir) p = posix.join(lexicalPath(workdir, undefined, home), p);
  return cleanPath(p);
}

/** Symlink-resolved path; for a missing leaf, the longest existing ancestor resolved plus the rest. */
export function resolvePath(abs: string): string | undefined {
  if (!abs.startsWith('/')) return undefined;
  let head = abs;
  let tail = '';
  for (let step = 0; step < MAX_RESOLVE_STEPS; step++) {
    try {
      const real = realpathSync.native(head);
      return tail ? posix.join(real, tail) : real;
    } catch {
      if (head === '/' || head === '') return undefined;
      const i = head.lastIndexOf('/');
      tail = tail ? posix.join(head.slice(i + 1), tail) : head.slice(i + 1);
      head = i === 0 ? '/' : head.slice(0, i);
    }
  }
  return undefined;
}

export interface PathReadings {
  /** Distinct spellings, lexical first. */
  candidates: string[];
  /** The working directory as used (cleaned, expanded), when known. */
  workdir?: string;
}

export function pathReadings(path: string, workdir: string | undefined, home: string, resolveSymlinks: boolean): PathReadings {
  const wd = workdir ? lexicalPath(workdir, undefined, home) : undefined;
  const lexical = lexicalPath(path, wd, home);
  const candidates = [lexical];
  if (resolveSymlinks) {
    const real = resolvePath(lexical);
    if (real && real !== lexical) candidates.push(real);
  }
  const expanded = expandHome(path.includes('\\') ? path.replace(/\\/g, '/') : path, home);
  if (wd && !expanded.startsWith('/')) {
    const rel = cleanPath(expanded);
    if (!candidates.includes(rel)) candidates.push(rel);
  }
  return { candidates, workdir: wd };
}
