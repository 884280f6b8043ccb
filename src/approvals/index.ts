// The approval machinery as the server assembles it: the durable store (queue, expiry, grants,
// bulk resolution), the auto-allowed rule file and the resolve-URL signer.
import { join } from 'node:path';
import type { Clock } from '../util/clock.js';
import type { Bus } from '../audit/bus.js';
import type { AuditWriter } from '../audit/types.js';
import { Signer } from '../auth/signing.js';
import { ApprovalStore } from './store.js';
import { AutoAllowedRules } from './autoAllowed.js';

export { ApprovalStore } from './store.js';
export { AutoAllowedRules } from './autoAllowed.js';
export { SvcError } from '../util/errors.js';

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
  const rules = new AutoAllowedRules({ policiesDir: join(o.dataDir, 'policies'), clock: o.clock, reload: () => o.policies.reload() });
  const signer = Signer.open(o.dataDir);
  return ApprovalStore.open({ dataDir: o.dataDir, timeoutMs: o.timeoutMs, clock: o.clock, audit: o.audit, bus: o.bus, log: o.log, rules, signer });
}
