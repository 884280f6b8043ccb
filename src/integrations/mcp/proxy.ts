// The MCP stdio proxy's message logic, independent of processes and pipes: every `tools/call`
// from the client is evaluated by the server before the MCP server sees it, its result goes
// through the response rules on the way back, and `tools/list` can hide tools the policy
// always denies. Everything else passes through untouched, in order.
import { waitingMessage } from '../../approvals/messages.js';
import {
  evaluateResponse,
  evaluateTool,
  waitForApproval,
  type ServerTarget,
  type ToolRequestBody,
} from '../ask-server.js';
import { callJson } from '../http.js';
import { mcpClass, type McpToolAnnotations } from '../mcp-class.js';
import { responseText } from '../hooks/payload.js';
import { redactValue } from '../../redact/index.js';
import { caseShadowedKey, errorReply, ERR, idKey, isMessage, isResponse, type Json, type Message } from './jsonrpc.js';

/** Calls under evaluation plus calls awaiting the server's reply. */
export const MAX_PENDING = 1000;
/** Tool annotations remembered from tools/list replies. */
const MAX_KNOWN_TOOLS = 10_000;
/** Concurrent preflight checks while filtering a tools/list reply. */
const FILTER_CONCURRENCY = 8;
/** Tool output larger than this cannot be sent for scanning (the API takes 1 MiB bodies). */
export const MAX_RESPONSE_TEXT_BYTES = 900 * 1024;
const FALLBACK_MARKER = '[REDACTED: sensitive content removed by svc]';

export interface ProxyOptions {
  target: ServerTarget;
  agent: string;
  session: string;
  filterTools: boolean;
  failOpen: boolean;
  /** Longest wait for a human on an ask (the approval's own expiry usually ends it first). */
  approvalWaitMs: number;
  /** Run ID when the call carries none (SERVICE_RUN). */
  defaultRunId?: string;
  /**
   * Replace recognisable secrets (keys, tokens, passwords in connection strings, private key
   * blocks) in tool results that the policy let through. On by default: an MCP server that reads
   * files or queries a database hands the model whatever it finds, and the model may repeat it.
   */
  redactSecrets?: boolean;
  warn(line: string): void;
}

export interface ProxyIo {
  toClient(line: string): void;
  toChild(line: string): void;
}

interface ForwardedCall {
  tool: string;
  body: ToolRequestBody;
}

interface Evaluation {
  forward?: Message;
  reply?: Message;
}

export class McpProxy {
  readonly stats = { evaluated: 0, denied: 0, redacted: 0, hidden: 0 };
  private inEval = new Map<string, AbortController>();
  private calls = new Map<string, ForwardedCall>();
  private lists = new Set<string>();
  private annotations = new Map<string, McpToolAnnotations>();
  private batches: Array<{ ids: Set<string>; errors: Message[] }> = [];
  private clientChain: Promise<void> = Promise.resolve();
  private inflight = new Set<Promise<unknown>>();

  constructor(
    private opts: ProxyOptions,
    private io: ProxyIo,
  ) {}

  /** The client is gone: calls still waiting for a human will never be read; stop waiting. */
  abandonPending(): void {
    for (const ctl of this.inEval.values()) ctl.abort();
  }

  /** Waits for every evaluation and every reply already on its way to the client. */
  async drain(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
    await this.clientChain;
  }

  private track<T>(p: Promise<T>): void {
    const wrapped = p
      .catch((err) => this.opts.warn(`svc mcp: ${(err as Error).message}`))
      .finally(() => this.inflight.delete(wrapped));
    this.inflight.add(wrapped);
  }

  private send(msg: unknown): void {
    this.io.toClient(JSON.stringify(msg));
  }

  // ---- client -> server ----

  onClientLine(text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.send(errorReply(null, ERR.parse, 'Parse error: the proxy forwards only valid JSON-RPC messages'));
      return;
    }
    if (Array.isArray(msg)) return this.clientBatch(msg, text);
    if (!isMessage(msg)) {
      this.send(errorReply(null, ERR.invalidRequest, 'Invalid Request: a message must be a JSON object or a batch'));
      return;
    }
    if (msg.method === 'tools/call') {
      this.track(
        this.evaluateCall(msg).then((out) => {
          if (out.forward) this.io.toChild(JSON.stringify(out.forward));
          if (out.reply) this.send(out.reply);
        }),
      );
      return;
    }
    this.observeClient(msg);
    this.io.toChild(text);
  }

  /** Notes the requests whose replies the proxy must look at, and cancellations of held calls. */
  private observeClient(msg: Message): void {
    const key = idKey(msg.id);
    if (msg.method === 'tools/list' && key) this.lists.add(key);
    if (msg.method === 'notifications/cancelled' && isMessage(msg.params)) {
      const target = idKey(msg.params.requestId);
      if (target) this.inEval.get(target)?.abort();
    }
  }

  private clientBatch(items: unknown[], text: string): void {
    if (items.length === 0) {
      this.send(errorReply(null, ERR.invalidRequest, 'Invalid Request: empty batch'));
      return;
    }
    const isCall = (m: unknown) => isMessage(m) && m.method === 'tools/call';
    if (!items.some(isCall)) {
      for (const m of items) if (isMessage(m)) this.observeClient(m);
      this.io.toChild(text);
      return;
    }
    // The batch stays one unit: it goes on once every call in it has been decided.
    this.track(
      Promise.all(
        items.map((m) =>
          isCall(m) ? this.evaluateCall(m as Message) : Promise.resolve<Evaluation>({ forward: m as Message }),
        ),
      ).then((results) => {
        const forward = results.flatMap((r) => (r.forward ? [r.forward] : []));
        const errors = results.flatMap((r) => (r.reply ? [r.reply] : []));
        for (const m of forward) if (isMessage(m) && m.method !== 'tools/call') this.observeClient(m);
        const ids = new Set(
          forward.flatMap((m) => {
            const key = isMessage(m) && typeof m.method === 'string' ? idKey(m.id) : undefined;
            return key ? [key] : [];
          }),
        );
        if (forward.length) this.io.toChild(JSON.stringify(forward));
        if (errors.length && ids.size) this.batches.push({ ids, errors });
        else if (errors.length) this.send(errors);
      }),
    );
  }

  private runId(params: Message): string | undefined {
    const meta = isMessage(params._meta) ? params._meta : {};
    for (const v of [meta.run_id, meta['svc/run_id'], params.run_id]) if (typeof v === 'string' && v) return v;
    return this.opts.defaultRunId || undefined;
  }

  /** Decides one tools/call: forward it (as evaluated), or answer it with an error. */
  private async evaluateCall(msg: Message): Promise<Evaluation> {
    const id = msg.id;
    // A call without an id expects no answer, so it cannot be refused visibly: it is dropped.
    if (id === undefined || id === null) {
      this.opts.warn('svc mcp: dropped a tools/call without an id');
      return {};
    }
    const key = idKey(id);
    if (!key)
      return { reply: errorReply(null, ERR.invalidRequest, 'Invalid Request: id must be a string or a number') };
    if (msg.jsonrpc !== '2.0')
      return { reply: errorReply(id, ERR.invalidRequest, 'Invalid Request: jsonrpc must be "2.0"') };
    const shadow = caseShadowedKey(msg);
    if (shadow)
      return {
        reply: errorReply(
          id,
          ERR.invalidRequest,
          `Invalid Request: key "${shadow}" differs from another key only by case`,
        ),
      };
    const params = msg.params;
    if (!isMessage(params) || typeof params.name !== 'string' || params.name === '') {
      return { reply: errorReply(id, ERR.invalidParams, 'Invalid params: tools/call needs params.name') };
    }
    if (params.arguments !== undefined && !isMessage(params.arguments)) {
      return { reply: errorReply(id, ERR.invalidParams, 'Invalid params: arguments must be an object') };
    }
    if (this.inEval.has(key) || this.calls.has(key)) {
      return { reply: errorReply(id, ERR.invalidRequest, 'Invalid Request: a call with this id is still pending') };
    }
    if (this.inEval.size + this.calls.size >= MAX_PENDING) {
      return { reply: errorReply(id, ERR.busy, `svc: more than ${MAX_PENDING} calls pending; retry later`) };
    }

    const name = params.name;
    const args = (params.arguments ?? {}) as Message;
    const tool = mcpClass(name, this.annotations.get(name));
    const body: ToolRequestBody = {
      agent: this.opts.agent,
      session: this.opts.session,
      params: { ...args, tool_name: name },
      input: args,
    };
    const runId = this.runId(params);
    if (runId) {
      body.run_id = runId;
      body.tool_call_id = String(id);
    }
    const abort = new AbortController();
    this.inEval.set(key, abort);
    this.stats.evaluated++;
    try {
      const refusal = await this.decide(tool, body, abort.signal);
      if (abort.signal.aborted) return {};
      if (refusal) {
        this.stats.denied++;
        return { reply: errorReply(id, ERR.denied, `svc: ${refusal.message}`, refusal.data) };
      }
      this.calls.set(key, { tool, body });
      return { forward: msg };
    } finally {
      this.inEval.delete(key);
    }
  }

  /** undefined = allowed; otherwise why not. */
  private async decide(
    tool: string,
    body: ToolRequestBody,
    signal: AbortSignal,
  ): Promise<{ message: string; data: Json } | undefined> {
    const v = await evaluateTool(this.opts.target, tool, body);
    switch (v.kind) {
      case 'allow':
        return undefined;
      case 'deny':
      case 'error':
        return { message: v.message, data: { decision: 'deny', tool } };
      case 'unreachable':
        if (this.opts.failOpen) {
          this.opts.warn(`svc mcp: server unreachable (${v.message}); allowing because fail-open is on`);
          return undefined;
        }
        return { message: `server unreachable (${v.message}) and fail-open is off`, data: { decision: 'deny', tool } };
      case 'ask': {
        const expires = v.expiresAt ? Date.parse(v.expiresAt) : NaN;
        let deadline = Date.now() + this.opts.approvalWaitMs;
        if (Number.isFinite(expires)) deadline = Math.min(deadline, expires + 1_000);
        // The client shows the server's stderr: say who must do what while the call is held.
        this.opts.warn(
          `svc mcp: ${waitingMessage({ id: v.approvalId, reason: v.message, serverUrl: this.opts.target.url, waitMs: (Number.isFinite(expires) ? Math.min(deadline, expires) : deadline) - Date.now() })}`,
        );
        const r = await waitForApproval(this.opts.target, v.approvalId, deadline, signal, v.message);
        if (r.kind === 'approved') return undefined;
        return { message: r.message, data: { decision: 'ask', approval_id: v.approvalId, tool } };
      }
    }
  }

  // ---- server -> client ----

  onChildLine(text: string): void {
    // Replies keep their order even when one of them is being checked.
    this.clientChain = this.clientChain
      .then(() => this.childMessage(text))
      .catch((err) => this.opts.warn(`svc mcp: ${(err as Error).message}`));
  }

  private async childMessage(text: string): Promise<void> {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.io.toClient(text);
      return;
    }
    if (Array.isArray(msg)) {
      const out: unknown[] = [];
      for (const m of msg) out.push(await this.fromChild(m));
      const ids = new Set(
        msg.flatMap((m) => {
          const key = isMessage(m) && isResponse(m) ? idKey(m.id) : undefined;
          return key ? [key] : [];
        }),
      );
      out.push(...this.takeBatchErrors(ids));
      this.io.toClient(out.every((m, i) => m === msg[i]) && out.length === msg.length ? text : JSON.stringify(out));
      return;
    }
    const out = await this.fromChild(msg);
    this.io.toClient(out === msg ? text : JSON.stringify(out));
    if (isMessage(msg) && isResponse(msg)) {
      const errors = this.takeBatchErrors(new Set([idKey(msg.id) ?? '']));
      if (errors.length) this.send(errors);
    }
  }

  private takeBatchErrors(ids: Set<string>): Message[] {
    const out: Message[] = [];
    this.batches = this.batches.filter((b) => {
      if (![...b.ids].some((id) => ids.has(id))) return true;
      out.push(...b.errors);
      return false;
    });
    return out;
  }

  private async fromChild(m: unknown): Promise<unknown> {
    if (!isMessage(m) || !isResponse(m)) return m;
    const key = idKey(m.id);
    if (!key) return m;
    const call = this.calls.get(key);
    if (call) {
      this.calls.delete(key);
      return this.checkResult(m, call);
    }
    if (this.lists.delete(key)) return this.checkList(m);
    return m;
  }

  /** The call's output through the response rules; a deny replaces it with the marker. */
  private async checkResult(m: Message, call: ForwardedCall): Promise<Message> {
    if (!isMessage(m.result)) return m;
    const text = resultText(m.result);
    if (text === '') return m;
    if (Buffer.byteLength(text) > MAX_RESPONSE_TEXT_BYTES)
      return this.redact(m, FALLBACK_MARKER, 'output too large to check');
    const v = await evaluateResponse(this.opts.target, call.tool, { ...call.body, response: text });
    if (v.blocked) return this.redact(m, v.replacement ?? FALLBACK_MARKER, v.message);
    if (v.unchecked === 'unreachable' && !this.opts.failOpen)
      return this.redact(m, FALLBACK_MARKER, `output not checked: ${v.message}`);
    if (v.unchecked === 'unreachable')
      this.opts.warn(`svc mcp: output not checked (${v.message}); passing it because fail-open is on`);
    return this.redactSecrets(m);
  }

  /** Secrets inside an allowed result are replaced in place; the rest stays readable. */
  private redactSecrets(m: Message): Message {
    if (this.opts.redactSecrets === false || !isMessage(m.result)) return m;
    const { value, redacted } = redactValue({
      content: m.result.content,
      structuredContent: m.result.structuredContent,
    });
    if (!redacted) return m;
    this.stats.redacted++;
    this.opts.warn('svc mcp: secrets in a tool result were replaced by [REDACTED]');
    const result: Message = { ...m.result, content: value.content ?? null };
    if (m.result.structuredContent !== undefined) result.structuredContent = value.structuredContent ?? null;
    return { ...m, result };
  }

  private redact(m: Message, marker: string, why: string): Message {
    this.stats.redacted++;
    this.opts.warn(`svc mcp: tool output withheld: ${why}`);
    return { ...m, result: { content: [{ type: 'text', text: marker }], isError: true } };
  }

  /** Remembers tool annotations; with --filter-tools drops tools the policy always denies. */
  private async checkList(m: Message): Promise<Message> {
    const result = m.result;
    if (!isMessage(result) || !Array.isArray(result.tools)) return m;
    const tools = result.tools;
    for (const t of tools) {
      if (isMessage(t) && typeof t.name === 'string' && this.annotations.size < MAX_KNOWN_TOOLS) {
        this.annotations.set(t.name, isMessage(t.annotations) ? (t.annotations as McpToolAnnotations) : {});
      }
    }
    if (!this.opts.filterTools) return m;
    const keep: boolean[] = new Array(tools.length).fill(true);
    let next = 0;
    const worker = async () => {
      while (next < tools.length) {
        const i = next++;
        const t = tools[i];
        if (isMessage(t) && typeof t.name === 'string') keep[i] = !(await this.alwaysDenied(t.name));
      }
    };
    await Promise.all(Array.from({ length: Math.min(FILTER_CONCURRENCY, tools.length) }, worker));
    if (keep.every(Boolean)) return m;
    this.stats.hidden += keep.filter((k) => !k).length;
    return { ...m, result: { ...result, tools: tools.filter((_, i) => keep[i]) } };
  }

  /** A preview with no arguments that comes back deny: the tool could never be used. */
  private async alwaysDenied(name: string): Promise<boolean> {
    const tool = mcpClass(name, this.annotations.get(name));
    try {
      const reply = await callJson(
        this.opts.target.url,
        'POST',
        `/v1/preflight/${encodeURIComponent(tool)}`,
        { agent: this.opts.agent, session: this.opts.session, params: { tool_name: name }, input: {} },
        this.opts.target,
      );
      return reply.status === 200 && reply.body?.decision === 'deny';
    } catch {
      // Hiding is a convenience; calls are still checked one by one.
      return false;
    }
  }
}

/** What the model would read from a tools/call result: text content and structured content. */
export function resultText(result: Message): string {
  const parts: string[] = [];
  if (Array.isArray(result.content)) {
    for (const c of result.content) {
      if (!isMessage(c)) continue;
      if (typeof c.text === 'string') parts.push(c.text);
      if (isMessage(c.resource) && typeof c.resource.text === 'string') parts.push(c.resource.text);
    }
  }
  if (result.structuredContent !== undefined) {
    const s = responseText(result.structuredContent);
    if (s) parts.push(s);
  }
  return parts.join('\n');
}
