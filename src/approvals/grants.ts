// Run grants (docs/api.md): in memory only, keyed by the complete agent/session/run/credential-owner
// scope, living for the approval timeout from the bulk request's validation snapshot. There is
// no early revocation; an expired grant is dropped the next time anyone looks.
import type { Clock } from '../util/clock.js';
import type { RunScope } from './types.js';
import { scopeComplete, scopeKey } from './record.js';

export interface RunGrant {
  scope: RunScope;
  expiresAt: number;
}

export class RunGrants {
  private grants = new Map<string, RunGrant>();

  constructor(private clock: Clock) {}

  /** The live grant covering exactly this scope, if any. */
  live(scope: RunScope): RunGrant | null {
    if (!scopeComplete(scope)) return null;
    const key = scopeKey(scope);
    const g = this.grants.get(key);
    if (!g) return null;
    if (this.clock.now() >= g.expiresAt) {
      this.grants.delete(key);
      return null;
    }
    return g;
  }

  publish(scope: RunScope, expiresAt: number): RunGrant {
    const g = { scope: { ...scope }, expiresAt };
    this.grants.set(scopeKey(scope), g);
    return g;
  }

  prune(): void {
    const now = this.clock.now();
    for (const [k, g] of this.grants) if (now >= g.expiresAt) this.grants.delete(k);
  }
}
