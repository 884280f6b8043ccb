// Per-agent tokens (docs/api.md: tokens.json stores SHA-256 digests only, 0600). A running server
// notices changes to the file within a second without a restart.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, renameSync, statSync, openSync, fsyncSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { safeEqual } from './admin.js';
import { at } from '../util/invariant.js';

export type Scope = 'eval' | 'admin';
export const SCOPES: readonly Scope[] = ['eval', 'admin'];
const TOKEN_PREFIX = 'svc_';
const AGENT_RE = /^[A-Za-z0-9_.-]{1,64}$/;
/** How stale the in-memory copy may get before the file is looked at again. */
const RECHECK_MS = 250;
/** isActive() looks again after this long (long-lived streams poll it). */
export const ACTIVE_RECHECK_MS = 50;

export interface TokenRecord {
  id: string;
  hash: string;
  agent: string;
  scopes: Scope[];
  created_at: string;
  revoked?: boolean;
  revoked_at?: string;
}

export interface Identity {
  kind: 'admin' | 'agent';
  agent?: string;
  tokenId?: string;
  scopes: Scope[];
  /** Opaque, short, stable label of the credential (never the credential itself). */
  credentialOwner: string;
}

export const ADMIN_OWNER = 'server/admin';

export function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** docs/api.md: an opaque shortened identifier of the store identity, not a bearer credential. */
export function ownerOf(hash: string): string {
  return 'credential-' + createHash('sha256').update(`approval-owner-v1\0${hash}`).digest('hex').slice(0, 12);
}

export class TokenStore {
  private records: TokenRecord[] = [];
  private stamp = '';
  private checkedAt = -Infinity;
  readonly path: string;

  constructor(
    dataDir: string,
    private now: () => number = Date.now,
  ) {
    this.path = join(dataDir, 'tokens.json');
  }

  private refresh(force = false): void {
    const t = this.now();
    if (!force && t - this.checkedAt < RECHECK_MS) return;
    this.checkedAt = t;
    let stamp = '';
    try {
      const st = statSync(this.path);
      stamp = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      this.records = [];
      this.stamp = '';
      return;
    }
    if (stamp === this.stamp) return;
    try {
      const parsed = JSON.parse(readFileSync(this.path, 'utf8')) as { tokens?: TokenRecord[] };
      this.records = Array.isArray(parsed.tokens) ? parsed.tokens : [];
    } catch {
      // A damaged store must not let anyone in: no per-agent token is valid until it is fixed.
      this.records = [];
    }
    this.stamp = stamp;
  }

  list(): TokenRecord[] {
    this.refresh(true);
    return this.records.map((r) => ({ ...r }));
  }

  /**
   * The token with this id exists and is not revoked. Looks at the file if it was last looked at
   * more than ACTIVE_RECHECK_MS ago (a stat; the file is re-read only when it changed), so a
   * caller polling every (250 - ACTIVE_RECHECK_MS) ms notices a revocation within 250 ms.
   */
  isActive(id: string): boolean {
    this.refresh(this.now() - this.checkedAt >= ACTIVE_RECHECK_MS);
    return this.records.some((r) => r.id === id && !r.revoked);
  }

  /** Finds an active token by its plaintext; revoked ones are reported as such. */
  lookup(token: string): { record: TokenRecord } | { revoked: true } | null {
    if (!token.startsWith(TOKEN_PREFIX)) return null;
    this.refresh();
    const h = digest(token);
    for (const r of this.records) {
      if (safeEqual(r.hash, h)) return r.revoked ? { revoked: true } : { record: r };
    }
    return null;
  }

  create(agent: string, scopes: Scope[]): { token: string; record: TokenRecord } {
    if (!AGENT_RE.test(agent))
      throw new Error(`invalid agent name "${agent}": use 1-64 letters, digits, '.', '_' or '-'`);
    for (const s of scopes) if (!SCOPES.includes(s)) throw new Error(`invalid scope "${s}": use eval or admin`);
    const secret = randomBytes(24).toString('hex');
    const token = TOKEN_PREFIX + secret;
    const record: TokenRecord = {
      id: TOKEN_PREFIX + secret.slice(0, 8),
      hash: digest(token),
      agent,
      scopes: [...new Set(scopes)],
      created_at: new Date(this.now()).toISOString(),
    };
    this.refresh(true);
    this.write([...this.records, record]);
    return { token, record };
  }

  revoke(id: string): TokenRecord {
    this.refresh(true);
    const matches = this.records.filter((r) => !r.revoked && (r.id === id || r.hash.startsWith(id)));
    if (matches.length === 0) throw new Error(`no active token with id "${id}" (see 'svc token list')`);
    if (matches.length > 1) throw new Error(`id "${id}" matches ${matches.length} tokens; give more characters`);
    const target = at(matches, 0);
    const next = this.records.map((r) =>
      r === target ? { ...r, revoked: true, revoked_at: new Date(this.now()).toISOString() } : r,
    );
    this.write(next);
    return { ...target, revoked: true };
  }

  private write(records: TokenRecord[]): void {
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ tokens: records }, null, 2) + '\n', { mode: 0o600 });
    const fd = openSync(tmp, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, this.path);
    this.records = records;
    this.checkedAt = -Infinity;
  }
}
