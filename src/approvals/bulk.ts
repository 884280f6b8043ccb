// POST /v1/approvals/bulk-resolve (docs/api.md). Every check runs against one validation
// snapshot before anything is resolved. Scope `run` then commits the reviewed approvals, covers
// the calls of the same scope that arrived meanwhile ("race-covered"), writes the
// run_approval_publication_authorized audit event and only then publishes the run grant. Any
// denial, expiry, loss or outside approval of a covered call aborts with 503 and no grant.
import type { RunScope } from './types.js';
import type { AuditEvent, AuditInput } from '../audit/types.js';
import type { BusEvent } from '../audit/bus.js';
import type { Clock } from '../util/clock.js';
import { iso, scopeKey, type ApprovalRecord } from './record.js';
import { conflictError, invalidError, unavailableError } from './approval-errors.js';
import { UnavailableError } from '../util/errors.js';
import { publicationEvent, type BulkAuditInfo } from './audit-events.js';
import { QUEUE_CAPACITY_BOUND } from './limits.js';

export interface BulkRequest {
  agent?: unknown;
  session?: unknown;
  run_id?: unknown;
  action?: unknown;
  scope?: unknown;
  ids?: unknown;
  resolved_by?: unknown;
}

export interface BulkResult {
  resolved: number;
  ids: string[];
  reviewed_ids: string[];
  race_covered_ids: string[];
  scope: 'pending' | 'run';
  future_calls_authorized: boolean;
  grant_ttl_ms?: number;
  grant_expires_at?: string;
}

/** A run-scope request in flight: the window starts at validation and is never extended. */
export interface RunSnapshot {
  key: string;
  scope: RunScope;
  startedAt: number;
  deadline: number;
  reviewed: Set<string>;
  committed: Set<string>;
  /** Approvals created in the scope after the snapshot, in arrival order. */
  createdAfter: string[];
}

/** One resolution committed on behalf of a bulk request. */
export interface BulkCommitOptions {
  approved: boolean;
  by: string;
  bulk?: BulkAuditInfo;
  /** Run-scope commits: once-only grants never outlive the snapshot's window. */
  grantCap?: number;
  snapshot?: RunSnapshot;
}

/**
 * What bulk resolution works through: the store hands it this narrow surface, so the store's
 * commit, lock and snapshot map stay private to it.
 */
export interface BulkStore {
  readonly clock: Clock;
  readonly timeoutMs: number;
  readonly grantTtlMs: number;
  readonly runGrants: { publish(scope: RunScope, expiresAt: number): unknown };
  /** Active run-scope snapshots, one per scope key. */
  readonly snapshots: Map<string, RunSnapshot>;
  /** Runs `fn` under the store lock. */
  exclusive<T>(fn: () => Promise<T> | T): Promise<T>;
  get(id: string): ApprovalRecord | undefined;
  pendingInScope(scope: RunScope): ApprovalRecord[];
  /** Journal, audit, publish one resolution (under the lock); throws leaving state unchanged. */
  commit(rec: ApprovalRecord, o: BulkCommitOptions): Promise<void>;
  appendAudit(input: AuditInput): Promise<AuditEvent | undefined>;
  emit(ev: BusEvent): void;
}

interface Normalized {
  agent: string;
  session: string;
  runId: string;
  approve: boolean;
  scope: 'pending' | 'run';
  ids: string[];
  by: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function validateBulk(raw: BulkRequest): Normalized {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalidError('request body must be a JSON object');
  const agent = str(raw.agent);
  const session = str(raw.session);
  const runId = str(raw.run_id);
  if (!agent || !session || !runId) {
    throw invalidError('agent, session and run_id are required; refusing an incomplete bulk-approval scope');
  }
  const action = str(raw.action).toLowerCase();
  if (action !== 'approve' && action !== 'deny') throw invalidError('action must be "approve" or "deny"');
  const scope = str(raw.scope).toLowerCase();
  if (!scope) throw invalidError('scope is required and must be "pending" or "run"');
  if (scope !== 'pending' && scope !== 'run')
    throw invalidError(`scope must be "pending" or "run", not "${raw.scope}"`);
  if (scope === 'run' && action === 'deny')
    throw invalidError('scope "run" is only valid with action "approve"; deny affects pending calls only');
  if (!Array.isArray(raw.ids) || raw.ids.length === 0) {
    throw invalidError('ids is required: list at least one reviewed pending approval id');
  }
  if (raw.ids.length > QUEUE_CAPACITY_BOUND)
    throw invalidError(`ids lists more than ${QUEUE_CAPACITY_BOUND} approvals`);
  const ids: string[] = [];
  const seen = new Set<string>();
  for (const v of raw.ids) {
    const id = str(v);
    if (!id) throw invalidError('every id must be a non-empty string');
    if (seen.has(id)) throw invalidError(`approval id "${id}" is listed twice`);
    seen.add(id);
    ids.push(id);
  }
  if (raw.resolved_by !== undefined && typeof raw.resolved_by !== 'string')
    throw invalidError('resolved_by must be a string');
  const by = str(raw.resolved_by) || 'api';
  return { agent, session, runId, approve: action === 'approve', scope, ids, by };
}

export async function bulkResolve(store: BulkStore, raw: BulkRequest): Promise<BulkResult> {
  const req = validateBulk(raw);
  const result: BulkResult = {
    resolved: 0,
    ids: [],
    reviewed_ids: req.ids,
    race_covered_ids: [],
    scope: req.scope,
    future_calls_authorized: false,
  };
  let snapshot: RunSnapshot | undefined;
  const records = await store.exclusive(() => {
    const recs = snapshotRecords(store, req);
    if (req.scope === 'run') snapshot = beginSnapshot(store, req, recs);
    return recs;
  });

  const ttl = store.grantTtlMs;
  const bulk = { scope: req.scope, ...(req.scope === 'run' ? { grantTtlMs: ttl } : {}) };
  try {
    for (const rec of records) {
      await store.exclusive(async () => {
        if (snapshot) assertWindow(store, snapshot);
        await store.commit(rec, { approved: req.approve, by: req.by, bulk, grantCap: snapshot?.deadline, snapshot });
      });
      result.resolved++;
      result.ids.push(rec.id);
    }
    if (snapshot) {
      const snap = snapshot;
      await store.exclusive(() => publish(store, snap, req, result, bulk, ttl));
    }
    return result;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const committed = new Set(result.ids);
    throw new UnavailableError(
      'bulk_incomplete',
      `bulk resolution stopped before every requested transition and grant could be published; refresh before retrying: ${reason}`,
      {
        cause: err,
        extra: {
          resolved: result.resolved,
          ids: result.ids,
          reviewed_ids: result.reviewed_ids,
          unresolved_reviewed_ids: req.ids.filter((id) => !committed.has(id)),
          race_covered_ids: result.race_covered_ids,
          scope: result.scope,
          future_calls_authorized: false,
          refresh_required: true,
        },
      },
    );
  } finally {
    if (snapshot && store.snapshots.get(snapshot.key) === snapshot) store.snapshots.delete(snapshot.key);
    if (result.resolved > 0) {
      store.emit({ type: 'approvals' });
      store.emit({ type: 'audit_batch', run_id: req.runId });
    }
  }
}

/** Every listed id must be pending and in the named run; nothing is resolved otherwise. */
function snapshotRecords(store: BulkStore, req: Normalized): ApprovalRecord[] {
  const recs: ApprovalRecord[] = [];
  for (const id of req.ids) {
    const rec = store.get(id);
    if (!rec || rec.status !== 'pending') {
      throw conflictError(`approval "${id}" is no longer pending; refresh and retry`);
    }
    if (rec.agent.trim() !== req.agent || rec.session.trim() !== req.session || rec.run_id.trim() !== req.runId) {
      throw invalidError(
        `approval "${id}" does not belong to agent "${req.agent}", session "${req.session}", run "${req.runId}"`,
      );
    }
    recs.push(rec);
  }
  return recs;
}

function beginSnapshot(store: BulkStore, req: Normalized, recs: ApprovalRecord[]): RunSnapshot {
  const owners = new Set(recs.map((r) => r.credential_owner));
  if (owners.size > 1) throw invalidError('scope "run" requires all approval ids to share one credential owner');
  const [first] = recs;
  if (!first) throw invalidError('scope "run" needs at least one approval id');
  const scope: RunScope = {
    agent: first.agent,
    session: first.session,
    runId: first.run_id,
    credentialOwner: first.credential_owner,
  };
  const listed = new Set(req.ids);
  const [omitted] = store.pendingInScope(scope).filter((r) => !listed.has(r.id));
  if (omitted) {
    throw conflictError(
      `scope "run" omitted pending approval "${omitted.id}" of the same run and credential owner; refresh and review again`,
    );
  }
  const key = scopeKey(scope);
  if (store.snapshots.has(key))
    throw conflictError('another run-scope approval of this run is in progress; refresh and retry');
  const now = store.clock.now();
  const snap: RunSnapshot = {
    key,
    scope,
    startedAt: now,
    deadline: now + store.timeoutMs,
    reviewed: listed,
    committed: new Set(),
    createdAfter: [],
  };
  store.snapshots.set(key, snap);
  return snap;
}

function assertWindow(store: BulkStore, snap: RunSnapshot): void {
  if (store.clock.now() >= snap.deadline) {
    throw unavailableError('the run approval window (approval timeout from validation) expired first');
  }
}

/** Covers post-snapshot calls, then writes the authorization event and publishes the grant. */
async function publish(
  store: BulkStore,
  snap: RunSnapshot,
  req: Normalized,
  result: BulkResult,
  bulk: { scope: 'pending' | 'run'; grantTtlMs?: number },
  ttl: number,
): Promise<void> {
  for (const id of snap.createdAfter.slice()) {
    const rec = store.get(id);
    if (!rec) throw unavailableError(`approval "${id}" of this run was deleted after the snapshot`);
    if (rec.status === 'pending') {
      assertWindow(store, snap);
      await store.commit(rec, {
        approved: true,
        by: req.by,
        bulk: { ...bulk, raceCovered: true },
        grantCap: snap.deadline,
        snapshot: snap,
      });
      result.resolved++;
      result.ids.push(id);
      result.race_covered_ids.push(id);
      continue;
    }
    if (snap.committed.has(id)) continue;
    const what = rec.status === 'approved' ? 'approved by another resolver' : rec.status;
    throw unavailableError(`approval "${id}" of this run was ${what} after the snapshot`);
  }
  for (const id of snap.reviewed) {
    if (!snap.committed.has(id)) throw unavailableError(`reviewed approval "${id}" was not committed`);
  }
  if (store.pendingInScope(snap.scope).length) throw unavailableError('the run changed during publication');
  assertWindow(store, snap);
  const expiresAt = snap.deadline;
  await store.appendAudit(
    publicationEvent({
      agent: snap.scope.agent,
      session: snap.scope.session,
      runId: snap.scope.runId,
      credentialOwner: snap.scope.credentialOwner,
      approvalIds: result.ids,
      reviewedIds: result.reviewed_ids,
      raceCoveredIds: result.race_covered_ids,
      grantTtlMs: ttl,
      grantExpiresAt: iso(expiresAt),
      by: req.by,
    }),
  );
  assertWindow(store, snap);
  store.runGrants.publish(snap.scope, expiresAt);
  result.future_calls_authorized = true;
  result.grant_ttl_ms = ttl;
  result.grant_expires_at = iso(expiresAt);
}
