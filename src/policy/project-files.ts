// Where a project's own policy lives and how it is read (docs/project-policy.md): the nearest
// ancestor of the call's working directory that holds `.git` is the project root, and its layer
// is `<root>/.svc/policy.yaml` then `<root>/.svc/policies/*.yaml` in name order.
//
// The files belong to whoever can write the repository (the agent, or a stranger's clone), so
// they are read defensively: only regular files (no symlinks, FIFOs or devices: a FIFO would
// block the read for ever), opened without following links and without blocking, checked again
// on the open descriptor, and capped in number and size like any other policy file.
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readFileSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { ParsedPolicyFile } from './ast.js';
import { PolicyLoadError } from './policy-errors.js';
import { parsePolicyText, POLICY_FILE_MAX_BYTES } from './parse.js';

export const PROJECT_DIR = '.svc';
export const PROJECT_FILE = 'policy.yaml';
export const PROJECT_SUBDIR = 'policies';
/** Files read from .svc/policies/ (in name order); more is an error, not a silent cut. */
export const PROJECT_MAX_FILES = 32;
/** The whole layer, all files together: the same cap as one policy file. */
export const PROJECT_MAX_BYTES = POLICY_FILE_MAX_BYTES;
/** Directories walked up from the working directory looking for `.git`. */
const MAX_DEPTH = 64;
const YAML_FILE = /\.ya?ml$/i;

/** lstat without an exception for a missing path (an exception costs more than the call itself). */
function lstatOrNull(p: string): Stats | null {
  try {
    return lstatSync(p, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/** The nearest ancestor of `workdir` (itself included) holding `.git`, or null. Absolute paths only. */
export function findProjectRoot(workdir: string): string | null {
  if (!isAbsolute(workdir)) return null;
  let dir = resolve(workdir);
  for (let i = 0; i < MAX_DEPTH; i++) {
    if (lstatOrNull(join(dir, '.git'))) return dir;
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
  return null;
}

function idOf(st: Stats): string {
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.mode}`;
}

/** What a project's layer is made of right now, and an identity that changes with any edit. */
export interface ProjectProbe {
  /** The files of the layer, in load order (empty: the project has no policy). */
  files: string[];
  /** Changes when a file is added, removed, replaced or edited. */
  ident: string;
  /** The .svc/policies/ listing behind `files` (reused while the directory is unchanged). */
  listing?: { dirIdent: string; names: string[] };
}

/**
 * Looks at a root's policy files with lstat only (one call when the project has no .svc
 * directory; one per file otherwise). `prev` lets an unchanged directory skip its listing.
 * `skipDir` is the data directory: a home directory under git keeps its svc data in ~/.svc,
 * whose policies are the user's own layer already, never a project's.
 */
export function probeProject(root: string, prev?: ProjectProbe, skipDir?: { dev: number; ino: number }): ProjectProbe {
  const dir = join(root, PROJECT_DIR);
  const d = lstatOrNull(dir);
  if (!d || !d.isDirectory() || (skipDir && d.dev === skipDir.dev && d.ino === skipDir.ino))
    return { files: [], ident: '' };
  const files: string[] = [];
  const parts: string[] = [];
  const single = join(dir, PROJECT_FILE);
  const s = lstatOrNull(single);
  if (s) {
    files.push(single);
    parts.push(`${PROJECT_FILE}=${idOf(s)}`);
  }
  const sub = join(dir, PROJECT_SUBDIR);
  const sd = lstatOrNull(sub);
  let listing: ProjectProbe['listing'];
  if (sd?.isDirectory()) {
    const dirIdent = idOf(sd);
    let names = prev?.listing?.dirIdent === dirIdent ? prev.listing.names : undefined;
    if (!names) {
      try {
        names = readdirSync(sub)
          .filter((n) => YAML_FILE.test(n))
          .sort();
      } catch {
        names = [];
      }
    }
    listing = { dirIdent, names };
    parts.push(`${PROJECT_SUBDIR}/=${dirIdent}`);
    for (const n of names.slice(0, PROJECT_MAX_FILES + 1)) {
      const f = join(sub, n);
      const st = lstatOrNull(f);
      files.push(f);
      parts.push(`${n}=${st ? idOf(st) : 'gone'}`);
    }
  } else if (sd) {
    // Not a directory (a link, a file): listed so that the load reports it rather than skip it.
    files.push(sub);
    parts.push(`${PROJECT_SUBDIR}=${idOf(sd)}`);
  }
  return { files, ident: parts.join('\n'), ...(listing ? { listing } : {}) };
}

/** Reads one file of a project layer: a regular file, opened without following links or blocking. */
function readProjectFile(file: string, budget: { bytes: number }): string {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new PolicyLoadError(
      file,
      0,
      code === 'ELOOP'
        ? 'a project policy file must be a regular file, not a symbolic link'
        : `cannot read project policy file: ${code ?? (err as Error).message}`,
    );
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new PolicyLoadError(file, 0, 'a project policy file must be a regular file');
    if (st.size > budget.bytes)
      throw new PolicyLoadError(
        file,
        0,
        `project policy files are ${PROJECT_MAX_BYTES} bytes at most in all; this one is ${st.size} bytes`,
      );
    const text = readFileSync(fd, 'utf8');
    budget.bytes -= Buffer.byteLength(text);
    if (budget.bytes < 0)
      throw new PolicyLoadError(file, 0, `project policy files are ${PROJECT_MAX_BYTES} bytes at most in all`);
    return text;
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads and parses a project's files (the same parser and caps as every policy file: aliases,
 * expansion, size). Throws PolicyLoadError on the first problem: a broken file rejects the layer.
 */
export function readProjectLayer(files: string[]): ParsedPolicyFile[] {
  if (files.length > PROJECT_MAX_FILES + 1) {
    const extra = files[PROJECT_MAX_FILES + 1] ?? files[files.length - 1] ?? '';
    throw new PolicyLoadError(
      dirname(extra),
      0,
      `a project holds at most ${PROJECT_MAX_FILES} files in ${PROJECT_DIR}/${PROJECT_SUBDIR}/`,
    );
  }
  const budget = { bytes: PROJECT_MAX_BYTES };
  const out: ParsedPolicyFile[] = [];
  const names = new Map<string, string>();
  for (const f of files) {
    const parsed = parsePolicyText(readProjectFile(f, budget), f);
    for (const p of parsed.policies) {
      const prev = names.get(p.name);
      if (prev)
        throw new PolicyLoadError(f, p.line, `duplicate policy name "${p.name}" (also defined in ${prev})`, 'name');
      names.set(p.name, `${f}:${p.line}`);
    }
    out.push(parsed);
  }
  return out;
}
