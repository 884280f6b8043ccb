// The external anchor (docs/api.md, "every 100 events"): the latest chain position, kept outside
// the audit directory (<data-dir>/audit-anchor.json) and replaced atomically. Removing or
// rewriting events up to the anchored one is then detectable, and the syslog sink carries a copy
// off the box.
//
// Anchors are signed (HMAC-SHA256) with a key in <data-dir>/audit-anchor.key (0600, created at
// first start). Whoever cannot read the key (the agent, in protected mode, where the data dir is
// the service user's) cannot write an anchor that verifies, so cutting events and rewriting the
// anchor to match is detected; deleting the anchor is detected once the log holds 100 events.
import { promises as fsp, readFileSync, writeFileSync } from 'node:fs';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { isChainHash } from './hash.js';
import { canonicalize } from './jcs.js';
import { writeFileAtomic, type AuditFs } from './fsio.js';

export const ANCHOR_FILE = 'audit-anchor.json';
export const ANCHOR_KEY_FILE = 'audit-anchor.key';
export const ANCHOR_EVERY = 100;
const SIG_PREFIX = 'hmac-sha256:';

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
  /** "hmac-sha256:<hex>" over the other members (JCS), with the data dir's anchor key. */
  sig?: string;
}

export function anchorKeyPath(dataDir: string): string {
  return path.join(dataDir, ANCHOR_KEY_FILE);
}

/** The anchor key, or null when it does not exist or cannot be read (the caller says so). */
export function readAnchorKey(dataDir: string): Buffer | null {
  try {
    const hex = readFileSync(anchorKeyPath(dataDir), 'utf8').trim();
    return /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : null;
  } catch {
    return null;
  }
}

/** Reads the anchor key, creating it (0600, 32 random bytes) on first start. */
export function ensureAnchorKey(dataDir: string): Buffer {
  const existing = readAnchorKey(dataDir);
  if (existing) return existing;
  const key = randomBytes(32);
  // 'wx': never overwrite a key another process just created (or one that is unreadable to us).
  try {
    writeFileSync(anchorKeyPath(dataDir), key.toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const again = readAnchorKey(dataDir);
    if (!again) throw new Error(`${anchorKeyPath(dataDir)} exists but is not a readable anchor key`);
    return again;
  }
  return key;
}

function signatureOf(a: Anchor, key: Buffer): string {
  const { sig: _sig, ...body } = a;
  return SIG_PREFIX + createHmac('sha256', key).update(canonicalize(body)).digest('hex');
}

export function signAnchor(a: Anchor, key: Buffer): Anchor {
  return { ...a, sig: signatureOf(a, key) };
}

/** The anchor carries a signature made with `key`. */
export function anchorSignatureValid(a: Anchor, key: Buffer): boolean {
  if (typeof a.sig !== 'string') return false;
  const want = Buffer.from(signatureOf(a, key));
  const got = Buffer.from(a.sig);
  return want.length === got.length && timingSafeEqual(want, got);
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
    const wellFormed =
      Number.isInteger(a.count) &&
      isChainHash(a.last_hash) &&
      typeof a.event_id === 'string' &&
      typeof a.file === 'string' &&
      Number.isInteger(a.line) &&
      a.line >= 1 &&
      Number.isInteger(a.offset) &&
      a.offset >= 0 &&
      typeof a.dir === 'string' &&
      typeof a.timestamp === 'string' &&
      (a.sig === undefined || typeof a.sig === 'string');
    return wellFormed ? a : null;
  } catch {
    return null;
  }
}

export async function writeAnchor(io: AuditFs, file: string, anchor: Anchor): Promise<void> {
  await writeFileAtomic(io, path.dirname(file), file, JSON.stringify(anchor) + '\n');
}
