// The sidecar's own small HTTP app (node:http; four routes do not need a framework).
// POST /verify classifies one webhook call; GET /health, /metrics and / describe the service.
// It has no authentication, so it binds loopback unless told otherwise, refuses requests whose
// Host header is not a loopback name (DNS rebinding) and requires a JSON content type (a web page
// cannot send one cross-origin without a preflight this server never grants).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../util/clock.js';
import { VERSION } from '../util/version.js';
import { isLoopbackHost, type SidecarConfig } from './sidecar-config.js';
import { createProvider, describeFetchError, modelListed, type FetchLike } from './providers.js';
import { classify } from './classify.js';
import { TokenBucket } from './ratelimit.js';
import { DecisionLog } from './decisionlog.js';
import type { VerifyRequest } from './prompt.js';
import { redact } from '../redact/index.js';
import { at } from '../util/invariant.js';
import { SvcError } from '../util/errors.js';

/** Largest POST /verify body (the webhook payload is a command and a few names). */
export const MAX_BODY_BYTES = 64 * 1024;
/** A body larger than this is not even drained before the connection is closed. */
const MAX_DRAIN_BYTES = 8 * 1024 * 1024;
/** Whole-request deadline for slow clients. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Length limits on the identifying strings of a call. */
const MAX_NAME = 1024;

export interface SidecarDeps {
  clock?: Clock;
  fetch?: FetchLike;
  /** Receives one line per event worth telling the operator (stderr by default). */
  log?: (line: string) => void;
}

export interface RunningSidecar {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface Sidecar {
  listen(port?: number, host?: string): Promise<RunningSidecar>;
}

/** A request the sidecar refuses: `status` and `replyCode` are what the caller is answered. */
class RequestError extends SvcError {
  override name = 'RequestError';
  constructor(
    readonly status: number,
    readonly replyCode: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super('sidecar_request_refused', message);
  }
}

interface Metrics {
  requests_total: number;
  verify_requests_total: number;
  allow_total: number;
  deny_total: number;
  errors_total: number;
  fail_open_total: number;
  fail_closed_total: number;
  rate_limited_total: number;
  invalid_requests_total: number;
  latency_ms_sum: number;
  classifications_total: number;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/**
 * Reads at most MAX_BODY_BYTES. A larger body is drained up to MAX_DRAIN_BYTES so the client can
 * read the 413; past that the answer goes out at once and the connection is closed.
 */
function readBody(req: IncomingMessage): Promise<Buffer> {
  const tooLarge = (close: boolean) =>
    new RequestError(
      413,
      'payload_too_large',
      `request body larger than ${MAX_BODY_BYTES} bytes`,
      close ? { connection: 'close' } : {},
    );
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_DRAIN_BYTES) {
      reject(tooLarge(true));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) {
        req.off('data', onData);
        reject(tooLarge(true));
      }
    };
    req.on('data', onData);
    req.on('end', () => (size > MAX_BODY_BYTES ? reject(tooLarge(false)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
    req.on('close', () => reject(new RequestError(400, 'incomplete_body', 'the request body ended early')));
  });
}

function optionalString(body: Record<string, unknown>, key: string): string {
  const v = body[key];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') throw new RequestError(400, 'invalid_request', `field "${key}" must be a string`);
  if (v.length > MAX_NAME)
    throw new RequestError(400, 'invalid_request', `field "${key}" is longer than ${MAX_NAME} characters`);
  return v;
}

/** Validates the webhook payload {"tool","params","agent","session","run_id","policy","timestamp"}. */
export function parseVerifyRequest(raw: Buffer): VerifyRequest {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw new RequestError(400, 'invalid_json', `request body is not valid JSON: ${(err as Error).message}`);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new RequestError(400, 'invalid_request', 'request body must be a JSON object');
  const b = body as Record<string, unknown>;
  const tool = optionalString(b, 'tool');
  if (!tool) throw new RequestError(400, 'invalid_request', 'field "tool" is required');
  const params = b.params ?? {};
  if (typeof params !== 'object' || params === null || Array.isArray(params))
    throw new RequestError(400, 'invalid_request', 'field "params" must be an object');
  return {
    tool,
    params: params as Record<string, unknown>,
    agent: optionalString(b, 'agent'),
    session: optionalString(b, 'session'),
    run_id: optionalString(b, 'run_id'),
    policy: optionalString(b, 'policy'),
    timestamp: optionalString(b, 'timestamp'),
  };
}

function hostAllowed(req: IncomingMessage, config: SidecarConfig): boolean {
  if (config.allowRemote) return true;
  const host = req.headers.host;
  if (!host) return true; // HTTP/1.0 clients; the bind address already limits who can connect
  const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:[0-9]+$/, '');
  return isLoopbackHost(name);
}

function isJson(req: IncomingMessage): boolean {
  const type = at((req.headers['content-type'] ?? '').split(';'), 0)
    .trim()
    .toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]*\+json$/.test(type);
}

export function createSidecar(config: SidecarConfig, deps: SidecarDeps = {}): Sidecar {
  const clock = deps.clock ?? systemClock;
  const log = deps.log ?? ((line: string) => process.stderr.write(`svc sidecar: ${line}\n`));
  const provider = createProvider(config, deps.fetch ?? globalThis.fetch);
  const bucket = new TokenBucket(config.rateLimitPerMinute, clock);
  const decisions = new DecisionLog(config.logDir);
  const started = clock.now();
  const m: Metrics = {
    requests_total: 0,
    verify_requests_total: 0,
    allow_total: 0,
    deny_total: 0,
    errors_total: 0,
    fail_open_total: 0,
    fail_closed_total: 0,
    rate_limited_total: 0,
    invalid_requests_total: 0,
    latency_ms_sum: 0,
    classifications_total: 0,
  };

  async function verify(req: IncomingMessage, res: ServerResponse): Promise<void> {
    m.verify_requests_total++;
    if (!isJson(req))
      throw new RequestError(415, 'unsupported_media_type', 'POST /verify takes Content-Type: application/json');
    const call = parseVerifyRequest(await readBody(req));
    if (!bucket.take()) {
      m.rate_limited_total++;
      const retry = Math.max(1, Math.ceil(bucket.retryAfterMs() / 1000));
      throw new RequestError(
        429,
        'rate_limited',
        `rate limit exceeded: at most ${config.rateLimitPerMinute} verifications per minute`,
        { 'retry-after': String(retry) },
      );
    }
    const c = await classify(call, config, provider);
    m.classifications_total++;
    m.latency_ms_sum += c.latencyMs;
    if (c.decision === 'allow') m.allow_total++;
    else m.deny_total++;
    if (c.error) {
      m.errors_total++;
      if (config.failOpen) m.fail_open_total++;
      else m.fail_closed_total++;
      log(`model unavailable (${c.error}); ${c.decision} by fail-${config.failOpen ? 'open' : 'closed'}`);
    }
    const record = {
      time: new Date(clock.now()).toISOString(),
      // Caller-controlled names go through redaction too: nothing in this file is a secret.
      tool: redact(call.tool).text,
      agent: redact(call.agent ?? '').text,
      session: redact(call.session ?? '').text,
      run_id: redact(call.run_id ?? '').text,
      policy: redact(call.policy ?? '').text,
      command: c.command,
      decision: c.decision,
      reason: c.reason,
      provider: config.provider,
      model: config.model,
      latency_ms: c.latencyMs,
      ...(c.error ? { error: c.error } : {}),
    };
    try {
      await decisions.append(record);
    } catch (err) {
      m.errors_total++;
      log(`cannot append to ${decisions.path}: ${(err as Error).message}`);
    }
    send(res, 200, { decision: c.decision, reason: c.reason });
  }

  async function health(res: ServerResponse): Promise<void> {
    const t0 = performance.now();
    const base = { provider: config.provider, model: config.model };
    try {
      const models = await provider.ping(AbortSignal.timeout(config.timeoutMs));
      const latency_ms = Math.round(performance.now() - t0);
      send(res, 200, {
        status: 'ok',
        ...base,
        latency_ms,
        model_available: models ? modelListed(models, config.model) : null,
      });
    } catch (err) {
      const latency_ms = Math.round(performance.now() - t0);
      send(res, 503, {
        status: 'unavailable',
        ...base,
        latency_ms,
        error: describeFetchError(err, config.timeoutMs),
        fail_open: config.failOpen,
      });
    }
  }

  function metrics(res: ServerResponse): void {
    const { latency_ms_sum, classifications_total, ...counts } = m;
    send(res, 200, {
      ...counts,
      classifications_total,
      average_latency_ms: classifications_total ? Math.round((latency_ms_sum / classifications_total) * 10) / 10 : 0,
      uptime_seconds: Math.max(0, Math.floor((clock.now() - started) / 1000)),
      provider: config.provider,
      model: config.model,
    });
  }

  function info(res: ServerResponse): void {
    send(res, 200, {
      service: 'svc verification sidecar',
      version: VERSION,
      provider: config.provider,
      requested_provider: config.requestedProvider,
      fallback: config.fallback,
      model: config.model,
      model_source: config.modelSource,
      endpoint: config.baseUrl,
      api_key_set: config.apiKey !== null,
      timeout_ms: config.timeoutMs,
      fail_open: config.failOpen,
      rate_limit_per_minute: config.rateLimitPerMinute,
      system_prompt: config.customSystemPrompt ? 'custom (VERIFY_SYSTEM_PROMPT)' : 'built-in',
      extra_rules: config.extraRules !== null,
      decisions_log: decisions.path,
      endpoints: {
        'POST /verify': 'classify one call sent by a webhook rule',
        'GET /health': 'ping the model provider',
        'GET /metrics': 'request counts, allow/deny totals, latency, uptime',
        'GET /': 'this description',
      },
    });
  }

  const ROUTES: Record<string, Record<string, (req: IncomingMessage, res: ServerResponse) => Promise<void> | void>> = {
    '/verify': { POST: verify },
    '/health': { GET: (_q, s) => health(s) },
    '/metrics': { GET: (_q, s) => metrics(s) },
    '/': { GET: (_q, s) => info(s) },
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    m.requests_total++;
    try {
      if (!hostAllowed(req, config))
        throw new RequestError(403, 'forbidden_host', 'the sidecar only answers requests addressed to a loopback host');
      const path = at((req.url ?? '/').split('?'), 0);
      const route = ROUTES[path];
      if (!route) throw new RequestError(404, 'not_found', `no route ${req.method} ${path}`);
      const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
      const handler = route[method];
      if (!handler)
        throw new RequestError(405, 'method_not_allowed', `${path} accepts ${Object.keys(route).join(', ')}`, {
          allow: Object.keys(route).join(', '),
        });
      await handler(req, res);
    } catch (err) {
      if (err instanceof RequestError) {
        if (err.status === 400 || err.status === 413 || err.status === 415) m.invalid_requests_total++;
        if (!res.headersSent) send(res, err.status, { error: err.message, code: err.replyCode }, err.headers);
      } else {
        m.errors_total++;
        log(`internal error: ${(err as Error).stack ?? err}`);
        if (!res.headersSent) send(res, 500, { error: 'internal error', code: 'internal_error' });
      }
    }
  }

  return {
    async listen(port = config.port, host = config.host): Promise<RunningSidecar> {
      if (!config.allowRemote && !isLoopbackHost(host)) {
        throw new Error(
          `refusing to bind ${host}: the sidecar has no authentication; set VERIFY_ALLOW_REMOTE=1 to override`,
        );
      }
      await decisions.open();
      const server = createServer((req, res) => void handle(req, res));
      server.requestTimeout = REQUEST_TIMEOUT_MS;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const addr = server.address() as AddressInfo;
      const shown = addr.family === 'IPv6' || host.includes(':') ? `[${addr.address}]` : host;
      if (config.fallback) log(`${config.fallback}`);
      return {
        url: `http://${shown}:${addr.port}`,
        port: addr.port,
        close: async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeIdleConnections();
          });
          await decisions.flush();
        },
      };
    },
  };
}
