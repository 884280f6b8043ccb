// The three model back ends: OpenAI-compatible chat completions, Anthropic messages, Ollama chat.
// Each turns (system, user) into the answer text, and can be pinged for /health. All network
// waits are bounded by the caller's AbortSignal and every response body by MAX_RESPONSE_BYTES.
import type { ProviderName, SidecarConfig } from './sidecar-config.js';
import { SvcError, type SvcErrorOptions } from '../util/errors.js';

/** Largest provider response read; a one-line verdict is a few hundred bytes. */
export const MAX_RESPONSE_BYTES = 256 * 1024;
/** Output budget asked of the model: a verdict and one sentence. */
export const MAX_OUTPUT_TOKENS = 200;
export const ANTHROPIC_VERSION = '2023-06-01';

export type FetchLike = typeof fetch;

export class ProviderError extends SvcError {
  override name = 'ProviderError';
  constructor(message: string, options?: SvcErrorOptions) {
    super('provider_failed', message, options);
  }
}

export interface Provider {
  readonly name: ProviderName;
  readonly model: string;
  readonly baseUrl: string;
  /** The model's answer text for one classification. */
  complete(system: string, user: string, signal: AbortSignal): Promise<string>;
  /** Lists the server's models (null when the list cannot be read) or throws ProviderError. */
  ping(signal: AbortSignal): Promise<string[] | null>;
}

/** Reads a body up to `limit` bytes; a larger one is an error, not a truncated answer. */
async function readBounded(res: Response, limit = MAX_RESPONSE_BYTES): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new ProviderError(`provider response larger than ${limit} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Explains a failed fetch in a few words (timeout, refused connection, ...). */
export function describeFetchError(err: unknown, timeoutMs: number): string {
  if (err instanceof ProviderError) return err.message;
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `timeout after ${timeoutMs} ms`;
  const code = e?.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code) return `network error ${code}`;
  return (e?.cause?.message || e?.message || String(err)).slice(0, 200);
}

async function requestJson(fetchImpl: FetchLike, url: string, init: RequestInit, what: string): Promise<unknown> {
  const res = await fetchImpl(url, { ...init, redirect: 'error' });
  const text = await readBounded(res);
  if (!res.ok) {
    let detail = '';
    try {
      const body = JSON.parse(text) as { error?: { message?: string } | string };
      detail = typeof body.error === 'string' ? body.error : (body.error?.message ?? '');
    } catch {
      detail = '';
    }
    throw new ProviderError(`${what} returned HTTP ${res.status}${detail ? `: ${detail.slice(0, 120)}` : ''}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(`${what} returned a body that is not JSON`);
  }
}

function modelIds(list: unknown, field: 'data' | 'models'): string[] | null {
  const items = (list as Record<string, unknown> | null)?.[field];
  if (!Array.isArray(items)) return null;
  return items
    .map((m) => String((m as Record<string, unknown>)?.id ?? (m as Record<string, unknown>)?.name ?? ''))
    .filter(Boolean);
}

class OpenAIProvider implements Provider {
  readonly name = 'openai' as const;
  constructor(
    readonly model: string,
    readonly baseUrl: string,
    private key: string | null,
    private fetchImpl: FetchLike,
  ) {}
  private headers(): Record<string, string> {
    const h: Record<string, string> = { 'content-type': 'application/json' };
    if (this.key) h.authorization = `Bearer ${this.key}`;
    return h;
  }
  async complete(system: string, user: string, signal: AbortSignal): Promise<string> {
    const body = {
      model: this.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      temperature: 0,
      max_tokens: MAX_OUTPUT_TOKENS,
    };
    const json = (await requestJson(
      this.fetchImpl,
      `${this.baseUrl}/chat/completions`,
      { method: 'POST', headers: this.headers(), body: JSON.stringify(body), signal },
      'openai',
    )) as {
      choices?: { message?: { content?: unknown } }[];
    };
    const content = json.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new ProviderError('openai answer has no choices[0].message.content');
    return content;
  }
  async ping(signal: AbortSignal): Promise<string[] | null> {
    return modelIds(
      await requestJson(this.fetchImpl, `${this.baseUrl}/models`, { headers: this.headers(), signal }, 'openai'),
      'data',
    );
  }
}

class AnthropicProvider implements Provider {
  readonly name = 'anthropic' as const;
  private root: string;
  constructor(
    readonly model: string,
    readonly baseUrl: string,
    private key: string | null,
    private fetchImpl: FetchLike,
  ) {
    // Accept the base URL with or without its /v1 suffix.
    this.root = baseUrl.replace(/\/v1$/, '');
  }
  private headers(): Record<string, string> {
    return { 'content-type': 'application/json', 'x-api-key': this.key ?? '', 'anthropic-version': ANTHROPIC_VERSION };
  }
  async complete(system: string, user: string, signal: AbortSignal): Promise<string> {
    const body = {
      model: this.model,
      max_tokens: MAX_OUTPUT_TOKENS,
      temperature: 0,
      system,
      messages: [{ role: 'user', content: user }],
    };
    const json = (await requestJson(
      this.fetchImpl,
      `${this.root}/v1/messages`,
      { method: 'POST', headers: this.headers(), body: JSON.stringify(body), signal },
      'anthropic',
    )) as {
      content?: { type?: string; text?: unknown }[];
    };
    if (!Array.isArray(json.content)) throw new ProviderError('anthropic answer has no content');
    const text = json.content
      .filter((b) => b?.type === 'text' && typeof b.text === 'string')
      .map((b) => b.text as string)
      .join('\n');
    if (!text) throw new ProviderError('anthropic answer has no text block');
    return text;
  }
  async ping(signal: AbortSignal): Promise<string[] | null> {
    return modelIds(
      await requestJson(this.fetchImpl, `${this.root}/v1/models`, { headers: this.headers(), signal }, 'anthropic'),
      'data',
    );
  }
}

class OllamaProvider implements Provider {
  readonly name = 'ollama' as const;
  constructor(
    readonly model: string,
    readonly baseUrl: string,
    private fetchImpl: FetchLike,
  ) {}
  async complete(system: string, user: string, signal: AbortSignal): Promise<string> {
    const body = {
      model: this.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: user },
      ],
      stream: false,
      options: { temperature: 0, num_predict: MAX_OUTPUT_TOKENS },
    };
    const json = (await requestJson(
      this.fetchImpl,
      `${this.baseUrl}/api/chat`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal },
      'ollama',
    )) as {
      message?: { content?: unknown };
    };
    const content = json.message?.content;
    if (typeof content !== 'string') throw new ProviderError('ollama answer has no message.content');
    return content;
  }
  async ping(signal: AbortSignal): Promise<string[] | null> {
    return modelIds(await requestJson(this.fetchImpl, `${this.baseUrl}/api/tags`, { signal }, 'ollama'), 'models');
  }
}

export function createProvider(config: SidecarConfig, fetchImpl: FetchLike): Provider {
  switch (config.provider) {
    case 'openai':
      return new OpenAIProvider(config.model, config.baseUrl, config.apiKey, fetchImpl);
    case 'anthropic':
      return new AnthropicProvider(config.model, config.baseUrl, config.apiKey, fetchImpl);
    case 'ollama':
      return new OllamaProvider(config.model, config.baseUrl, fetchImpl);
  }
}

/** Whether `model` is among the listed ones (Ollama lists "name:tag"; ":latest" is implied). */
export function modelListed(models: string[], model: string): boolean {
  const norm = (m: string) => (m.includes(':') ? m : `${m}:latest`);
  return models.some((m) => m === model || norm(m) === norm(model));
}
