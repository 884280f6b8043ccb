// Audit file names: YYYY-MM-DD.jsonl for a UTC day, YYYY-MM-DD.N.jsonl for its size-rotated
// continuations. Chain order is (date, part). Only names matching this exact shape are ever
// opened, so no user-supplied date can reach outside the audit directory.
import { promises as fsp } from 'node:fs';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FILE_RE = /^(\d{4}-\d{2}-\d{2})(?:\.([1-9]\d{0,5}))?\.jsonl$/;

export interface AuditFile {
  name: string;
  /** UTC day, YYYY-MM-DD. */
  date: string;
  /** 0 for the day's first file, N for YYYY-MM-DD.N.jsonl. */
  part: number;
}

/** Strict YYYY-MM-DD that names a real calendar day (2026-02-30 and 2026-13-01 are rejected). */
export function isValidDate(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1970 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= daysInMonth(y, mo);
}

function daysInMonth(y: number, mo: number): number {
  if (mo === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(mo) ? 30 : 31;
}

export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Days from `from` to `to` inclusive; both must be valid dates. */
export function daySpan(from: string, to: string): number {
  return Math.round((Date.parse(to + 'T00:00:00Z') - Date.parse(from + 'T00:00:00Z')) / 86_400_000) + 1;
}

export function nextDate(date: string): string {
  return utcDate(Date.parse(date + 'T00:00:00Z') + 86_400_000);
}

export function fileName(date: string, part: number): string {
  return part === 0 ? `${date}.jsonl` : `${date}.${part}.jsonl`;
}

export function parseFileName(name: string): AuditFile | null {
  const m = FILE_RE.exec(name);
  const date = m?.[1];
  if (!m || !isValidDate(date)) return null;
  return { name, date, part: m[2] ? Number(m[2]) : 0 };
}

export function compareFiles(a: AuditFile, b: AuditFile): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return a.part - b.part;
}

/** The chain files of a directory in chain order; a missing directory has none. */
export async function listAuditFiles(dir: string): Promise<AuditFile[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const files: AuditFile[] = [];
  for (const e of entries) {
    // Symlinks and other non-regular entries are never part of the chain.
    if (!e.isFile()) continue;
    const f = parseFileName(e.name);
    if (f) files.push(f);
  }
  return files.sort(compareFiles);
}

export async function filesForDate(dir: string, date: string): Promise<AuditFile[]> {
  return (await listAuditFiles(dir)).filter((f) => f.date === date);
}
