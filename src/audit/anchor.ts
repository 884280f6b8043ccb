// The external anchor (SPEC 2.10, "every 100 events"): the latest chain position, kept outside
// the audit directory (<data-dir>/audit-anchor.json) and replaced atomically. Removing or
// rewriting events up to the anchored one is then detectable, and the syslog sink carries a copy
// off the box.
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { isChainHash } from './hash.js';
import { writeFileAtomic, type AuditFs } from './fsio.js';

export const ANCHOR_FILE = 'audit-anchor.json';
export const ANCHOR_EVERY = 100;

export interface Anchor {
  /** Events in the log up to and including the anchored one. */
  count: number;
  last_hash: string;
  event_id: string;
  /** Audit file name (inside `dir`) and 1-based line of the anchored event. */
  file: string;
  line: number;
  /** Byte offset of that line, so opening can start verifying there. */
  offset: number;
  /** Absolute audit directory the anchor belongs to. */
  dir: string;
  timestamp: string;
}

export function anchorPath(dataDir: string): string {
  return path.join(dataDir, ANCHOR_FILE);
}

/** The anchor at `file`, or null when there is none or it is not a well-formed anchor. */
export async function readAnchor(file: string): Promise<Anchor | null> {
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    const a = JSON.parse(text) as Anchor;
    const wellFormed = Number.isInteger(a.count) && isChainHash(a.last_hash) && typeof a.event_id === 'string'
      && typeof a.file === 'string' && Number.isInteger(a.line) && a.line >= 1 && Number.isInteger(a.offset)
      && a.offset >= 0 && typeof a.dir === 'string' && typeof a.timestamp === 'string';
    return wellFormed ? a : null;
  } catch {
    return null;
  }
}

export async function writeAnchor(io: AuditFs, file: string, anchor: Anchor): Promise<void> {
  await writeFileAtomic(io, path.dirname(file), file, JSON.stringify(anchor) + '\n');
}
