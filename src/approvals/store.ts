// The approval store: the queue of pending approvals, their expiry, once-only grants and run
// grants, all behind one FIFO lock so check-then-commit sequences that await the audit log stay
// atomic. Every state change is in the fsynced journal before it is published in memory, and the
// audit record of a resolution is written before the resolution can be observed.
import { dropOldest } from '../util/drop-oldest.js';
import { join } from 'node:path';
import type { Clock } from '../util/clock.js';
import type { Bus } from '../audit/bus.js';
import type { AuditWriter, AuditInput, AuditEvent } from '../audit/types.js';
import type { ToolCall } from '../policy/types.js';
import {
  QueueFullError,
  type ApprovalsForGate,
  type ApprovalView,
  type EnqueueRequest,
  type RunScope,
} from './types.js';
import { Mutex } from './mutex.js';
import { QUEUE_CAPACITY_BOUND } from './limits.js';
import { newId } from './ids.js';
import { Journal, JournalError, type JournalState } from './journal.js';
import { buildActionReview } from './action.js';
import { callFingerprint } from './fingerprint.js';
import { RunGrants } from './grants.js';
import {
  detail as detailView,
  iso,
  listItem,
  scopeComplete,
  scopeKey,
  scopeOf,
  viewOf,
  type ApprovalRecord,
  type OnceGrant,
} from './record.js';
import { goneError, notFoundError, unavailableError } from './approval-errors.js';
import { SvcError } from '../util/errors.js';
import {
  expiryEvent,
  resolutionEvent,
  autoApprovalEvent,
  persistenceEvent,
  type BulkAuditInfo,
} from './audit-events.js';
import {
  bulkResolve,
  type BulkCommitOptions,
  type BulkRequest,
  type BulkResult,
  type BulkStore,
  type RunSnapshot,
} from './bulk.js';
import type { AutoAllowedRules } from './auto-allowed.js';
import type { Signer } from '../auth/signing.js';

export const QUEUE_CAPACITY = QUEUE_CAPACITY_BOUND;
/** How long an approved exact retry stays possible after the approval (docs/api.md: short-lived). */
export const ONCE_GRANT_TTL_MS = 60_000;
/** Resolved approvals stay readable (and give 410 on replay) at least this long. */
export const RESOLVED_RETENTION_MS = 10 * 60_000;
/** Bound on resolved approvals kept for reading, whatever their age. */
export const MAX_RESOLVED_KEPT = 5000;
/** setTimeout's ceiling (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Consumed grants kept in memory in case their use cannot be recorded (returnOnceGrant). */
const MAX_RETURNABLE_GRANTS = 64;
export const JOURNAL_FILE = 'approvals.journal';
export const AUTO_APPROVED_MESSAGE = 'auto-approved by bulk-resolve';

export interface ApprovalStoreOptions {
  dataDir: string;
  timeoutMs: number;
  clock: Clock;
  audit: AuditWriter | null;
  bus: Bus;
  log?: (msg: string) => void;
  capacity?: number;
  /** The auto-allowed.yaml writer used by `persist: true`. */
  rules?: AutoAllowedRules;
  /** Verifies signed resolve URLs. */
  signer?: Signer;
}

/** POST /v1/approvals, already validated by the route. */
export interface ExternalRequest {
  actionVersion: 0 | 1;
  tool: string;
  agent: string;
  agentDepth?: number;
  session: string;
  params: Record<string, unknown>;
  input?: Record<string, unknown>;
  workdir?: string;
  message?: string;
  runId?: string;
  toolCallId?: string;
  eventId?: string;
  credentialOwner: string;
}

export type ExternalResult =
  | { autoApproved: false; record: ApprovalRecord }
  | { autoApproved: true; id: string; message: string; expiresAt: string };

export interface CommitOptions extends BulkCommitOptions {
  persistRequested?: boolean;
}

type Waiter = (v: ApprovalView) => void;

export class ApprovalStore implements ApprovalsForGate {
  readonly timeoutMs: number;
  readonly clock: Clock;
  readonly runGrants: RunGrants;
  readonly rules: AutoAllowedRules | undefined;
  readonly signer: Signer | undefined;
  /** Active run-scope bulk snapshots, one per scope key. */
  private readonly snapshots = new Map<string, RunSnapshot>();
  private readonly lock = new Mutex();
  private readonly approvals = new Map<string, ApprovalRecord>();
  private readonly grants = new Map<string, OnceGrant>();
  private readonly lastConsumed = new Map<string, OnceGrant>();
  private readonly committing = new Set<string>();
  private readonly waiters = new Map<string, Set<Waiter>>();
  private readonly capacity: number;
  private readonly retentionMs: number;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    private readonly opts: ApprovalStoreOptions,
    private readonly journal: Journal,
    state: JournalState,
  ) {
    this.timeoutMs = opts.timeoutMs;
    this.clock = opts.clock;
    this.capacity = opts.capacity ?? QUEUE_CAPACITY;
    this.retentionMs = Math.max(RESOLVED_RETENTION_MS, 2 * opts.timeoutMs);
    this.runGrants = new RunGrants(opts.clock);
    this.rules = opts.rules;
    this.signer = opts.signer;
    for (const [id, rec] of state.approvals) this.approvals.set(id, rec);
    for (const [key, g] of state.grants) this.grants.set(key, g);
  }

  /** Opens (or creates) `<dataDir>/approvals.journal`, restores what it holds, and compacts it. */
  static open(opts: ApprovalStoreOptions): ApprovalStore {
    const { journal, state, warnings } = Journal.open(join(opts.dataDir, JOURNAL_FILE));
    const store = new ApprovalStore(opts, journal, state);
    for (const w of warnings) store.log(w);
    store.expireDue({ quiet: true });
    store.compact();
    store.armTimer();
    return store;
  }

  private log(msg: string): void {
    (this.opts.log ?? ((m: string) => process.emitWarning(m)))(msg);
  }

  // ---- reading ----------------------------------------------------------------------------

  get(id: string): ApprovalRecord | undefined {
    this.expireDue();
    return this.approvals.get(id);
  }

  detail(id: string): Record<string, unknown> {
    const rec = this.get(id);
    if (!rec) throw notFoundError(id);
    return detailView(rec);
  }

  pending(): ApprovalRecord[] {
    this.expireDue();
    return [...this.approvals.values()]
      .filter((r) => r.status === 'pending')
      .sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1));
  }

  /** Pending approvals in exactly this scope. */
  pendingInScope(scope: RunScope): ApprovalRecord[] {
    const key = scopeKey(scope);
    return this.pending().filter((r) => scopeKey(scopeOf(r)) === key);
  }

  /** GET /v1/approvals: pending approvals, run groups (docs/api.md) and the run-grant TTL. */
  list(): { approvals: Record<string, unknown>[]; run_groups: Record<string, unknown>[]; run_grant_ttl_ms: number } {
    const pending = this.pending();
    const groups = new Map<string, ApprovalRecord[]>();
    for (const r of pending) {
      const s = scopeOf(r);
      if (!scopeComplete(s)) continue;
      const key = scopeKey(s);
      const g = groups.get(key);
      if (g) g.push(r);
      else groups.set(key, [r]);
    }
    const runGroups = [...groups.values()]
      .flatMap((g) => (g[0] && g.length >= 2 ? [{ first: g[0], g }] : []))
      .sort((a, b) => a.first.created_at - b.first.created_at || (a.first.id < b.first.id ? -1 : 1))
      .map(({ first, g }) => ({
        agent: first.agent,
        session: first.session,
        run_id: first.run_id,
        credential_owner: first.credential_owner,
        count: g.length,
        earliest_created_at: iso(first.created_at),
        items: g.map(listItem),
      }));
    return { approvals: pending.map(listItem), run_groups: runGroups, run_grant_ttl_ms: this.grantTtlMs };
  }

  /** docs/api.md: milliseconds, positive sub-millisecond values round up. */
  get grantTtlMs(): number {
    return Math.max(0, Math.ceil(this.timeoutMs));
  }

  // ---- the gate's interface ---------------------------------------------------------------

  consumeOnceGrant(call: ToolCall, credentialOwner: string): ApprovalView | null {
    const key = callFingerprint(call, credentialOwner);
    const g = this.grants.get(key);
    if (!g) return null;
    const now = this.clock.now();
    if (now >= g.expires_at) {
      this.grants.delete(key);
      return null;
    }
    // Durable before it is used: a crash after this line can never let the grant be used again.
    this.journal.append({ t: 'consume', key, at: now });
    this.grants.delete(key);
    this.lastConsumed.set(key, g);
    if (this.lastConsumed.size > MAX_RETURNABLE_GRANTS) dropOldest(this.lastConsumed);
    this.maybeCompact();
    const rec = this.approvals.get(g.approval_id);
    return {
      id: g.approval_id,
      status: 'approved',
      expires_at: iso(g.approval_expires_at),
      resolved_by: g.resolved_by,
      resolution_audit_id: g.resolution_audit_id,
      action: rec?.action ?? {},
      redacted: rec?.redacted ?? false,
      message: g.message,
    };
  }

  returnOnceGrant(call: ToolCall, credentialOwner: string): void {
    const key = callFingerprint(call, credentialOwner);
    const g = this.lastConsumed.get(key);
    this.lastConsumed.delete(key);
    if (!g || this.grants.has(key) || this.clock.now() >= g.expires_at) return;
    this.journal.append({ t: 'grant', g });
    this.grants.set(key, g);
  }

  runGrantCovers(scope: RunScope): boolean {
    return this.runGrants.live(scope) !== null;
  }

  enqueue(req: EnqueueRequest): Promise<ApprovalView> {
    return this.lock.run(async () => {
      this.expireDue();
      const { call, credentialOwner } = req;
      const fingerprint = callFingerprint(call, credentialOwner);
      if (call.toolCallId) {
        // The host retrying a call that is still waiting gets the same card, not a second one.
        for (const r of this.approvals.values()) {
          if (r.status === 'pending' && r.fingerprint === fingerprint) return viewOf(r);
        }
      }
      const review = buildActionReview({
        tool: call.tool,
        params: call.params ?? {},
        input: call.input,
        agent: call.agent,
        agentDepth: call.agentDepth,
        session: call.session,
        runId: call.runId,
        toolCallId: call.toolCallId,
        workdir: call.workdir,
      });
      const scope: RunScope = { agent: call.agent, session: call.session, runId: call.runId ?? '', credentialOwner };
      const grant = this.runGrants.live(scope);
      if (grant) {
        // Creation and run-grant publication are serialised by the lock: this call is either
        // race-covered by the bulk request or, as here, authorized by its published grant.
        return {
          id: newId(this.clock.now()),
          status: 'approved',
          expires_at: iso(grant.expiresAt),
          resolved_by: 'bulk-resolve',
          action: review.action,
          redacted: review.redacted,
          message: AUTO_APPROVED_MESSAGE,
        };
      }
      const rec = this.newRecord({
        actionVersion: 1,
        source: req.source,
        review,
        tool: call.tool,
        scope,
        toolCallId: call.toolCallId ?? '',
        message: req.decision.message,
      });
      rec.fingerprint = fingerprint;
      if (req.auditId) rec.audit_id = req.auditId;
      if (req.decision.policy) rec.policy = req.decision.policy;
      this.insert(rec);
      return viewOf(rec);
    });
  }

  waitForResolution(id: string, signal?: AbortSignal): Promise<ApprovalView> {
    const rec = this.get(id);
    if (!rec) return Promise.reject(notFoundError(id));
    if (rec.status !== 'pending') return Promise.resolve(viewOf(rec));
    return new Promise((resolve, reject) => {
      const set = this.waiters.get(id) ?? new Set<Waiter>();
      this.waiters.set(id, set);
      const waiter: Waiter = (v) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(v);
      };
      const onAbort = () => {
        set.delete(waiter);
        reject(signal?.reason ?? new Error('aborted'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      set.add(waiter);
    });
  }

  // ---- POST /v1/approvals -----------------------------------------------------------------

  createExternal(req: ExternalRequest): Promise<ExternalResult> {
    return this.lock.run(async () => {
      this.expireDue();
      const review = buildActionReview({
        tool: req.tool,
        params: req.params,
        input: req.input,
        agent: req.agent,
        agentDepth: req.agentDepth,
        session: req.session,
        runId: req.runId,
        toolCallId: req.toolCallId,
        workdir: req.workdir,
      });
      const scope: RunScope = {
        agent: req.agent,
        session: req.session,
        runId: req.runId ?? '',
        credentialOwner: req.credentialOwner,
      };
      const rec = this.newRecord({
        actionVersion: req.actionVersion,
        source: 'external',
        review,
        tool: req.tool,
        scope,
        toolCallId: req.toolCallId ?? '',
        message: req.message ?? '',
      });
      if (req.eventId) rec.event_id = req.eventId;
      const grant = this.runGrants.live(scope);
      if (grant) {
        const expiresAt = iso(grant.expiresAt);
        await this.appendAudit(autoApprovalEvent(rec, expiresAt));
        return { autoApproved: true, id: rec.id, message: AUTO_APPROVED_MESSAGE, expiresAt };
      }
      this.insert(rec);
      return { autoApproved: false, record: rec };
    });
  }

  private newRecord(o: {
    actionVersion: 0 | 1;
    source: ApprovalRecord['source'];
    review: ReturnType<typeof buildActionReview>;
    tool: string;
    scope: RunScope;
    toolCallId: string;
    message: string;
  }): ApprovalRecord {
    const now = this.clock.now();
    return {
      id: newId(now),
      action_version: o.actionVersion,
      source: o.source,
      tool: o.tool,
      command: o.review.command,
      action: o.review.action,
      redacted: o.review.redacted,
      agent: o.scope.agent,
      session: o.scope.session,
      run_id: o.scope.runId,
      tool_call_id: o.toolCallId,
      credential_owner: o.scope.credentialOwner,
      message: o.message,
      status: 'pending',
      created_at: now,
      expires_at: now + this.timeoutMs,
    };
  }

  /** Journals and queues a new pending approval (caller holds the lock). */
  private insert(rec: ApprovalRecord): void {
    let pending = 0;
    for (const r of this.approvals.values()) if (r.status === 'pending') pending++;
    if (pending >= this.capacity) {
      throw new QueueFullError(`approval queue is full (limit: ${this.capacity} pending approvals)`);
    }
    try {
      this.journal.append({ t: 'approval', a: rec });
    } catch (err) {
      throw unavailableError((err as Error).message, err);
    }
    this.approvals.set(rec.id, rec);
    this.snapshots.get(scopeKey(scopeOf(rec)))?.createdAfter.push(rec.id);
    this.armTimer();
    this.maybeCompact();
    this.opts.bus.emit({ type: 'approvals' });
  }

  // ---- resolution -------------------------------------------------------------------------

  /** POST /v1/approvals/{id}/resolve. `persist` is validated before anything changes. */
  async resolve(
    id: string,
    r: { approved: boolean; by: string; persist?: boolean },
  ): Promise<{ record: ApprovalRecord; persisted: boolean }> {
    const persist = r.approved && r.persist === true;
    const record = await this.lock.run(async () => {
      this.expireDue();
      const rec = this.approvals.get(id);
      if (!rec) throw notFoundError(id);
      if (rec.status !== 'pending') throw goneError(id, rec.status);
      if (persist) {
        if (!this.rules) throw new SvcError('persist_unavailable', 'persist is not available on this server');
        this.rules.exactRuleFor(rec); // throws 400 with the reason, leaving the approval pending
      }
      await this.commit(rec, { approved: r.approved, by: r.by, persistRequested: persist });
      return rec;
    });
    this.opts.bus.emit({ type: 'approvals' });
    let persisted = false;
    if (persist && this.rules) persisted = await this.persist(record, r.by);
    return { record, persisted };
  }

  /**
   * Commits one resolution (caller holds the lock): journal, then audit, then publish. If the
   * audit record cannot be written the journal entry is reverted and nothing is published.
   */
  private async commit(rec: ApprovalRecord, o: CommitOptions): Promise<void> {
    const now = this.clock.now();
    if (rec.status === 'pending' && now >= rec.expires_at) this.expireDue();
    if (rec.status !== 'pending') throw goneError(rec.id, rec.status);
    const status = o.approved ? 'approved' : 'denied';
    let grant: OnceGrant | undefined;
    if (o.approved && rec.source !== 'external' && rec.run_id && rec.tool_call_id && rec.fingerprint) {
      grant = {
        key: rec.fingerprint,
        approval_id: rec.id,
        resolved_by: o.by,
        message: rec.message,
        approval_expires_at: rec.expires_at,
        expires_at: Math.min(now + ONCE_GRANT_TTL_MS, o.grantCap ?? Infinity),
      };
    }
    try {
      this.journal.append({ t: 'resolve', id: rec.id, status, by: o.by, at: now, ...(grant ? { grant } : {}) });
    } catch (err) {
      throw unavailableError((err as Error).message, err);
    }
    this.committing.add(rec.id);
    let event: AuditEvent | undefined;
    try {
      event = await this.appendAudit(
        resolutionEvent(rec, {
          approved: o.approved,
          by: o.by,
          persistRequested: o.persistRequested ?? false,
          bulk: o.bulk,
        }),
      );
    } catch (err) {
      this.committing.delete(rec.id);
      try {
        this.journal.append({ t: 'reopen', id: rec.id });
      } catch (e) {
        this.log(`approval ${rec.id}: could not revert the journal after an audit failure: ${(e as Error).message}`);
      }
      throw err;
    }
    this.committing.delete(rec.id);
    rec.status = status;
    rec.resolved_by = o.by;
    rec.resolved_at = now;
    if (event) {
      rec.resolution_audit_id = event.id;
      if (grant) grant.resolution_audit_id = event.id;
      this.annotate(rec.id, { audit_id: event.id });
    }
    if (grant) this.grants.set(grant.key, grant);
    o.snapshot?.committed.add(rec.id);
    this.wake(rec);
    this.armTimer();
    this.maybeCompact();
  }

  /** Appends an audit record; a failure becomes a 503 that leaves state unchanged. */
  private async appendAudit(input: AuditInput): Promise<AuditEvent | undefined> {
    if (!this.opts.audit) return undefined;
    try {
      return await this.opts.audit.append(input);
    } catch (err) {
      throw unavailableError(`audit storage is unavailable; nothing was resolved: ${(err as Error).message}`, err);
    }
  }

  /** Writes the exact allow rule for an approved, unredacted approval; false when it could not. */
  private async persist(rec: ApprovalRecord, by: string): Promise<boolean> {
    const rules = this.rules;
    if (!rules) return false;
    try {
      const rule = rules.exactRuleFor(rec);
      await this.appendAudit(persistenceEvent(rec, by, rules.path, rule.name));
      await rules.addExact(rule);
      rec.persisted = true;
      this.annotate(rec.id, { persisted: true });
      return true;
    } catch (err) {
      this.log(`approval ${rec.id}: approved, but the allow rule was not persisted: ${(err as Error).message}`);
      return false;
    }
  }

  bulkResolve(req: BulkRequest): Promise<BulkResult> {
    return bulkResolve(this.forBulk(), req);
  }

  /** The narrow surface bulk resolution works through; commit and the snapshots stay private. */
  private forBulk(): BulkStore {
    return {
      clock: this.clock,
      timeoutMs: this.timeoutMs,
      grantTtlMs: this.grantTtlMs,
      runGrants: this.runGrants,
      snapshots: this.snapshots,
      exclusive: (fn) => this.lock.run(fn),
      get: (id) => this.get(id),
      pendingInScope: (scope) => this.pendingInScope(scope),
      commit: (rec, o) => this.commit(rec, o),
      appendAudit: (input) => this.appendAudit(input),
      emit: (ev) => this.opts.bus.emit(ev),
    };
  }

  // ---- expiry, waiters, journal upkeep ----------------------------------------------------

  /** Expires due approvals and drops stale state; runs lazily on every access and on a timer. */
  expireDue(o: { quiet?: boolean } = {}): void {
    const now = this.clock.now();
    const expired: ApprovalRecord[] = [];
    for (const r of this.approvals.values()) {
      if (r.status !== 'pending' || this.committing.has(r.id) || now < r.expires_at) continue;
      expired.push(r);
    }
    if (expired.length) {
      try {
        // One write and one fsync for all of them (a restart may find hundreds due at once).
        this.journal.appendMany(expired.map((r) => ({ t: 'expire', id: r.id, at: r.expires_at })));
      } catch (err) {
        // Not fatal: their expires_at has passed, so a restart would not restore them as pending either.
        this.log(`approvals ${expired.map((r) => r.id).join(', ')}: expiry not journaled: ${(err as Error).message}`);
      }
    }
    for (const r of expired) Object.assign(r, { status: 'expired', resolved_by: 'timeout', resolved_at: r.expires_at });
    this.prune(now);
    if (!expired.length) return;
    for (const r of expired) {
      this.wake(r);
      if (!o.quiet && this.opts.audit) {
        this.opts.audit
          .append(expiryEvent(r))
          .catch((err) => this.log(`approval ${r.id}: expiry audit failed: ${err.message}`));
      }
    }
    if (!o.quiet) this.opts.bus.emit({ type: 'approvals' });
    this.maybeCompact();
  }

  /** Moves time-driven state forward now (tests with a ManualClock call this). */
  tick(): void {
    this.expireDue();
    this.armTimer();
  }

  private prune(now: number): void {
    let resolved = 0;
    for (const [id, r] of this.approvals) {
      if (r.status === 'pending') continue;
      if (now - (r.resolved_at ?? r.expires_at) > this.retentionMs) this.approvals.delete(id);
      else resolved++;
    }
    // Oldest first (insertion order) once the bound is exceeded.
    for (const [id, r] of this.approvals) {
      if (resolved <= MAX_RESOLVED_KEPT) break;
      if (r.status !== 'pending' && !this.isSnapshotMember(id)) {
        this.approvals.delete(id);
        resolved--;
      }
    }
    for (const [key, g] of this.grants) if (now >= g.expires_at) this.grants.delete(key);
    this.runGrants.prune();
  }

  private isSnapshotMember(id: string): boolean {
    for (const s of this.snapshots.values()) if (s.reviewed.has(id) || s.createdAfter.includes(id)) return true;
    return false;
  }

  private wake(rec: ApprovalRecord): void {
    const set = this.waiters.get(rec.id);
    if (!set) return;
    this.waiters.delete(rec.id);
    const v = viewOf(rec);
    for (const w of set) w(v);
  }

  private armTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed) return;
    let next = Infinity;
    for (const r of this.approvals.values()) if (r.status === 'pending' && r.expires_at < next) next = r.expires_at;
    if (next === Infinity) return;
    const delay = Math.min(Math.max(next - this.clock.now(), 0) + 1, MAX_TIMER_MS);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.expireDue();
      this.armTimer();
    }, delay);
    this.timer.unref();
  }

  private annotate(id: string, a: { audit_id?: string; persisted?: boolean }): void {
    try {
      this.journal.append({ t: 'annotate', id, ...a });
    } catch (err) {
      this.log(`approval ${id}: annotation not journaled: ${(err as Error).message}`);
    }
  }

  private maybeCompact(): void {
    // A commit in flight has a journal line its in-memory record does not show yet; rewriting
    // the journal now would lose it. The commit compacts when it is done.
    if (this.committing.size === 0 && this.journal.wantsCompaction()) this.compact();
  }

  private compact(): void {
    try {
      this.journal.compact({ approvals: this.approvals, grants: this.grants });
    } catch (err) {
      this.log(`approval journal compaction failed (appends continue): ${(err as Error).message}`);
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.journal.close();
  }
}

export { JournalError };
