// In-process notifications from the library to live views (SSE hub, metrics). Emitting never
// blocks or throws into the caller: a failing listener is isolated and reported once.
import type { AuditEvent } from './types.js';
import type { CallLike } from './audit-event-builders.js';

/** One side of a shadow comparison (src/policy/shadow.ts DecisionBrief). */
interface Brief {
  action: string;
  policy: string;
  rule?: number;
  message: string;
}

export type BusEvent =
  | { type: 'approvals' }
  | { type: 'audit'; event: AuditEvent }
  | { type: 'audit_batch'; run_id: string }
  /** cached: a repeat answered from the preload reply cache, not evaluated (evalDurationUs 0). */
  | { type: 'decision'; tool: string; action: string; policy: string; evalDurationUs: number; cached?: boolean }
  | { type: 'policy_reloaded'; policyCount: number; ruleCount: number; error?: string; missing?: string[] }
  | { type: 'audit_health'; failing: boolean; reason: string }
  | { type: 'policy_loading' }
  /** The shadow policy set decided a call differently from the live one. */
  | { type: 'shadow_diff'; call: CallLike; live: Brief; shadow: Brief };

export type BusListener = (ev: BusEvent) => void;

export class Bus {
  private listeners = new Set<BusListener>();

  on(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(ev: BusEvent): void {
    for (const l of this.listeners) {
      try {
        l(ev);
      } catch (err) {
        // A live view must never break a decision; drop the listener's error.
        process.emitWarning(`event listener failed: ${(err as Error).message}`);
      }
    }
  }
}
