// The Gate applies a policy decision: webhook resolution, once-only and run grants, approvals,
// monitor mode, and the durable audit record that must exist before any reply is sent.
// Every integration (HTTP /v1/tool and /v1/preflight, the preload socket, hooks, MCP) comes here.
import { outcomeMessage } from './messages.js';
import type { Decision, ToolCall, WebhookConfig } from '../policy/types.js';
import type { AuditWriter, AuditInput, AuditEvent } from '../audit/types.js';
import { decisionEvent, responseEvent } from '../audit/events.js';
import type { Identity } from '../auth/tokens.js';
import type { Clock } from '../util/clock.js';
import type { Bus } from '../util/bus.js';
import type { WindowCounter } from '../util/window-counter.js';
import { QueueFullError, type ApprovalsForGate, type ApprovalView } from './types.js';

/** Replaces tool output that a response rule denied (SPEC 4, /v1/tool behaviour 4). */
export const RESPONSE_REDACTION_MARKER = '[REDACTED: sensitive content removed by svc]';

export type WebhookCaller = (
  cfg: WebhookConfig,
  payload: Record<string, unknown>,
) => Promise<{ action: 'allow' | 'deny'; message: string }>;

export interface GateDeps {
  policies: { readonly current: import('../policy/types.js').PolicyEngine };
  audit: AuditWriter | null;
  approvals: ApprovalsForGate;
  clock: Clock;
  mode: 'enforce' | 'monitor';
  bus: Bus;
  callCounts: WindowCounter;
  callWebhook: WebhookCaller;
  log?: (msg: string) => void;
}

export type Source = 'tool' | 'preflight' | 'socket' | 'hook' | 'mcp';

export interface Outcome {
  status: number;
  body: Record<string, unknown>;
}

/** Thrown when the record a reply depends on could not be made durable. */
export class GateUnavailableError extends Error {
  constructor(message: string, readonly code: string) {
    super(message);
  }
}

const isAllowed = (a: string) => a === 'allow' || a === 'watch';

export class Gate {
  constructor(private deps: GateDeps) {}

  get mode() {
    return this.deps.mode;
  }

  /** POST /v1/tool: evaluate, apply grants and approvals, audit, and shape the reply. */
  async tool(call: ToolCall, identity: Identity, response?: string): Promise<Outcome> {
    // A call that reports its output (post-tool) already ran: never queue a second approval for it.
    const reportsOutput = response !== undefined && response !== '';
    const { decision, auditId, approval, grantBody } = await this.decide(call, identity, 'tool', !reportsOutput);
    const body: Record<string, unknown> = baseBody(decision);
    if (auditId) body.audit_id = auditId;
    Object.assign(body, grantBody);

    if (this.deps.mode === 'monitor') {
      const observed = decision.action;
      body.enforced = false;
      body.policy_decision = observed;
      body.policy_message = decision.message;
      if (!isAllowed(observed)) {
        body.decision = 'allow';
        body.message = `monitor mode observed ${observed}; action allowed${decision.message ? `: ${decision.message}` : ''}`;
      }
      body.allowed = true;
    }

    let status = 200;
    if (this.deps.mode === 'enforce') {
      if (decision.action === 'deny') status = 403;
      else if (decision.action === 'ask' && approval) {
        status = 202;
        body.approval_id = approval.id;
        body.approval_status = approval.status;
        body.expires_at = approval.expires_at;
        body.action = approval.action;
      }
    }
    if (status === 200 && response !== undefined && response !== '') {
      await this.responsePhase(call, response, auditId, body);
    }
    return { status, body };
  }

  /** POST /v1/preflight: a preview, or with enforce the real boundary (counts, once-grants, audit). */
  async preflight(call: ToolCall, identity: Identity, enforce: boolean): Promise<Outcome> {
    const engine = this.deps.policies.current;
    const enforced = enforce && this.deps.mode === 'enforce';
    let decision = engine.evaluate(call, { dryRun: !enforce });
    if (decision.action === 'webhook') decision = await this.resolveWebhook(call, decision);
    let extra: Record<string, unknown> = {};
    if (decision.action === 'ask' && this.deps.mode === 'enforce') {
      const grant = enforce ? this.consumeOnce(call, identity) : null;
      if (grant) {
        extra = onceGrantFields(grant);
        decision = { ...decision, action: 'allow', message: 'approved once via svc approval' };
      } else if (this.runGrantCovers(call, identity)) {
        // Reading a live run grant changes nothing, so a preview reports it too.
        extra = { approval_scope: 'run', approval_status: 'approved' };
        decision = { ...decision, action: 'allow', message: 'auto-approved by bulk-resolve run grant' };
      }
    }
    if (enforce) {
      this.deps.callCounts.record(call.tool);
      try {
        await this.append(decisionEvent(call, decision, { extra: { source: 'preflight', ...extra } }));
      } catch (err) {
        if (enforced) throw err;
      }
    }
    const body: Record<string, unknown> = {
      allowed: isAllowed(decision.action),
      decision: decision.action,
      message: decision.message,
      matched_policies: decision.matchedPolicies,
      eval_duration_us: decision.evalDurationUs,
      enforced,
      enforcement_requested: enforce,
      ...extra,
    };
    if (decision.suggestions?.length) body.suggestions = decision.suggestions;
    if (this.deps.mode === 'monitor') {
      body.policy_decision = decision.action;
      body.policy_message = decision.message;
      if (!isAllowed(decision.action)) {
        body.decision = 'allow';
        body.allowed = true;
        body.message = `monitor mode observed ${decision.action}; action allowed${decision.message ? `: ${decision.message}` : ''}`;
      }
    }
    return { status: 200, body };
  }

  /**
   * The preload socket and blocking integrations: like /v1/tool, but an ask waits for the human
   * (unless the caller cannot wait) and the reply is the final word.
   */
  async decideBlocking(
    call: ToolCall,
    identity: Identity,
    source: Source,
    opts: {
      wait: boolean;
      signal?: AbortSignal;
      extraRequest?: Record<string, unknown>;
      /**
       * false: an allow is answered at once and its event appended right after, in the same
       * loop turn (written with the next ones within LAZY_FLUSH_MS). The preload socket uses
       * this so an exec costs microseconds, not an fsync; denies, asks and everything on HTTP
       * still wait for durability.
       */
      durableAllows?: boolean;
    },
  ): Promise<{ decision: 'allow' | 'deny' | 'ask' | 'watch'; allowed: boolean; message: string; cacheable?: boolean }> {
    const durableAllows = opts.durableAllows ?? true;
    const { decision, approval, engineAnswer } = await this.decide(call, identity, source, opts.wait, opts.extraRequest, durableAllows);
    // An allow straight from a deterministic policy set, answered without waiting for the fsync:
    // the same request would get the same answer, so the caller may give it again at once.
    const cacheable = !durableAllows && engineAnswer && isAllowed(decision.action);
    if (this.deps.mode === 'monitor') return { decision: 'allow', allowed: true, message: decision.message, cacheable };
    if (decision.action !== 'ask') {
      const action = decision.action as 'allow' | 'deny' | 'watch';
      return { decision: action, allowed: isAllowed(action), message: decision.message, cacheable };
    }
    if (!approval) return { decision: 'ask', allowed: false, message: decision.message };
    const final = await this.deps.approvals.waitForResolution(approval.id, opts.signal);
    if (final.status === 'approved') {
      return { decision: 'allow', allowed: true, message: outcomeMessage(approval.id, { kind: 'approved', by: final.resolved_by }) };
    }
    return {
      decision: 'deny',
      allowed: false,
      message: outcomeMessage(approval.id, final.status === 'expired' ? { kind: 'expired' } : { kind: 'denied', by: final.resolved_by }, { reason: decision.message }),
    };
  }

  /** Shared core: engine, webhook, grants, audit, and (in enforce mode) queueing an ask. */
  private async decide(
    call: ToolCall,
    identity: Identity,
    source: Source,
    queue = true,
    extraRequest: Record<string, unknown> = {},
    durableAllows = true,
  ): Promise<{ decision: Decision; auditId?: string; approval?: ApprovalView; grantBody: Record<string, unknown>; engineAnswer: boolean }> {
    const engine = this.deps.policies.current;
    let decision = engine.evaluate(call, { dryRun: false });
    /** The decision is the deterministic engine's own (no webhook, grant or approval changed it). */
    let engineAnswer = engine.deterministic === true;
    this.deps.callCounts.record(call.tool);
    const enforce = this.deps.mode === 'enforce';
    if (decision.action === 'webhook') {
      decision = enforce ? await this.resolveWebhook(call, decision) : decision;
    }
    const seen = decision;
    const emitDecision = () =>
      this.deps.bus.emit({
        type: 'decision',
        tool: call.tool,
        action: seen.action,
        policy: seen.policy ?? seen.matchedPolicies[0] ?? 'none',
        evalDurationUs: seen.evalDurationUs,
      });

    let grantBody: Record<string, unknown> = {};
    /** A once grant was consumed for this call (to be put back if the call cannot go ahead). */
    let usedOnce = false;
    if (enforce && decision.action === 'ask') {
      engineAnswer = false;
      const once = this.consumeOnce(call, identity);
      if (once) {
        usedOnce = true;
        // The ask is recorded first, so approval_policy_audit_id points at this request's ask event.
        const askEvent = await this.appendOrFail(decisionEvent(call, decision, { extra: { source, ...extraRequest } })).catch((err) => {
          this.returnOnce(call, identity);
          throw err;
        });
        grantBody = { ...onceGrantFields(once), approval_policy_audit_id: askEvent.id };
        decision = { ...decision, action: 'allow', message: 'approved once via svc approval' };
      } else if (this.runGrantCovers(call, identity)) {
        grantBody = { approval_scope: 'run', approval_status: 'approved' };
        decision = { ...decision, action: 'allow', message: 'auto-approved by bulk-resolve run grant' };
      }
    }

    let event: AuditEvent | undefined;
    if (!durableAllows && isAllowed(decision.action)) {
      // An allow that need not wait for its fsync is answered first and recorded right after,
      // in the check phase of this loop turn: building and hashing the event would otherwise sit
      // between an exec and its answer. Still appended, in order, to the same chain.
      const answered = decision;
      setImmediate(() => {
        emitDecision();
        this.append(decisionEvent(call, answered, { extra: { source, ...extraRequest, ...grantBody } }), { lazy: true }).catch((err) =>
          this.deps.log?.(`audit append failed for an acknowledged allow: ${(err as Error).message}`),
        );
      });
      return { decision, grantBody, engineAnswer };
    }
    emitDecision();
    const record = this.append(decisionEvent(call, decision, { extra: { source, ...extraRequest, ...grantBody } }));
    try {
      event = await record;
    } catch (err) {
      if (enforce) {
        // 503: the call does not run, so its once grant must still be there for the next try.
        if (usedOnce) this.returnOnce(call, identity);
        throw err;
      }
    }

    let approval: ApprovalView | undefined;
    if (enforce && decision.action === 'ask' && queue) {
      try {
        approval = await this.deps.approvals.enqueue({
          call,
          decision,
          credentialOwner: identity.credentialOwner,
          auditId: event?.id ?? '',
          source: source === 'preflight' ? 'tool' : source,
        });
      } catch (err) {
        if (err instanceof QueueFullError) throw new GateUnavailableError(err.message, 'approval_queue_full');
        throw new GateUnavailableError(`approval state could not be committed: ${(err as Error).message}`, 'approval_state_unavailable');
      }
      // A live run grant may have approved it at once (race-covered call).
      if (approval.status === 'approved') {
        grantBody = { approval_id: approval.id, approval_status: 'approved', approval_scope: 'run' };
        decision = { ...decision, action: 'allow', message: approval.message || 'auto-approved by bulk-resolve run grant' };
        approval = undefined;
      }
    }
    return { decision, auditId: event?.id, approval, grantBody, engineAnswer };
  }

  private async responsePhase(call: ToolCall, response: string, requestAuditId: string | undefined, body: Record<string, unknown>) {
    const engine = this.deps.policies.current;
    const rd = engine.evaluateResponse(call, response);
    const input = responseEvent(call, rd, { requestAuditId: requestAuditId ?? '', response });
    if (this.deps.mode === 'enforce') {
      try {
        await this.append(input);
      } catch {
        throw new GateUnavailableError('audit storage is unavailable; refusing tool response', 'audit_unavailable');
      }
    } else {
      await this.append(input).catch(() => undefined);
    }
    body.response_policy_decision = rd.action;
    body.response_policy_message = rd.message;
    if (rd.action === 'deny' && this.deps.mode === 'enforce') {
      body.allowed = false;
      body.decision = 'deny';
      body.message = rd.message || 'tool output withheld by response policy';
      body.response = RESPONSE_REDACTION_MARKER;
    } else {
      body.response = response;
    }
  }

  private runGrantCovers(call: ToolCall, identity: Identity): boolean {
    return (
      !!call.runId &&
      this.deps.approvals.runGrantCovers({ agent: call.agent, session: call.session, runId: call.runId, credentialOwner: identity.credentialOwner })
    );
  }

  private returnOnce(call: ToolCall, identity: Identity): void {
    try {
      this.deps.approvals.returnOnceGrant?.(call, identity.credentialOwner);
    } catch (err) {
      // the journal refused it too: the grant stays used up and the caller asks again
      this.deps.log?.(`a once grant could not be put back: ${(err as Error).message}`);
    }
  }

  /** A grant whose consumption cannot be made durable is not used: 503, never a second use. */
  private consumeOnce(call: ToolCall, identity: Identity): ApprovalView | null {
    try {
      return this.deps.approvals.consumeOnceGrant(call, identity.credentialOwner);
    } catch (err) {
      throw new GateUnavailableError(
        `approval state is unavailable; refusing tool call: ${(err as Error).message}`,
        'approval_state_unavailable',
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

  private async appendOrFail(input: AuditInput): Promise<AuditEvent> {
    try {
      const ev = await this.append(input);
      return ev ?? ({ id: '' } as AuditEvent);
    } catch {
      throw new GateUnavailableError('audit storage is unavailable; refusing tool call', 'audit_unavailable');
    }
  }
}

function baseBody(d: Decision): Record<string, unknown> {
  const body: Record<string, unknown> = {
    allowed: isAllowed(d.action),
    decision: d.action,
    message: d.message,
    eval_duration_us: d.evalDurationUs,
    suggestions: d.suggestions ?? [],
  };
  if (d.policy) body.policy = d.policy;
  return body;
}

function onceGrantFields(a: ApprovalView): Record<string, unknown> {
  return {
    approval_id: a.id,
    approval_status: 'approved',
    approval_scope: 'once',
    approval_resolved_by: a.resolved_by ?? '',
    approval_policy_audit_id: a.resolution_audit_id ?? '',
  };
}
