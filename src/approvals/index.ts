// The approval machinery as the server assembles it: the durable store (queue, expiry, grants,
// bulk resolution), the auto-allowed rule file and the resolve-URL signer.
//
// Every expiry in svc, in one list (each value is defined where it is enforced, all on the
// injected clock):
// 1. Approval timeout: a pending approval expires `--approval-timeout` after it was queued
//    (default 2m; ApprovalStore.timeoutMs, swept by expireDue() in store.ts). A blocked caller
//    then gets "approval timed out".
// 2. Once-only grant: an approved exact retry can be used once within ONCE_GRANT_TTL_MS (60 s)
//    of the approval, never past the run window when a bulk approval made it (store.ts commit).
// 3. Run grant: a bulk `scope: run` approval covers the run for the approval timeout counted
//    from the request's validation, never extended (RunSnapshot.deadline in bulk.ts; grants.ts).
// 4. Signed approval URL: valid SIGNED_URL_TTL_MS (10 min) from signing (src/auth/signing.ts).
// 5. Policy rule: a rule with `expires_at` stops matching calls at that instant (ruleActive in
//    src/policy/evaluate.ts); on the response side it keeps withholding output (docs/policy.md).
// Per-agent tokens do not expire; they are valid until revoked (src/auth/tokens.ts). Resolved
// approvals are kept for RESOLVED_RETENTION_MS (10 min) for the detail view: retention, not a
// permission.
import { join } from 'node:path';
import type { Clock } from '../util/clock.js';
import type { Bus } from '../audit/bus.js';
import type { AuditWriter } from '../audit/types.js';
import { Signer } from '../auth/signing.js';
import { ApprovalStore } from './store.js';
import { AutoAllowedRules } from './auto-allowed.js';

export { ApprovalStore } from './store.js';
export { AutoAllowedRules } from './auto-allowed.js';

export interface OpenApprovalsOptions {
  dataDir: string;
  clock: Clock;
  timeoutMs: number;
  audit: AuditWriter | null;
  bus: Bus;
  /** The live policy set; rule writes reload it. */
  policies: { reload(): unknown };
  log: (m: string) => void;
}

export async function openApprovals(o: OpenApprovalsOptions): Promise<ApprovalStore> {
  const rules = new AutoAllowedRules({
    policiesDir: join(o.dataDir, 'policies'),
    clock: o.clock,
    reload: () => o.policies.reload(),
  });
  const signer = Signer.open(o.dataDir);
  return ApprovalStore.open({
    dataDir: o.dataDir,
    timeoutMs: o.timeoutMs,
    clock: o.clock,
    audit: o.audit,
    bus: o.bus,
    log: o.log,
    rules,
    signer,
  });
}
