// Signed resolve URLs (docs/api.md): `?sig=...&exp=...` on POST /v1/approvals/{id}/resolve stands in
// for the admin token for that one approval only, until `exp` (Unix seconds). The signature is
// HMAC-SHA256 over the approval id and the expiry with a 32-byte key kept in
// <data-dir>/signing.key (0600, generated on first use), base64url without padding.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, fsyncSync, lstatSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const SIGNING_KEY_FILE = 'signing.key';
export const SIGNING_KEY_BYTES = 32;
/** Signed URLs are sensitive: by default they stop working after ten minutes. */
export const SIGNED_URL_TTL_MS = 10 * 60_000;
const EXP_RE = /^\d{1,12}$/;

export class Signer {
  private constructor(private readonly key: Buffer) {}

  /** Loads `<dataDir>/signing.key`, creating it (0600) when missing unless `create` is false. */
  static open(dataDir: string, o: { create?: boolean } = {}): Signer {
    const path = join(dataDir, SIGNING_KEY_FILE);
    let st;
    try {
      st = lstatSync(path);
    } catch (err: any) {
      if (err.code !== 'ENOENT') throw err;
      if (o.create === false)
        throw new Error(`no signing key at ${path} (the server creates it on start; check SERVICE_HOME)`);
      return new Signer(createKey(path));
    }
    if (!st.isFile()) throw new Error(`${path} must be a regular file (not a symlink or directory)`);
    const key = readFileSync(path);
    if (key.length !== SIGNING_KEY_BYTES) {
      throw new Error(`${path} must hold exactly ${SIGNING_KEY_BYTES} bytes; delete it to generate a new key`);
    }
    return new Signer(key);
  }

  /** A signer with a given key (tests). */
  static fromKey(key: Buffer): Signer {
    if (key.length !== SIGNING_KEY_BYTES) throw new Error(`signing key must be ${SIGNING_KEY_BYTES} bytes`);
    return new Signer(Buffer.from(key));
  }

  sign(approvalId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`svc-resolve-v1:${approvalId}:${exp}`).digest('base64url');
  }

  /** The query pair for one approval, valid for `ttlMs` from `nowMs`. */
  query(approvalId: string, nowMs: number, ttlMs = SIGNED_URL_TTL_MS): { sig: string; exp: string } {
    const exp = Math.floor((nowMs + ttlMs) / 1000);
    return { sig: this.sign(approvalId, exp), exp: String(exp) };
  }

  /** `<base>/v1/approvals/<id>/resolve?sig=..&exp=..`. */
  resolveUrl(base: string, approvalId: string, nowMs: number, ttlMs = SIGNED_URL_TTL_MS): string {
    const { sig, exp } = this.query(approvalId, nowMs, ttlMs);
    return `${base.replace(/\/+$/, '')}/v1/approvals/${encodeURIComponent(approvalId)}/resolve?sig=${encodeURIComponent(sig)}&exp=${exp}`;
  }

  /** True when `sig` was made by this key for exactly this approval and `exp` has not passed. */
  verify(approvalId: string, sig: string, exp: string, nowMs: number): boolean {
    if (!EXP_RE.test(exp)) return false;
    const expSec = Number(exp);
    if (Math.floor(nowMs / 1000) > expSec) return false;
    const want = Buffer.from(this.sign(approvalId, expSec));
    const got = Buffer.from(sig);
    return got.length === want.length && timingSafeEqual(got, want);
  }
}

function createKey(path: string): Buffer {
  const key = randomBytes(SIGNING_KEY_BYTES);
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (err: any) {
    // Another process created it first: use theirs.
    if (err.code === 'EEXIST') return readFileSync(path);
    throw err;
  }
  try {
    writeSync(fd, key);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return key;
}
