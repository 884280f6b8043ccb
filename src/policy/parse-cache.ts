// Parsed policy files kept under the data dir, so a restart skips the YAML parse and validation
// (a quarter of start-up on the shipped profile). An entry is keyed by the sha256 of the file's
// path and exact text and of the parser's own files (a new svc build never reads an old entry),
// so an edit, a rename or an upgrade simply misses. Only files that parsed without an error are
// stored, and only when the AST survives a JSON round trip unchanged.
//
// The entries are as trusted as the data dir they live in: a reader skips any entry that is not
// a regular file owned by this user and closed to others, and any entry that does not name its
// own key. Every failure to read or write the cache falls back to parsing: it is never a reason
// to refuse a policy set, or to accept one.
//
// A server may also be given the entries made when svc was installed (the shipped profiles,
// src/policy/shipped-cache.ts), so that even a first start parses no YAML for them. Those live
// beside the code and are as trusted as it: a regular file owned by this user or root, closed to
// others' writes, naming its own key (which holds the file's path and text and this parser
// build, so an entry made for another build, path or text is never read).
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { ParsedPolicyFile } from './ast.js';

/** Entries kept; the oldest go first (a set of a few files changes rarely). */
export const PARSE_CACHE_MAX_ENTRIES = 64;
/** An entry bigger than this is not read (a parsed 1 MiB policy file is far smaller). */
const MAX_ENTRY_BYTES = 16 * 1024 * 1024;

let parserFingerprint: string | undefined;

/**
 * Identifies this build of the parser: the names, sizes and mtimes of the compiled files next to
 * this module (the parser and everything it validates with live there).
 */
function fingerprint(): string {
  if (parserFingerprint !== undefined) return parserFingerprint;
  const h = createHash('sha256');
  const here = dirname(fileURLToPath(import.meta.url));
  try {
    for (const name of readdirSync(here).sort()) {
      if (!name.endsWith('.js')) continue;
      const st = statSync(join(here, name));
      h.update(`${name}\0${st.size}\0${st.mtimeMs}\n`);
    }
  } catch {
    h.update(`unreadable ${Date.now()} ${Math.random()}`); // never matches: the cache is off
  }
  parserFingerprint = h.digest('hex');
  return parserFingerprint;
}

interface Entry {
  key: string;
  ast: ParsedPolicyFile;
}

export class PolicyParseCache {
  /** Counters for tests and the start-up bench. */
  readonly counters = { hits: 0, misses: 0, stored: 0 };
  /** Of the hits, those read from the install-time entries. */
  shippedHits = 0;

  constructor(
    /** The data dir's own entries; null: none (a one-shot command reads the shipped entries only). */
    private readonly dir: string | null,
    private readonly log: (msg: string) => void = () => {},
    /** A read-only directory of entries made at install time (see the top of this file). */
    private readonly shipped?: string,
  ) {}

  /** The key of a file's text as this parser build reads it. */
  static key(file: string, text: string): string {
    return createHash('sha256').update(fingerprint()).update('\0').update(file).update('\0').update(text).digest('hex');
  }

  /** An entry's file name and JSON text, or undefined when the AST is not plain JSON data. */
  static entry(file: string, text: string, ast: ParsedPolicyFile): { name: string; json: string } | undefined {
    const key = PolicyParseCache.key(file, text);
    const json = JSON.stringify({ key, ast } satisfies Entry);
    if (!isDeepStrictEqual((JSON.parse(json) as Entry).ast, ast)) return undefined;
    return { name: `${key}.json`, json };
  }

  /** The stored AST of exactly this text, or undefined. */
  get(file: string, text: string): ParsedPolicyFile | undefined {
    const key = PolicyParseCache.key(file, text);
    const valid = (e: Entry | undefined): e is Entry => e !== undefined && e.key === key && e.ast?.file === file;
    let entry = this.dir === null ? undefined : this.read(join(this.dir, `${key}.json`), false)?.entry;
    if (!valid(entry) && this.shipped) {
      const got = this.read(join(this.shipped, `${key}.json`), true);
      entry = got?.entry;
      if (valid(entry) && got) {
        this.shippedHits++;
        // kept in the data dir too, as a parsed file would be: later starts read their own copy
        this.write(file, `${key}.json`, got.json);
      }
    }
    if (!valid(entry)) {
      this.counters.misses++;
      return undefined;
    }
    this.counters.hits++;
    return entry.ast;
  }

  /** Stores an AST that parsed without error; failures are logged and ignored. */
  put(file: string, text: string, ast: ParsedPolicyFile): void {
    try {
      const e = PolicyParseCache.entry(file, text, ast);
      if (!e) return; // not plain JSON data
      this.write(file, e.name, e.json);
    } catch (err) {
      this.log(`policy cache: could not store ${file}: ${(err as Error).message}`);
    }
  }

  private write(file: string, name: string, json: string): void {
    if (this.dir === null) return;
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const final = join(this.dir, name);
      const tmp = `${final}.${process.pid}.tmp`;
      writeFileSync(tmp, json, { mode: 0o600, flag: 'w' });
      renameSync(tmp, final);
      this.counters.stored++;
      this.prune();
    } catch (err) {
      this.log(`policy cache: could not store ${file}: ${(err as Error).message}`);
    }
  }

  /** An entry that passes the trust rules above; root may own an install-time (shipped) one. */
  private read(path: string, shipped: boolean): { entry: Entry; json: string } | undefined {
    let fd: number;
    try {
      fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
    } catch {
      return undefined;
    }
    try {
      const st = fstatSync(fd);
      const uid = process.getuid?.();
      const owner = uid === undefined || st.uid === uid || (shipped && st.uid === 0);
      if (!st.isFile() || !owner || st.mode & 0o022 || st.size > MAX_ENTRY_BYTES) {
        this.log(`policy cache: ignoring ${path} (not a ${shipped ? 'protected' : 'private'} file of this user)`);
        return undefined;
      }
      const json = readFileSync(fd, 'utf8');
      return { entry: JSON.parse(json) as Entry, json };
    } catch {
      return undefined;
    } finally {
      closeSync(fd);
    }
  }

  private prune(): void {
    if (this.dir === null) return;
    const dir = this.dir;
    const names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    if (names.length <= PARSE_CACHE_MAX_ENTRIES) return;
    const aged = names
      .map((n) => {
        try {
          return { n, t: statSync(join(dir, n)).mtimeMs };
        } catch {
          return { n, t: 0 };
        }
      })
      .sort((a, b) => a.t - b.t);
    for (const { n } of aged.slice(0, names.length - PARSE_CACHE_MAX_ENTRIES)) {
      try {
        unlinkSync(join(dir, n));
      } catch {
        // another server sharing the dir removed it first
      }
    }
  }
}
