// Careful file edits for `svc setup`: settings files belong to the user, so they are read
// strictly, backed up before any change, and replaced atomically (a crash leaves either the
// old file or the new one). A symlinked settings file is edited at its target, so dotfile
// repositories keep their link.
import {
  copyFileSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  closeSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { SvcError, type SvcErrorOptions } from '../../util/errors.js';

/** Settings files larger than this are not settings files. */
export const MAX_SETTINGS_BYTES = 4 * 1024 * 1024;

export class SetupError extends SvcError {
  override name = 'SetupError';
  constructor(message: string, options?: SvcErrorOptions) {
    super('setup_failed', message, options);
  }
}

export interface Existing {
  /** The file actually edited (the symlink's target when the path is a link). */
  path: string;
  exists: boolean;
  text?: string;
  mode?: number;
}

export function inspect(path: string): Existing {
  let st;
  try {
    st = lstatSync(path);
  } catch {
    return { path, exists: false };
  }
  let real = path;
  if (st.isSymbolicLink()) {
    try {
      real = realpathSync(path);
      st = statSync(real);
    } catch {
      throw new SetupError(`${path} is a symlink to a missing file; fix or remove the link first`);
    }
  }
  if (!st.isFile()) throw new SetupError(`${real} is not a regular file; refusing to edit it`);
  if (st.size > MAX_SETTINGS_BYTES)
    throw new SetupError(`${real} is larger than ${MAX_SETTINGS_BYTES} bytes; refusing to edit it`);
  return { path: real, exists: true, text: readFileSync(real, 'utf8'), mode: st.mode & 0o777 };
}

export type JsonObject = Record<string, unknown>;

/** The file's JSON object; a missing or empty file is `{}`. Malformed JSON needs --force. */
export function readJsonObject(existing: Existing, force: boolean): JsonObject {
  if (!existing.exists || !existing.text?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(existing.text);
  } catch (err) {
    if (force) return {};
    throw new SetupError(
      `${existing.path} is not valid JSON (${(err as Error).message}); fix it, or use --force to replace it (a backup is kept)`,
      { cause: err },
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    if (force) return {};
    throw new SetupError(
      `${existing.path} does not hold a JSON object; fix it, or use --force to replace it (a backup is kept)`,
    );
  }
  return parsed as JsonObject;
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-');
}

/** Copies the file beside itself as NAME.bak.YYYYMMDD-HHMMSSZ (never overwriting a backup). */
export function backup(path: string, now = new Date()): string {
  const base = `${path}.bak.${stamp(now)}`;
  let target = base;
  for (let n = 1; existsSync(target); n++) target = `${base}-${n}`;
  copyFileSync(path, target);
  return target;
}

/** Writes through a temporary file in the same directory, fsyncs, then renames over the target. */
export function writeAtomic(path: string, text: string, mode: number): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const tmp = join(dirname(path), `.${basename(path)}.svc-${process.pid}.tmp`);
  const fd = openSync(tmp, 'w', mode);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, path);
  } catch (err) {
    unlinkSync(tmp);
    throw err;
  }
}

export function formatJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

/** Structural equality for JSON values (key order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameJson(v, bb[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return ka.length === kb.length && ka.every((k) => sameJson((a as JsonObject)[k], (b as JsonObject)[k]));
}
