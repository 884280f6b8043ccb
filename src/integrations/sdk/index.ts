// svc client SDK for TypeScript/JavaScript agents: `import { Client } from 'svc'`.
// Every method is one call of the HTTP API (docs/api.md). Tool decisions come back as values
// (a deny is an answer, not an exception); guard() turns them into "run it or throw".
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { DeniedError, errorFromReply, NetworkError, SvcError } from './client-errors.js';
import { parseSse } from './sse.js';
import type {
  Approval,
  ApprovalList,
  AuditPage,
  AuditQuery,
  AuditStats,
  AutoAllowedRule,
  BulkResolveRequest,
  BulkResolveResult,
  CreateApprovalRequest,
  CreateApprovalResult,
  Decision,
  Health,
  LearnResult,
  PolicySummary,
  PreflightResult,
  ReloadResult,
  ResolveResult,
  Status,
  StreamEvent,
  TestRequest,
  TestResult,
  ToolCallInput,
} from './types.js';

export * from './client-errors.js';
export type * from './types.js';

export const DEFAULT_URL = 'http://127.0.0.1:9090';
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Replies larger than this are refused (an audit export of a busy day fits well inside). */
export const MAX_REPLY_BYTES = 64 * 1024 * 1024;
const APPROVAL_POLL_MS = 500;

export interface ClientOptions {
  /** Server address; default $SERVICE_URL, else http://127.0.0.1:9090. */
  url?: string;
  /** Bearer token; default $SERVICE_TOKEN, else the data directory's token file (loopback/https only). */
  token?: string;
  /**
   * When the server cannot be reached, tool checks (evaluate, preflight, guard) allow the call
   * with a warning instead of throwing NetworkError. Off by default: an unreachable policy
   * server should not silently mean "anything goes".
   */
  failOpen?: boolean;
  /** Deadline for one request (default 10 s). */
  timeoutMs?: number;
  /** Agent and session sent when a call names none. */
  agent?: string;
  session?: string;
  /** Where fail-open warnings go (default: process.emitWarning). */
  onWarning?: (message: string) => void;
}

export interface GuardOptions extends Partial<Omit<ToolCallInput, 'params'>> {
  /** On ask, wait this long for an approval before giving up (default 0: throw at once). */
  approvalWaitMs?: number;
}

type Query = Record<string, string | number | undefined>;

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

export class Client {
  readonly url: string;
  readonly failOpen: boolean;
  readonly timeoutMs: number;
  readonly agent: string;
  readonly session: string;
  private tokenValue: string | undefined | null = null;
  private explicitToken: string | undefined;
  private warn: (message: string) => void;

  constructor(opts: ClientOptions = {}) {
    this.url = (opts.url ?? process.env.SERVICE_URL ?? DEFAULT_URL).replace(/\/+$/, '');
    const parsed = new URL(this.url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new TypeError(`svc Client: url must be http or https, got ${this.url}`);
    if (parsed.username || parsed.password) throw new TypeError('svc Client: put the token in `token`, not in the url');
    this.explicitToken = opts.token;
    this.failOpen = opts.failOpen ?? false;
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.agent = opts.agent ?? 'sdk';
    this.session = opts.session ?? process.env.SERVICE_SESSION ?? '';
    this.warn = opts.onWarning ?? ((m) => process.emitWarning(m, 'SvcFailOpen'));
  }

  /** The token, resolved once: explicit, SERVICE_TOKEN, else the token file. */
  private get token(): string | undefined {
    if (this.tokenValue !== null) return this.tokenValue;
    let t = this.explicitToken ?? process.env.SERVICE_TOKEN;
    if (!t && (isLoopback(this.url) || this.url.startsWith('https:'))) {
      try {
        t = readFileSync(join(process.env.SERVICE_HOME || join(homedir(), '.svc'), 'token'), 'utf8').trim();
      } catch {
        t = undefined;
      }
    }
    this.tokenValue = t || undefined;
    return this.tokenValue;
  }

  private headers(json: boolean): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json' };
    if (json) h['content-type'] = 'application/json';
    if (this.token) h.authorization = `Bearer ${this.token}`;
    return h;
  }

  private path(path: string, query?: Query): string {
    if (!query) return path;
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') qs.set(k, String(v));
    const s = qs.toString();
    return s ? `${path}?${s}` : path;
  }

  /** One request: returns status and parsed body for `ok` statuses, throws SvcError otherwise. */
  private async request(
    method: string,
    path: string,
    opts: { body?: unknown; ok?: number[]; text?: boolean; signal?: AbortSignal } = {},
  ): Promise<{ status: number; body: any }> {
    const signals = [AbortSignal.timeout(this.timeoutMs), ...(opts.signal ? [opts.signal] : [])];
    let res: Response;
    try {
      res = await fetch(this.url + path, {
        method,
        headers: this.headers(opts.body !== undefined),
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        redirect: 'manual',
        signal: AbortSignal.any(signals),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
      throw new NetworkError(
        `${method} ${path}: svc server unreachable at ${this.url} (${cause})`,
        0,
        'network',
        undefined,
        'network',
      );
    }
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > MAX_REPLY_BYTES) {
      await res.body?.cancel();
      throw new SvcError(
        `${method} ${path}: reply larger than ${MAX_REPLY_BYTES} bytes`,
        res.status,
        'invalid_response',
        undefined,
        'invalid_response',
      );
    }
    const text = await res.text();
    if (text.length > MAX_REPLY_BYTES)
      throw new SvcError(
        `${method} ${path}: reply larger than ${MAX_REPLY_BYTES} bytes`,
        res.status,
        'invalid_response',
        undefined,
        'invalid_response',
      );
    let body: unknown = text;
    if (!opts.text || !(opts.ok ?? [200]).includes(res.status)) {
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        if ((opts.ok ?? [200]).includes(res.status)) {
          throw new SvcError(
            `${method} ${path}: reply is not JSON`,
            res.status,
            'invalid_response',
            text,
            'invalid_response',
          );
        }
        body = { error: text.slice(0, 500) };
      }
    }
    if (!(opts.ok ?? [200]).includes(res.status)) throw errorFromReply(method, path, res.status, body);
    return { status: res.status, body };
  }

  private toolBody(call: ToolCallInput): Record<string, unknown> {
    const body: Record<string, unknown> = {
      agent: call.agent ?? this.agent,
      session: call.session ?? this.session,
      params: call.params,
    };
    if (call.runId) body.run_id = call.runId;
    if (call.toolCallId) body.tool_call_id = call.toolCallId;
    if (call.cwd) body.cwd = call.cwd;
    if (call.workdir) body.workdir = call.workdir;
    if (call.input) body.input = call.input;
    if (call.response !== undefined) body.response = call.response;
    if (call.agentDepth !== undefined) body.agent_depth = call.agentDepth;
    return body;
  }

  private failOpenDecision(err: NetworkError): Decision {
    this.warn(`svc: ${err.message}; allowing because failOpen is on`);
    return {
      allowed: true,
      decision: 'allow',
      message: `fail-open: ${err.message}`,
      eval_duration_us: 0,
      fail_open: true,
    };
  }

  /**
   * POST /v1/tool/{tool}: evaluate (and audit) one call. Resolves for allow/watch (200), a queued
   * ask (202, with approval_id) and a deny (403); throws for anything else.
   */
  async evaluate(tool: string, call: ToolCallInput): Promise<Decision> {
    try {
      const r = await this.request('POST', `/v1/tool/${encodeURIComponent(tool)}`, {
        body: this.toolBody(call),
        ok: [200, 202, 403],
      });
      if (r.status === 403 && (!r.body || typeof r.body.decision !== 'string'))
        throw errorFromReply('POST', `/v1/tool/${tool}`, 403, r.body);
      return r.body as Decision;
    } catch (err) {
      if (err instanceof NetworkError && this.failOpen) return this.failOpenDecision(err);
      throw err;
    }
  }

  /** POST /v1/preflight/{tool}: a preview, or with enforce the real execution boundary. */
  async preflight(
    tool: string,
    call: ToolCallInput & { enforce?: boolean; verification?: boolean },
  ): Promise<PreflightResult> {
    const body = this.toolBody(call);
    if (call.enforce !== undefined) body.enforce = call.enforce;
    if (call.verification !== undefined) body.verification = call.verification;
    try {
      return (await this.request('POST', `/v1/preflight/${encodeURIComponent(tool)}`, { body }))
        .body as PreflightResult;
    } catch (err) {
      if (err instanceof NetworkError && this.failOpen) {
        const d = this.failOpenDecision(err);
        return { ...d, matched_policies: [], enforced: false } as PreflightResult;
      }
      throw err;
    }
  }

  /**
   * Evaluates the call and runs `fn` only when it is allowed; otherwise throws DeniedError.
   * With approvalWaitMs an ask waits for a human first.
   */
  async guard<T>(
    tool: string,
    params: Record<string, unknown>,
    fn: () => T | Promise<T>,
    opts: GuardOptions = {},
  ): Promise<T> {
    const { approvalWaitMs = 0, ...rest } = opts;
    const call: ToolCallInput = { ...rest, params };
    let d = await this.evaluate(tool, call);
    if (d.decision === 'ask' && !d.allowed && d.approval_id && approvalWaitMs > 0) {
      const final = await this.approvals.wait(d.approval_id, { timeoutMs: approvalWaitMs });
      if (final.status !== 'approved') {
        throw new DeniedError(
          `${tool}: approval ${final.id} is ${final.status}`,
          tool,
          'ask',
          d.policy,
          d.approval_id,
          final,
        );
      }
      // With a run and call id the approval is a once-only grant: spend it so the audit shows the run.
      if (call.runId && call.toolCallId) d = await this.evaluate(tool, call);
      else d = { ...d, allowed: true, decision: 'allow', message: `approved by ${final.resolved_by ?? 'operator'}` };
    }
    if (!d.allowed) {
      const what = d.decision === 'ask' ? `approval required (approval ${d.approval_id ?? 'not queued'})` : 'denied';
      throw new DeniedError(`${tool}: ${what}: ${d.message}`, tool, d.decision, d.policy, d.approval_id, d);
    }
    return fn();
  }

  readonly approvals = {
    list: async (): Promise<ApprovalList> => (await this.request('GET', '/v1/approvals')).body,
    get: async (id: string): Promise<Approval> =>
      (await this.request('GET', `/v1/approvals/${encodeURIComponent(id)}`)).body,
    resolve: async (
      id: string,
      r: { approved: boolean; resolvedBy?: string; persist?: boolean },
    ): Promise<ResolveResult> => {
      const body: Record<string, unknown> = { approved: r.approved };
      if (r.resolvedBy !== undefined) body.resolved_by = r.resolvedBy;
      if (r.persist !== undefined) body.persist = r.persist;
      return (await this.request('POST', `/v1/approvals/${encodeURIComponent(id)}/resolve`, { body })).body;
    },
    bulkResolve: async (req: BulkResolveRequest): Promise<BulkResolveResult> =>
      (await this.request('POST', '/v1/approvals/bulk-resolve', { body: req })).body,
    /** POST /v1/approvals (versioned form, action_version 1). Status 200 means a run grant approved it. */
    create: async (req: CreateApprovalRequest): Promise<CreateApprovalResult> =>
      (await this.request('POST', '/v1/approvals', { body: { action_version: 1, ...req }, ok: [200, 201] })).body,
    /**
     * Polls one approval until it leaves pending or timeoutMs passes; returns what it last saw.
     * Transient network errors are retried within the deadline.
     */
    wait: async (
      id: string,
      o: { timeoutMs?: number; pollMs?: number; signal?: AbortSignal } = {},
    ): Promise<Approval> => {
      const deadline = Date.now() + (o.timeoutMs ?? 120_000);
      let last: Approval | undefined;
      for (;;) {
        try {
          last = await this.approvals.get(id);
          if (last.status !== 'pending') return last;
        } catch (err) {
          if (!(err instanceof NetworkError)) throw err;
        }
        const left = deadline - Date.now();
        if (left <= 0 || o.signal?.aborted) {
          if (last) return last;
          throw new NetworkError(
            `approval ${id}: server unreachable while waiting`,
            0,
            'network',
            undefined,
            'network',
          );
        }
        await new Promise((r) => setTimeout(r, Math.min(o.pollMs ?? APPROVAL_POLL_MS, left)));
      }
    },
  };

  readonly rules = {
    list: async (): Promise<AutoAllowedRule[]> => (await this.request('GET', '/v1/rules/auto-allowed')).body.rules,
    /** POST /v1/rules/learn; an existing rule (409) is returned, not thrown. */
    learn: async (r: { tool: string; args: string; decision?: 'allow'; source?: string }): Promise<LearnResult> =>
      (await this.request('POST', '/v1/rules/learn', { body: { decision: 'allow', ...r }, ok: [200, 201, 409] })).body,
    delete: async (name: string): Promise<unknown> =>
      (await this.request('DELETE', `/v1/rules/auto-allowed/${encodeURIComponent(name)}`)).body,
  };

  readonly audit = {
    events: async (q: AuditQuery = {}): Promise<AuditPage> =>
      (await this.request('GET', this.path('/v1/audit/events', q as Query))).body,
    dates: async (): Promise<{ dates: string[]; configured: boolean }> =>
      (await this.request('GET', '/v1/audit/dates')).body,
    /** One UTC day as raw JSONL text. */
    export: async (date: string): Promise<string> =>
      (await this.request('GET', this.path('/v1/audit/export', { date }), { text: true })).body,
    stats: async (q: { from?: string; to?: string } = {}): Promise<AuditStats> =>
      (await this.request('GET', this.path('/v1/audit/stats', q))).body,
  };

  async status(): Promise<Status> {
    return (await this.request('GET', '/v1/status')).body;
  }

  async health(): Promise<Health> {
    return (await this.request('GET', '/healthz')).body;
  }

  async policySummary(): Promise<PolicySummary> {
    return (await this.request('GET', '/v1/policy/summary')).body;
  }

  async reload(): Promise<ReloadResult> {
    return (await this.request('POST', '/v1/policy/reload')).body;
  }

  async test(req: TestRequest): Promise<TestResult> {
    return (await this.request('POST', '/v1/test', { body: req })).body;
  }

  /**
   * The live event stream (GET /v1/events/stream): `for await (const ev of client.events())`.
   * Breaking out of the loop, or aborting `signal`, closes the connection.
   */
  async *events(opts: { signal?: AbortSignal } = {}): AsyncGenerator<StreamEvent> {
    const ctl = new AbortController();
    const onAbort = () => ctl.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    const connectTimer = setTimeout(() => ctl.abort(), this.timeoutMs);
    let res: Response;
    try {
      res = await fetch(this.url + '/v1/events/stream', {
        headers: { ...this.headers(false), accept: 'text/event-stream' },
        redirect: 'manual',
        signal: ctl.signal,
      });
    } catch (err) {
      opts.signal?.removeEventListener('abort', onAbort);
      if (opts.signal?.aborted) return;
      throw new NetworkError(
        `GET /v1/events/stream: svc server unreachable at ${this.url} (${(err as Error).message})`,
        0,
        'network',
        undefined,
        'network',
      );
    } finally {
      clearTimeout(connectTimer);
    }
    try {
      if (res.status !== 200 || !res.body) {
        const text = await res.text();
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          body = { error: text };
        }
        throw errorFromReply('GET', '/v1/events/stream', res.status, body);
      }
      for await (const ev of parseSse(res.body)) yield ev as StreamEvent;
    } catch (err) {
      if (ctl.signal.aborted && !(err instanceof SvcError)) return;
      throw err;
    } finally {
      opts.signal?.removeEventListener('abort', onAbort);
      ctl.abort();
    }
  }
}
