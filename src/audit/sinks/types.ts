// A secondary audit destination. Sinks see events only after they are durable in the JSONL
// file, receive the display (redacted) copy, and must never block: send() only enqueues into a
// bounded buffer, and what does not fit is counted as dropped.
import type { AuditEvent } from '../types.js';
import type { Anchor } from '../anchor.js';

export interface AuditSink {
  readonly name: string;
  send(ev: AuditEvent): void;
  /** Anchors (every 100 events) go to sinks that keep an off-box copy. */
  anchor?(a: Anchor): void;
  /** Events lost so far (full buffer, gave up retrying). */
  readonly dropped: number;
  /** Flushes what it can within a short bound, then releases sockets and timers. */
  close(): Promise<void>;
}

/** Severity by decision, shared by syslog and CEF: deny is a warning, ask/watch notable. */
export function severityOf(action: string): 'warning' | 'notice' | 'info' {
  if (action === 'deny' || action === 'chain_break') return 'warning';
  if (action === 'ask' || action === 'watch' || action === 'recovered') return 'notice';
  return 'info';
}
