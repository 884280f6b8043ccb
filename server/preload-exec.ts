// What an exec under libsvc.so really does, as far as the policy is concerned (protocol v2):
//
// - The program: `exe` is the file that runs with every symbolic link resolved. A program that
//   runs under another name (`ln -s /bin/rm tidy`, `cp /bin/rm tidy`, a hard link, an fd) is read
//   as the system program it is, so rules on `rm` apply to `./tidy -rf ~`. A link resolves by
//   path; a copy or a hard link is recognised by content: the system's own binaries are indexed
//   by size (one stat each, built lazily), and only those whose size matches are hashed here,
//   once per (device, inode, size, mtime). The library sends the content hash of `exe` (exe_id)
//   and its size, so the agent's file is not read here (a server running as another user may not
//   be able to); only a file too large for the library to hash is read here, when it can be.
// - The environment: variables that make a program run other code (BASH_ENV, NODE_OPTIONS,
//   LD_PRELOAD, GIT_SSH_COMMAND, ...) that the exec adds or changes come as `env`; they are put in
//   front of the command as assignments, exactly as a user would type them, so rules written for
//   `LD_PRELOAD=/tmp/x.so ls` (command_env_assignments, command_matches) see them too.
import { createHash } from 'node:crypto';
import { createReadStream, realpathSync, statSync, type Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute, join } from 'node:path';

/** Where the system's own programs live; a name found here is read under that name. */
export const SYSTEM_BIN_DIRS = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];
/** The index of system binaries is rebuilt after this long (packages come and go). */
const INDEX_TTL_MS = 60_000;
/** Content hashes kept, by file identity; the map is emptied when full. */
const HASH_CACHE_MAX = 1024;
/** Calls that send a shell command string rather than an argv to show (sh -c CMD). */
const SHELL_STRING_APIS = new Set(['system', 'popen', 'shell']);

export interface ExecFacts {
  command: string;
  argv?: string[];
  path?: string;
  exe?: string;
  /** "sha256:<hex>" of exe's content, as the library computed it. */
  exeHash?: string;
  exeSize?: number;
  cwd?: string;
  api?: string;
  env?: Record<string, string>;
}

export interface ExecReading {
  /** The command the policy sees: env assignments first, the real program's name first word. */
  command: string;
  /** The system program an innocently named file turned out to be (absent: the name was right). */
  program?: string;
}

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;
/** POSIX shell quoting, as the library writes a command. */
export function shellQuote(w: string): string {
  if (w === '') return "''";
  return SAFE.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

interface Entry {
  path: string;
  name: string;
  dev: number;
  ino: number;
}

let index: { built: number; bySize: Map<number, Entry[]>; dirs: string[] } | undefined;
let building: Promise<NonNullable<typeof index>> | undefined;
const aliasCache = new Map<string, string | null>();
const hashes = new Map<string, Promise<string | undefined>>();

let dirsCache: { at: number; dirs: string[] } | undefined;
/** systemDirs(), remembered as long as the index. */
function cachedDirs(): string[] {
  if (!dirsCache || Date.now() - dirsCache.at >= INDEX_TTL_MS) dirsCache = { at: Date.now(), dirs: systemDirs() };
  return dirsCache.dirs;
}

/** The system directories, each once (on a merged /usr, /bin is /usr/bin). */
function systemDirs(): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const d of SYSTEM_BIN_DIRS) {
    let real: string;
    try {
      real = realpathSync(d);
    } catch {
      continue;
    }
    if (!seen.has(real)) {
      seen.add(real);
      out.push(real);
    }
  }
  return out;
}

async function buildIndex(): Promise<NonNullable<typeof index>> {
  const dirs = systemDirs();
  const bySize = new Map<number, Entry[]>();
  for (const dir of dirs) {
    let names: string[];
    try {
      names = (await readdir(dir)).sort();
    } catch {
      continue;
    }
    await Promise.all(
      names.map(async (name) => {
        const path = join(dir, name);
        try {
          const st = await stat(path);
          if (!st.isFile() || (st.mode & 0o111) === 0) return;
          const list = bySize.get(st.size) ?? [];
          list.push({ path, name, dev: st.dev, ino: st.ino });
          bySize.set(st.size, list);
        } catch {
          /* a dangling link: not a program */
        }
      }),
    );
  }
  // one order whatever the stats' completion order: directory order, then name
  for (const list of bySize.values())
    list.sort(
      (a, b) =>
        dirs.indexOf(dirOf(a.path)) - dirs.indexOf(dirOf(b.path)) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    );
  return { built: Date.now(), bySize, dirs };
}

const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/'));

async function systemIndex(): Promise<NonNullable<typeof index>> {
  if (index && Date.now() - index.built < INDEX_TTL_MS) return index;
  building ??= buildIndex().then((i) => {
    index = i;
    building = undefined;
    aliasCache.clear();
    return i;
  });
  return building;
}

/** Builds the index of system programs ahead of the first exec that needs it (server start). */
export function warmSystemIndex(): void {
  void systemIndex().catch(() => {});
}

function identity(st: Stats): string {
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
}

function contentHash(path: string, st: Stats): Promise<string | undefined> {
  const key = identity(st);
  let h = hashes.get(key);
  if (!h) {
    if (hashes.size >= HASH_CACHE_MAX) hashes.clear();
    h = new Promise((resolve) => {
      const hash = createHash('sha256');
      const s = createReadStream(path);
      s.on('data', (d) => hash.update(d));
      s.on('error', () => resolve(undefined));
      s.on('end', () => resolve('sha256:' + hash.digest('hex')));
    });
    hashes.set(key, h);
    // a file that could not be read is not remembered as such
    void h.then((v) => v === undefined && hashes.delete(key));
  }
  return h;
}

/** True for "sha256:" and 64 lowercase hex digits. */
export function isContentHash(s: string): boolean {
  return /^sha256:[0-9a-f]{64}$/.test(s);
}

/** The system program with the content hash `hash` and size `size`, or undefined. */
async function systemProgramWithHash(hash: string, size: number): Promise<string | undefined> {
  const idx = await systemIndex();
  for (const c of idx.bySize.get(size) ?? []) {
    let cst: Stats;
    try {
      cst = statSync(c.path);
    } catch {
      continue;
    }
    if ((await contentHash(c.path, cst)) === hash) return c.name;
  }
  return undefined;
}

/** The system program whose content `exe` has, or undefined. `known`: the library's hash and size. */
export async function sameAsSystemProgram(
  exe: string,
  known?: { hash?: string; size?: number },
): Promise<string | undefined> {
  if (known?.hash && isContentHash(known.hash) && known.size !== undefined)
    return systemProgramWithHash(known.hash, known.size);
  let st: Stats;
  try {
    st = await stat(exe);
  } catch {
    return undefined;
  }
  if (!st.isFile()) return undefined;
  const idx = await systemIndex();
  const candidates = idx.bySize.get(st.size);
  if (!candidates) return undefined;
  for (const c of candidates) if (c.dev === st.dev && c.ino === st.ino) return c.name; // a hard link
  const mine = await contentHash(exe, st);
  if (!mine) return undefined;
  for (const c of candidates) {
    let cst: Stats;
    try {
      cst = statSync(c.path);
    } catch {
      continue;
    }
    if ((await contentHash(c.path, cst)) === mine) return c.name;
  }
  return undefined;
}

/** True when `name` is a system program name that resolves to `exe` (sh -> dash, python3 -> python3.11). */
function isAliasOf(name: string, exe: string, dirs: string[]): boolean {
  if (name.includes('/') || name === '' || name === '.' || name === '..') return false;
  for (const d of dirs) {
    const key = `${d}/${name}`;
    let real = aliasCache.get(key);
    if (real === undefined) {
      try {
        real = realpathSync(key);
      } catch {
        real = null;
      }
      if (aliasCache.size > 4096) aliasCache.clear();
      aliasCache.set(key, real);
    }
    if (real === exe) return true;
  }
  return false;
}

/** The first word of the command as the library wrote it (argv[0] or the path), with the rest. */
function splitFirstWord(f: ExecFacts): { word: string; rest: string } | undefined {
  for (const w of [f.argv?.[0], f.path]) {
    if (!w) continue;
    const q = shellQuote(w);
    if (f.command === q || f.command.startsWith(q + ' ')) return { word: w, rest: f.command.slice(q.length) };
  }
  return undefined;
}

/** The file that runs: the library's `exe` (sent for programs outside the system directories,
 * and for descriptors), else the path with its links resolved here. */
async function resolvedExe(f: ExecFacts): Promise<string | undefined> {
  if (f.exe) return f.exe.startsWith('/') ? f.exe : undefined;
  if (!f.path) return undefined;
  const p = isAbsolute(f.path) ? f.path : f.cwd ? join(f.cwd, f.path) : undefined;
  if (!p) return undefined;
  try {
    return await realpath(p);
  } catch {
    return undefined;
  }
}

/** The program this exec really runs when its name hides it; undefined when the name is right. */
async function disguisedProgram(f: ExecFacts): Promise<{ program: string; rest: string } | undefined> {
  if (SHELL_STRING_APIS.has(f.api ?? '')) return undefined;
  const first = splitFirstWord(f);
  if (!first) return undefined;
  const shown = basename(first.word);
  // nearly every exec: a system program called by its own name, nothing to resolve
  if (!f.exe && f.path && SYSTEM_BIN_DIRS.includes(dirOf(f.path)) && basename(f.path) === shown) return undefined;
  const exe = await resolvedExe(f);
  if (!exe) return undefined;
  const exeName = basename(exe);
  const dirs = cachedDirs();
  if (dirs.includes(dirOf(exe))) {
    // a system program: its own name, or another system name for it, is what rules expect
    if (shown === exeName || isAliasOf(shown, exe, dirs)) return undefined;
    return { program: exeName, rest: first.rest };
  }
  const same = await sameAsSystemProgram(exe, { hash: f.exeHash, size: f.exeSize });
  if (!same || same === shown) return undefined;
  return { program: same, rest: first.rest };
}

/**
 * True when readExec's answer for these facts could change while the facts stay the same: when
 * it would read a file that is not a system one (a path outside the system directories resolved
 * here, or the content of an `exe` the library could not hash). Identical requests can then not
 * share a cached answer, since an agent could swap the file between them.
 */
export function readingUsesAgentFiles(f: ExecFacts): boolean {
  if (SHELL_STRING_APIS.has(f.api ?? '')) return false;
  const inSystemDir = (p: string) => SYSTEM_BIN_DIRS.includes(dirOf(p)) || cachedDirs().includes(dirOf(p));
  if (f.exe) return !inSystemDir(f.exe) && !(f.exeHash && isContentHash(f.exeHash) && f.exeSize !== undefined);
  return !!f.path && !inSystemDir(f.path);
}

/** The command for the policy (see the top of this file). */
export async function readExec(f: ExecFacts): Promise<ExecReading> {
  let command = f.command;
  let program: string | undefined;
  const d = await disguisedProgram(f);
  if (d) {
    program = d.program;
    command = shellQuote(d.program) + d.rest;
  }
  if (f.env) {
    // a name a shell could not assign is left out of the text (it stays in the audited params);
    // the loader and interpreters read only ordinary names
    const names = Object.keys(f.env)
      .filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n))
      .sort();
    const env = f.env;
    if (names.length) command = names.map((n) => `${n}=${shellQuote(env[n] ?? '')}`).join(' ') + ' ' + command;
  }
  return program ? { command, program } : { command };
}
