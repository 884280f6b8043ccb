// A delete is judged by what it takes with it. Deleting the working directory, or any directory
// that holds it (its parent, the home directory, the root), or a glob that the working directory's
// own name matches (`cd .. && rm -rf *`), loses the whole project at once, however the path was
// spelled: `../project`, `/home/dev/code/app`, `$GITHUB_WORKSPACE`, `src/../..`. Such a path gets
// one more spelling, relative to the working directory: `.` for the working directory itself,
// `..`, `../..` ... for the directories above it, so a rule on deletes can name them directly
// (policy workdir-deletes in the standard profile; docs/effects.md).
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse } from '../util/yaml.js';
import { PACKAGE_ROOT } from '../util/version.js';

interface TreeVariables {
  workdir: Set<string>;
  home: Set<string>;
}

let vars: TreeVariables | undefined;

/** The variables naming the working tree or a home directory (policies/catalogues/tree-variables.yaml). */
export function treeVariables(): TreeVariables {
  if (vars) return vars;
  const out: TreeVariables = { workdir: new Set(), home: new Set() };
  try {
    const doc = parse(readFileSync(join(PACKAGE_ROOT, 'policies', 'catalogues', 'tree-variables.yaml'), 'utf8')) as {
      sections?: Record<string, { items?: unknown[] }[]>;
    };
    for (const key of ['workdir', 'home'] as const)
      for (const e of doc.sections?.[key] ?? []) for (const i of e.items ?? []) out[key].add(String(i));
  } catch {
    // A missing or broken catalogue leaves the built-in core: the shell's own variables.
    out.workdir.add('PWD');
    out.home.add('HOME');
  }
  return (vars = out);
}

const LEADING_VAR = /^"?\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?::?[-=?+][^}]*)?\}|([A-Za-z_][A-Za-z0-9_]*))"?(?=\/|$)/;

/** The path with a leading variable that names the working tree or home replaced by its value. */
function withTreeVariable(path: string, wd: string, home: string): string {
  if (!path.startsWith('$') && !path.startsWith('"$')) return path;
  const m = LEADING_VAR.exec(path);
  const name = m?.[1] ?? m?.[2];
  if (!m || !name) return path;
  const v = treeVariables();
  const value = v.workdir.has(name) ? wd : v.home.has(name) ? home : undefined;
  return value === undefined ? path : value + path.slice(m[0].length);
}

const GLOB = /[*?[]/;
/** Globs that name every (visible or hidden) entry of a directory. */
const EVERYTHING = /^(?:\*|\?\*|\.\*|\.\[!\.\]\*|\.\[\^\.\]\*|\.\?\?\*|\[!\.\]\*)$/;

/** A shell glob of one path segment as a RegExp (a leading `*` or `?` skips hidden names). */
function segmentGlob(seg: string): RegExp | null {
  let re = '';
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i] ?? '';
    if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = seg.indexOf(']', i + 2);
      if (end < 0) return null;
      re +=
        '[' +
        seg
          .slice(i + 1, end)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\') +
        ']';
      i = end;
    } else re += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${/^[*?[]/.test(seg) ? '(?!\\.)' : ''}${re}$`);
}

/**
 * The spelling, relative to `wd`, of the working directory or the directory above it that
 * `lexical` deletes (`.`, `..`, `../..`), or undefined when the working directory survives.
 * `raw` is the path as the call gave it (for a leading variable); `lexical` its absolute spelling.
 */
export function containingSpelling(raw: string, lexical: string, wd: string, home: string): string | undefined {
  let target = lexical;
  if (raw.startsWith('$') || raw.startsWith('"$')) {
    const v = withTreeVariable(raw, wd, home);
    if (v !== raw) target = posix.normalize(v).replace(/(.)\/+$/, '$1');
  }
  const wdParts = wd === '/' ? [''] : wd.split('/');
  let dir = target;
  const last = target.slice(target.lastIndexOf('/') + 1);
  if (GLOB.test(last)) {
    // A glob over the children of a directory at or above the working directory deletes the
    // child on the way down when that child's name matches it.
    dir = target.slice(0, target.lastIndexOf('/')) || '/';
    if (GLOB.test(dir)) return undefined;
    // A bare `*` is also how a find that deletes under DIR is spelled (DIR/*, whatever its name
    // tests select): it says something under DIR goes, not what; rm's own globs name more.
    if (last === '*') return undefined;
    const parts = dir === '/' ? [''] : dir.split('/');
    // every name in the working directory itself (`../project/.[!.]*`): the project emptied
    if (parts.length === wdParts.length && EVERYTHING.test(last) && sameStart(parts, wdParts)) return '.';
    if (parts.length >= wdParts.length || !sameStart(parts, wdParts)) return undefined;
    const next = wdParts[parts.length] ?? '';
    const re = segmentGlob(last);
    if (!re?.test(next)) return undefined;
    return relUp(wdParts.length - parts.length - 1);
  }
  if (GLOB.test(target)) return undefined;
  const parts = target === '/' ? [''] : target.split('/');
  if (parts.length > wdParts.length || !sameStart(parts, wdParts)) return undefined;
  return relUp(wdParts.length - parts.length);
}

function sameStart(prefix: string[], whole: string[]): boolean {
  for (let i = 0; i < prefix.length; i++) if (prefix[i] !== whole[i]) return false;
  return true;
}

function relUp(n: number): string {
  return n <= 0 ? '.' : Array.from({ length: n }, () => '..').join('/');
}
