// The `webhook` action (docs/policy.md, docs/policy.md): POST the call as JSON and let
// the reply decide. Redirects are not followed, the reply is capped at 64 KiB, and anything other
// than a clear 2xx {"decision":"allow"|"deny"} is a failure: deny, unless the rule says fail_open.
import type { WebhookConfig } from './types.js';
import { SvcError, type SvcErrorOptions } from '../util/errors.js';

/** Largest webhook reply read. */
export const WEBHOOK_MAX_REPLY_BYTES = 64 * 1024;

export interface WebhookPayload {
  tool: string;
  params: Record<string, unknown>;
  agent: string;
  session: string;
  run_id: string;
  policy: string;
  timestamp: string;
}

export interface WebhookResult {
  action: 'allow' | 'deny';
  message: string;
}

class WebhookFailure extends SvcError {
  override name = 'WebhookFailure';
  constructor(message: string, options?: SvcErrorOptions) {
    super('webhook_failed', message, options);
  }
}

async function readCapped(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new WebhookFailure(`reply is larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function ask(cfg: WebhookConfig, payload: WebhookPayload | Record<string, unknown>): Promise<WebhookResult> {
  let res: Response;
  try {
    res = await fetch(cfg.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(payload),
      redirect: 'manual',
      signal: AbortSignal.timeout(cfg.timeoutMs),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new WebhookFailure(`no reply within ${cfg.timeoutMs}ms`);
    throw new WebhookFailure(`request failed: ${e.cause?.code ?? e.cause?.message ?? e.message}`);
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel().catch(() => undefined);
    throw new WebhookFailure(`replied with a redirect (HTTP ${res.status}); redirects are not followed`);
  }
  if (res.status < 200 || res.status >= 300) {
    await res.body?.cancel().catch(() => undefined);
    throw new WebhookFailure(`replied HTTP ${res.status}`);
  }
  let text: string;
  try {
    text = await readCapped(res, WEBHOOK_MAX_REPLY_BYTES);
  } catch (err) {
    if (err instanceof WebhookFailure) throw err;
    const e = err as Error;
    throw new WebhookFailure(
      e.name === 'TimeoutError' || e.name === 'AbortError'
        ? `no complete reply within ${cfg.timeoutMs}ms`
        : `reading the reply failed: ${e.message}`,
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new WebhookFailure('reply is not JSON');
  }
  const decision =
    typeof (body as { decision?: unknown })?.decision === 'string'
      ? (body as { decision: string }).decision.trim().toLowerCase()
      : undefined;
  const reason = typeof (body as { reason?: unknown })?.reason === 'string' ? (body as { reason: string }).reason : '';
  if (decision !== 'allow' && decision !== 'deny') throw new WebhookFailure(`reply has no decision "allow" or "deny"`);
  return { action: decision, message: reason || (decision === 'allow' ? 'allowed by webhook' : 'denied by webhook') };
}

/** Asks the webhook; never throws. A failure denies unless cfg.failOpen, and the message says why. */
export async function callWebhook(
  cfg: WebhookConfig,
  payload: WebhookPayload | Record<string, unknown>,
): Promise<WebhookResult> {
  try {
    return await ask(cfg, payload);
  } catch (err) {
    const why = err instanceof WebhookFailure ? err.message : `failed: ${(err as Error).message}`;
    return cfg.failOpen
      ? { action: 'allow', message: `webhook ${cfg.url} ${why}; allowed because the rule sets fail_open` }
      : { action: 'deny', message: `webhook ${cfg.url} ${why}; denied (fail closed)` };
  }
}
