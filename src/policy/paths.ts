// Path readings for path_matches (docs/policy.md, plus ~ and $HOME expansion): the lexical
// absolute path (joined onto the working directory, `.`/`..`/`//` collapsed), the path with
// symlinks resolved (so a link to /etc/shadow is still /etc/shadow, and a write through a
// symlinked parent lands where it really lands), and the cleaned relative spelling.
import { lstatSync, realpathSync } from 'node:fs';
import { posix } from 'node:path';
import { expandHome } from './shell.js';
import { containingSpelling } from './workdir-span.js';
import { deleteSpellings } from './delete-spellings.js';

/** Ancestors tried when the leaf does not exist, before giving up on symlink resolution. */
const MAX_RESOLVE_STEPS = 64;

export function cleanPath(p: string): string {
  if (p === '') return '';
  let c = posix.normalize(p);
  if (c.length > 1 && c.endsWith('/')) c = c.slice(0, -1);
  return c;
}

/** A Windows drive path (C:/...), absolute there; C:/Users/NAME/... is that user's home folder. */
const DRIVE_PATH = /^[a-z]:\//i;

/** Lexical absolute (or relative, without a workdir) spelling of a path. */
export function lexicalPath(path: string, workdir: string | undefined, home: string): string {
  let p = expandHome(path.includes('\\') ? path.replace(/\\/g, '/') : path, home);
  // a Windows drive path (C:/...) is absolute where it is meant, not relative to the workdir
  if (!p.startsWith('/') && workdir && !DRIVE_PATH.test(p)) p = posix.join(lexicalPath(workdir, undefined, home), p);
  return cleanPath(p);
}

/** How long a directory's resolved path is reused (symlink checks are inherently racy anyway:
 * the tool runs after the decision, so a link can always change in between). */
export const DIR_CACHE_TTL_MS = 1000;
const DIR_CACHE_SIZE = 1024;

/**
 * Resolves symlinks: the directory part through a small time-bounded cache, the leaf with one
 * lstat per call (a leaf that is itself a link is resolved fully). A missing leaf or directory
 * keeps its unresolved tail appended to the longest existing ancestor.
 */
export class PathResolver {
  private readonly dirs = new Map<string, { real: string; at: number }>();

  resolve(abs: string): string | undefined {
    if (!abs.startsWith('/')) return undefined;
    if (abs === '/') return '/';
    const i = abs.lastIndexOf('/');
    const dir = i === 0 ? '/' : abs.slice(0, i);
    const leaf = abs.slice(i + 1);
    const st = lstatSync(abs, { throwIfNoEntry: false });
    if (st?.isSymbolicLink()) {
      try {
        return realpathSync.native(abs);
      } catch {
        // a dangling link: fall through to the directory reading
      }
    }
    const realDir = this.dir(dir);
    if (realDir === undefined) return undefined;
    return realDir === '/' ? '/' + leaf : realDir + '/' + leaf;
  }

  private dir(dir: string): string | undefined {
    const now = performance.now();
    const hit = this.dirs.get(dir);
    if (hit && now - hit.at < DIR_CACHE_TTL_MS) return hit.real;
    const real = resolveMissing(dir);
    if (real !== undefined) {
      if (this.dirs.size >= DIR_CACHE_SIZE) this.dirs.clear();
      this.dirs.set(dir, { real, at: now });
    }
    return real;
  }
}

/** realpath of the longest existing ancestor, with the missing rest appended. */
function resolveMissing(abs: string): string | undefined {
  let head = abs;
  let tail = '';
  for (let step = 0; step < MAX_RESOLVE_STEPS; step++) {
    if (head === '/' || lstatSync(head, { throwIfNoEntry: false })) {
      try {
        const real = realpathSync.native(head);
        return tail ? posix.join(real, tail) : real;
      } catch {
        return undefined;
      }
    }
    const i = head.lastIndexOf('/');
    tail = tail ? posix.join(head.slice(i + 1), tail) : head.slice(i + 1);
    head = i === 0 ? '/' : head.slice(0, i);
  }
  return undefined;
}

export interface PathReadings {
  /** Distinct spellings, lexical first. */
  candidates: string[];
  /** The working directory as used (cleaned, expanded), when known. */
  workdir?: string;
}

const WINDOWS_HOME = /^[a-z]:\/users\/[^/]+(?=\/|$)/i;
/**
 * Where Windows (AppData) and macOS (Library) keep what the same tools keep under ~/.config on
 * Linux: gcloud's %APPDATA%\gcloud is ~/.config/gcloud. The ~/.config spelling is a reading too,
 * so one catalogue entry covers a tool's files on all three systems.
 */
const PLATFORM_CONFIG =
  /^(.*?)\/(?:AppData\/(?:Roaming|Local|LocalLow)|Library\/(?:Application Support|Preferences))\/(?=[^/])/i;

/** The same file as Linux spells it: a Windows home folder as home, app data as ~/.config. */
function platformReadings(path: string, home: string, candidates: string[]): void {
  const slashed = path.includes('\\') ? path.replace(/\\/g, '/') : path;
  if (DRIVE_PATH.test(slashed)) {
    const drive = cleanPath(slashed);
    if (!candidates.includes(drive)) candidates.push(drive);
    const inHome = WINDOWS_HOME.exec(drive);
    if (inHome) {
      const mapped = cleanPath(home + drive.slice(inHome[0].length));
      if (!candidates.includes(mapped)) candidates.push(mapped);
    }
  }
  const n = candidates.length;
  for (let i = 0; i < n; i++) {
    const c = candidates[i] ?? '';
    const m = PLATFORM_CONFIG.exec(c);
    if (!m) continue;
    const config = `${m[1] ?? ''}/.config/${c.slice(m[0].length)}`;
    if (!candidates.includes(config)) candidates.push(config);
  }
}

export function pathReadings(
  path: string,
  workdir: string | undefined,
  home: string,
  resolver: PathResolver | null,
  /** A delete: the working directory or a directory above it gets its relative spelling (workdir-span.ts). */
  deletes = false,
): PathReadings {
  const wd = workdir ? lexicalPath(workdir, undefined, home) : undefined;
  const lexical = lexicalPath(path, wd, home);
  const candidates = [lexical];
  if (resolver) {
    const real = resolver.resolve(lexical);
    if (real && real !== lexical) candidates.push(real);
  }
  // macOS filesystems (/Users, /Volumes) compare names case-insensitively: ~/.SSH/ID_RSA there is
  // ~/.ssh/id_rsa, so the lower-case spelling is a reading too.
  if (/^\/(?:users|volumes)\//i.test(lexical)) {
    const lower = lexical.toLowerCase();
    if (!candidates.includes(lower)) candidates.push(lower);
  }
  const expanded = expandHome(path.includes('\\') ? path.replace(/\\/g, '/') : path, home);
  if (wd && !expanded.startsWith('/')) {
    const rel = cleanPath(expanded);
    if (!candidates.includes(rel)) candidates.push(rel);
  }
  // cheap prechecks: most paths are neither Windows drive paths nor under app-data folders
  if (expanded.includes(':') || /AppData|Library/.test(expanded)) platformReadings(path, home, candidates);
  if (deletes && wd) {
    const up = containingSpelling(path, lexical, wd, home);
    if (up !== undefined && !candidates.includes(up)) candidates.push(up);
  }
  if (deletes) for (const d of deleteSpellings(path, lexical)) if (!candidates.includes(d)) candidates.push(d);
  return { candidates, workdir: wd };
}
