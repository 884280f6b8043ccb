// The audit event of docs/api.md, as written to disk (one JSON line each) and served by the API.

import { UnavailableError } from '../util/errors.js';

export const AUDIT_SCHEMA = 'service.audit.v1';

export interface AuditDecision {
  action: string;
  matched_policies: string[];
  evaluation_time_us: number;
  message: string;
  suggestions?: string[];
}

export interface AuditEvent {
  id: string;
  timestamp: string;
  schema: typeof AUDIT_SCHEMA;
  agent: string;
  session: string;
  run_id?: string;
  tool: string;
  request: Record<string, unknown>;
  decision: AuditDecision;
  /** Present on decisions a hook made locally while the server was away (src/audit/spool.ts). */
  source?: 'client-reported';
  prev_hash: string;
  hash: string;
}

/** What a caller hands to the log; id, timestamp, schema and the chain fields are the log's job. */
export type AuditInput = Omit<AuditEvent, 'id' | 'timestamp' | 'schema' | 'prev_hash' | 'hash'>;

/** Thrown when an event could not be made durable; callers answer 503 and never acknowledge. */
export class AuditUnavailableError extends UnavailableError {
  override name = 'AuditUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('audit_unavailable', message, options);
  }
}

export interface AuditWriter {
  /**
   * Resolves once the event is fsynced (group commit); rejects with AuditUnavailableError otherwise.
   * `lazy`: nobody waits for this one (an allow already answered), so its write may wait up to
   * LAZY_FLUSH_MS to share a write and an fsync with the events after it.
   */
  append(input: AuditInput, opts?: { lazy?: boolean }): Promise<AuditEvent>;
  /** Live subscribers (SSE, sinks, tail) see each event after it is durable. */
  onEvent(listener: (ev: AuditEvent) => void): () => void;
  close(): Promise<void>;
}
