// The one decision core. Every integration (HTTP /v1/tool and /v1/preflight, the preload socket,
// hooks, MCP) comes here: evaluate, ask the webhook, apply once-only and run grants, record the
// decision durably before anyone hears of it, queue an ask, and in blocking mode wait for it.
// The modes differ only in what they may change (see GateRequest), never in how they decide.
import type { Decision, ToolCall } from '../policy/types.js';
import type { AuditInput, AuditEvent } from '../audit/types.js';
import { decisionEvent, responseEvent } from '../audit/audit-event-builders.js';
import type { BusEvent } from '../audit/bus.js';
import { QueueFullError, type ApprovalView } from '../approvals/types.js';
import { outcomeMessage } from '../approvals/messages.js';
import type { Caller, GateDeps, GateRequest, GateResult, GrantEffect, ResponseOutcome } from './types.js';
import { AuditUnavailableError } from '../audit/types.js';
import { UnavailableError } from '../util/errors.js';
import { briefOf, shadowDifference, type DecisionBrief } from '../policy/shadow.js';
import { sessionRecordFields } from './session-record.js';
import type { SessionLookup } from '../policy/session-types.js';
import { withScripts } from '../policy/script-files.js';

export type * from './types.js';

export const isAllowed = (a: string) => a === 'allow' || a === 'watch';

export class Gate {
  constructor(private deps: GateDeps) {}

  get mode() {
    return this.deps.mode;
  }

  async decide(req: GateRequest): Promise<GateResult> {
    const { identity } = req;
    // The scripts the command runs from disk are read now, onto the call: decided and recorded
    // with the text they have at this moment (src/policy/script-files.ts).
    const call = withScripts(req.call);
    const engine = this.deps.policies.current;
    const preview = req.mode === 'preview';
    const enforced = !preview && this.deps.mode === 'enforce';
    const source = preview ? 'preflight' : req.source;
    const extraRequest = req.mode === 'blocking' ? (req.extraRequest ?? {}) : {};
    const records: AuditEvent[] = [];
    const events: BusEvent[] = [];

    const sessions = this.deps.sessions;
    // A project's own layer read afresh after an edit (on a worker) before the call is decided.
    const project = engine.prepareProject?.(call.workdir);
    if (project) await project;
    const lookup = sessions?.lookup(call, identity.credentialOwner);
    /** The evaluation read a live taint: its answer may change when the taint expires. */
    let readLiveTaint = false;
    let decision = engine.evaluate(call, {
      dryRun: preview,
      session: lookup && {
        ...lookup,
        tainted: (label) => {
          const m = lookup.tainted(label);
          if (m) readLiveTaint = true;
          return m;
        },
      },
    });
    /** The decision is the deterministic engine's own (no webhook, grant or approval changed it)
     * and holds as long as the policy set and the session's taints stay as they are. A project
     * layer can change with any edit in the repository, a script with any write to it: their
     * answers are not reused. */
    let engineAnswer =
      engine.deterministic === true && !decision.project && !readLiveTaint && call.scripts === undefined;
    if (!preview) this.deps.callCounts.record(call.tool);
    // The shadow set sees the call as the live set did, before any webhook or grant; it only
    // adds a record field and a live-view event, never changes what happens next.
    const shadow = preview ? null : this.shadowOf(call, decision, lookup);
    const shadowLive = shadow ? briefOf(decision) : null;
    const shadowFields = shadow ? { shadow_decision: shadow } : {};
    // The webhook is a side effect: asked only when the answer is applied.
    if (decision.action === 'webhook' && enforced) decision = await this.resolveWebhook(call, decision);
    const observed = decision;
    const emitDecision = () => {
      const ev: BusEvent = {
        type: 'decision',
        tool: call.tool,
        action: observed.action,
        policy: observed.policy ?? observed.matchedPolicies[0] ?? 'none',
        evalDurationUs: observed.evalDurationUs,
      };
      events.push(ev);
      this.deps.bus.emit(ev);
      if (shadow && shadowLive) this.deps.bus.emit({ type: 'shadow_diff', call, live: shadowLive, shadow });
    };

    let grant: GrantEffect | undefined;
    /** A once grant was consumed for this call (to be put back if the call cannot go ahead). */
    let usedOnce = false;
    if (this.deps.mode === 'enforce' && decision.action === 'ask') {
      engineAnswer = false;
      const once = preview ? null : this.consumeOnce(call, identity);
      if (once) {
        usedOnce = true;
        // The ask is recorded first, so approval_policy_audit_id points at this request's ask event.
        const askEvent = await this.appendOrFail(
          decisionEvent(call, decision, {
            extra: { source, ...extraRequest, ...shadowFields, ...sessionRecordFields([], call.params) },
          }),
        ).catch((err) => {
          this.returnOnce(call, identity);
          throw err;
        });
        if (askEvent) records.push(askEvent);
        grant = { scope: 'once', approval: once, askAuditId: askEvent?.id ?? '' };
        decision = { ...decision, action: 'allow', message: 'approved once via svc approval' };
      } else if (this.runGrantCovers(call, identity)) {
        // Reading a live run grant changes nothing, so a preview reports it too.
        grant = { scope: 'run' };
        decision = { ...decision, action: 'allow', message: 'auto-approved by bulk-resolve run grant' };
      }
    }
    if (preview) return { decision, enforced, grant, records, events, cacheable: false };
    // Only a call that is really made joins its session's history (a preview changes nothing).
    const marks = sessions?.record(call, identity.credentialOwner, decision) ?? [];

    const extra = {
      source,
      ...extraRequest,
      ...grantRecordFields(grant),
      ...shadowFields,
      ...sessionRecordFields(marks, call.params),
    };
    // The preload reply cache is decided here. The preload listener keeps the reply text of a
    // `cacheable` answer and gives it again, at once, to an identical request (same command,
    // argv, path, cwd, agent, session, run id) from any process; such a request is still
    // recorded afterwards (through `repeat`, or decided again without one), and the cache is
    // emptied on every policy reload and whenever a re-decision disagrees
    // (server/preload-socket.ts). So only an answer that
    // cannot change while the policy set stays the same may be cached: an allow straight from a
    // deterministic set (no counters, expiries, once-rules or webhooks), answered before its
    // fsync, that no grant or approval produced (grants expire) and no live taint decided (taints
    // expire). Such a result carries `repeat`, which records an identical request answered from
    // the cache without evaluating it again (not with a shadow set, whose answer is recorded too).
    if (req.mode === 'blocking' && req.durableAllows === false && isAllowed(decision.action)) {
      // An allow that need not wait for its fsync is answered first and recorded right after,
      // in the check phase of this loop turn: building and hashing the event would otherwise sit
      // between an exec and its answer. Still appended, in order, to the same chain.
      const answered = decision;
      setImmediate(() => {
        emitDecision();
        this.append(decisionEvent(call, answered, { extra }), { lazy: true }).catch((err) =>
          this.deps.log?.(`audit append failed for an acknowledged allow: ${(err as Error).message}`),
        );
      });
      const result: GateResult = { decision, enforced, grant, records, events, cacheable: engineAnswer };
      if (engineAnswer && !this.deps.shadow) result.repeat = this.repeatOf(call, answered, extra, identity);
      return result;
    }
    emitDecision();
    let event: AuditEvent | undefined;
    try {
      event = await this.append(decisionEvent(call, decision, { extra }));
      if (event) records.push(event);
    } catch (err) {
      if (enforced) {
        // 503: the call does not run, so its once grant must still be there for the next try.
        if (usedOnce) this.returnOnce(call, identity);
        throw auditUnavailable('refusing tool call', err);
      }
    }

    let approval: ApprovalView | undefined;
    const queue = (req.mode === 'enforce' && req.source !== 'preflight') || (req.mode === 'blocking' && req.wait);
    if (enforced && decision.action === 'ask' && queue) {
      approval = await this.enqueue(
        call,
        decision,
        identity,
        source as 'tool' | 'socket' | 'hook' | 'mcp',
        event?.id ?? '',
      );
      // A live run grant may have approved it at once (race-covered call).
      if (approval.status === 'approved') {
        grant = { scope: 'run', approvalId: approval.id };
        decision = {
          ...decision,
          action: 'allow',
          message: approval.message || 'auto-approved by bulk-resolve run grant',
        };
        approval = undefined;
      }
    }
    const result: GateResult = {
      decision,
      enforced,
      grant,
      approval,
      auditId: event?.id,
      records,
      events,
      cacheable: false,
    };

    if (req.mode === 'blocking' && approval) {
      const final = await this.deps.approvals.waitForResolution(approval.id, req.signal);
      result.approval = final;
      result.decision =
        final.status === 'approved'
          ? {
              ...decision,
              action: 'allow',
              message: outcomeMessage(approval.id, { kind: 'approved', by: final.resolved_by }),
            }
          : {
              ...decision,
              action: 'deny',
              message: outcomeMessage(
                approval.id,
                final.status === 'expired' ? { kind: 'expired' } : { kind: 'denied', by: final.resolved_by },
                {
                  reason: decision.message,
                },
              ),
            };
    }
    if (req.mode === 'response' && !(enforced && decision.action === 'deny')) {
      result.response = await this.judgeResponse(call, req.response, event?.id, records);
    }
    return result;
  }

  /**
   * Records repeats of a cacheable allow: each is the same call with the same decision (the set
   * is deterministic, and the caller's cache is emptied on every reload and every new taint),
   * so it is counted, joins its session's history and is audited like the first, with its own
   * request fields (`over`: pid, ppid), `cache: "hit"` and an evaluation time of 0, without
   * evaluating it again.
   */
  private repeatOf(
    call: ToolCall,
    decision: Decision,
    extra: Record<string, unknown>,
    identity: Caller,
  ): (over: Record<string, unknown>) => void {
    const policy = decision.policy ?? decision.matchedPolicies[0] ?? 'none';
    let base: AuditInput | undefined;
    return (over) => {
      this.deps.callCounts.record(call.tool);
      const marks = this.deps.sessions?.record(call, identity.credentialOwner, decision) ?? [];
      this.deps.bus.emit({
        type: 'decision',
        tool: call.tool,
        action: decision.action,
        policy,
        evalDurationUs: 0,
        cached: true,
      });
      if (!this.deps.audit) return;
      // the first repeat's record, shared (never mutated) by the ones after it
      base ??= decisionEvent(call, { ...decision, evalDurationUs: 0 }, { extra: { ...extra, cache: 'hit' } });
      const request = { ...base.request, ...over };
      if (marks.length) Object.assign(request, sessionRecordFields(marks, call.params));
      this.append({ ...base, request }, { lazy: true }).catch((err) =>
        this.deps.log?.(`audit append failed for an acknowledged allow: ${(err as Error).message}`),
      );
    };
  }

  /** The output of a call that already ran, against the response rules; recorded on its own. */
  private async judgeResponse(
    call: ToolCall,
    response: string,
    requestAuditId: string | undefined,
    records: AuditEvent[],
  ): Promise<ResponseOutcome> {
    const rd = this.deps.policies.current.evaluateResponse(call, response);
    const input = responseEvent(call, rd, { requestAuditId: requestAuditId ?? '', response });
    const enforced = this.deps.mode === 'enforce';
    try {
      const ev = await this.append(input);
      if (ev) records.push(ev);
    } catch (err) {
      // Output the record of which is missing is withheld while enforcing; monitor mode only observes.
      if (enforced) throw auditUnavailable('refusing tool response', err);
    }
    return { decision: rd, withheld: enforced && rd.action === 'deny' };
  }

  /** The shadow set's answer where it differs from the live one; a failing shadow is only logged. */
  private shadowOf(call: ToolCall, live: Decision, session: SessionLookup | undefined): DecisionBrief | null {
    const s = this.deps.shadow;
    if (!s) return null;
    try {
      // The same session history as the live set saw: session-aware candidate rules see it too.
      const d = s.decide(call, session);
      return d ? shadowDifference(live, d) : null;
    } catch (err) {
      this.deps.log?.(`shadow evaluation failed: ${(err as Error).message}`);
      return null;
    }
  }

  private async enqueue(
    call: ToolCall,
    decision: Decision,
    identity: Caller,
    source: 'tool' | 'socket' | 'hook' | 'mcp',
    auditId: string,
  ) {
    try {
      return await this.deps.approvals.enqueue({
        call,
        decision,
        credentialOwner: identity.credentialOwner,
        auditId,
        source,
      });
    } catch (err) {
      if (err instanceof QueueFullError) throw err;
      throw new UnavailableError(
        'approval_state_unavailable',
        `approval state could not be committed: ${(err as Error).message}`,
        { cause: err },
      );
    }
  }

  private runGrantCovers(call: ToolCall, identity: Caller): boolean {
    return (
      !!call.runId &&
      this.deps.approvals.runGrantCovers({
        agent: call.agent,
        session: call.session,
        runId: call.runId,
        credentialOwner: identity.credentialOwner,
      })
    );
  }

  private returnOnce(call: ToolCall, identity: Caller): void {
    try {
      this.deps.approvals.returnOnceGrant?.(call, identity.credentialOwner);
    } catch (err) {
      // the journal refused it too: the grant stays used up and the caller asks again
      this.deps.log?.(`a once grant could not be put back: ${(err as Error).message}`);
    }
  }

  /** A grant whose consumption cannot be made durable is not used: 503, never a second use. */
  private consumeOnce(call: ToolCall, identity: Caller): ApprovalView | null {
    try {
      return this.deps.approvals.consumeOnceGrant(call, identity.credentialOwner);
    } catch (err) {
      throw new UnavailableError(
        'approval_state_unavailable',
        `approval state is unavailable; refusing tool call: ${(err as Error).message}`,
        {
          cause: err,
        },
      );
    }
  }

  private async resolveWebhook(call: ToolCall, decision: Decision): Promise<Decision> {
    const cfg = decision.webhook;
    if (!cfg) return { ...decision, action: 'deny', message: 'webhook action misconfigured; denying for safety' };
    const r = await this.deps.callWebhook(cfg, {
      tool: call.tool,
      params: call.params,
      agent: call.agent,
      session: call.session,
      run_id: call.runId ?? '',
      policy: decision.policy ?? decision.matchedPolicies[0] ?? 'unknown',
      timestamp: new Date(this.deps.clock.now()).toISOString(),
    });
    return { ...decision, action: r.action, message: r.message, webhook: undefined };
  }

  private async append(input: AuditInput, opts?: { lazy?: boolean }): Promise<AuditEvent | undefined> {
    if (!this.deps.audit) return undefined;
    return this.deps.audit.append(input, opts);
  }

  private async appendOrFail(input: AuditInput): Promise<AuditEvent | undefined> {
    try {
      return await this.append(input);
    } catch (err) {
      throw auditUnavailable('refusing tool call', err);
    }
  }
}

function auditUnavailable(what: string, cause: unknown): AuditUnavailableError {
  return new AuditUnavailableError(`audit storage is unavailable; ${what}`, { cause });
}

/**
 * What the decision's audit record says about the grant that allowed it; the HTTP reply carries
 * the same fields (server/gate-reply.ts), so the two can never disagree.
 */
export function grantRecordFields(g: GrantEffect | undefined): Record<string, unknown> {
  if (!g) return {};
  if (g.scope === 'run') {
    return g.approvalId
      ? { approval_id: g.approvalId, approval_status: 'approved', approval_scope: 'run' }
      : { approval_scope: 'run', approval_status: 'approved' };
  }
  return {
    approval_id: g.approval.id,
    approval_status: 'approved',
    approval_scope: 'once',
    approval_resolved_by: g.approval.resolved_by ?? '',
    approval_policy_audit_id: g.askAuditId,
  };
}
