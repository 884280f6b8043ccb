// Sidecar configuration from VERIFY_* and provider variables. Every bad value is a
// SidecarConfigError with one clear sentence, so `svc sidecar` can exit 2 before binding.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { isIP } from 'node:net';
import { BUILTIN_SYSTEM_PROMPT } from './prompt.js';
import { SvcError, type SvcErrorOptions } from '../util/errors.js';

export type ProviderName = 'openai' | 'anthropic' | 'ollama';
export const PROVIDERS: readonly ProviderName[] = ['openai', 'anthropic', 'ollama'];

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 8090;
export const DEFAULT_RATE_LIMIT = 60;
// Below the webhook rule's default 5 s wait, so the fail-open answer reaches the server in time.
export const DEFAULT_TIMEOUT_MS = 4_000;
export const MAX_TIMEOUT_MS = 300_000;
export const MAX_RATE_LIMIT = 100_000;
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
export const DEFAULT_OLLAMA_URL = 'http://localhost:11434';
/** VERIFY_MODEL's default (the spec's); the other providers need a model of their own. */
export const DEFAULT_MODEL = 'gpt-4o-mini';
export const PROVIDER_DEFAULT_MODELS: Record<ProviderName, string> = {
  openai: DEFAULT_MODEL,
  anthropic: 'claude-3-5-haiku-latest',
  ollama: 'llama3.2',
};
/** Longest VERIFY_SYSTEM_PROMPT / VERIFY_EXTRA_RULES accepted, so a prompt stays cheap. */
export const MAX_PROMPT_TEXT = 16_384;

export class SidecarConfigError extends SvcError {
  override name = 'SidecarConfigError';
  constructor(message: string, options?: SvcErrorOptions) {
    super('sidecar_config_invalid', message, options);
  }
}

export interface SidecarConfig {
  host: string;
  port: number;
  allowRemote: boolean;
  provider: ProviderName;
  /** VERIFY_PROVIDER as given, or null when chosen from the keys present. */
  requestedProvider: ProviderName | null;
  /** Why the provider in use differs from the one asked for (or from a hosted one); null otherwise. */
  fallback: string | null;
  model: string;
  /** 'VERIFY_MODEL' when set by the user, else 'default'. */
  modelSource: 'VERIFY_MODEL' | 'default';
  /** Base URL of the provider in use (no trailing slash). */
  baseUrl: string;
  apiKey: string | null;
  /** The system prompt sent with every request (built-in or VERIFY_SYSTEM_PROMPT, plus extra rules). */
  systemPrompt: string;
  customSystemPrompt: boolean;
  extraRules: string | null;
  timeoutMs: number;
  failOpen: boolean;
  rateLimitPerMinute: number;
  logDir: string;
}

type Env = Record<string, string | undefined>;

/** True for addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (h.startsWith('::ffff:')) return h.slice(7).startsWith('127.');
  return false;
}

function intVar(env: Env, name: string, dflt: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return dflt;
  if (!/^[0-9]+$/.test(raw.trim())) throw new SidecarConfigError(`${name} must be a whole number, got "${raw}"`);
  const n = Number(raw.trim());
  if (n < min || n > max) throw new SidecarConfigError(`${name} must be between ${min} and ${max}, got ${n}`);
  return n;
}

function boolVar(env: Env, name: string, dflt: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return dflt;
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new SidecarConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

function urlVar(env: Env, name: string, dflt: string): string {
  const raw = env[name]?.trim() || dflt;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new SidecarConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new SidecarConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  if (u.username || u.password)
    throw new SidecarConfigError(`${name} must not carry credentials; use the API key variable`);
  return raw.replace(/\/+$/, '');
}

function textVar(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return null;
  if (raw.length > MAX_PROMPT_TEXT)
    throw new SidecarConfigError(`${name} is longer than ${MAX_PROMPT_TEXT} characters`);
  return raw.trim();
}

/** The data directory: $SERVICE_HOME, else ~/.svc. */
export function dataDir(env: Env): string {
  return env.SERVICE_HOME?.trim() || join(homedir(), '.svc');
}

export function configFromEnv(env: Env = process.env): SidecarConfig {
  const host = env.VERIFY_HOST?.trim() || DEFAULT_HOST;
  const port = intVar(env, 'VERIFY_PORT', DEFAULT_PORT, 0, 65535);
  const allowRemote = boolVar(env, 'VERIFY_ALLOW_REMOTE', false);
  if (!allowRemote && !isLoopbackHost(host)) {
    throw new SidecarConfigError(
      `refusing to bind ${host}: the sidecar has no authentication, so it only listens on loopback (127.0.0.1, ::1); set VERIFY_ALLOW_REMOTE=1 to override`,
    );
  }

  const openaiKey = env.OPENAI_API_KEY?.trim() || null;
  const anthropicKey = env.ANTHROPIC_API_KEY?.trim() || null;
  const openaiBase = urlVar(env, 'OPENAI_BASE_URL', DEFAULT_OPENAI_BASE_URL);
  const anthropicBase = urlVar(env, 'ANTHROPIC_BASE_URL', DEFAULT_ANTHROPIC_BASE_URL);
  const ollamaUrl = urlVar(env, 'OLLAMA_URL', DEFAULT_OLLAMA_URL);

  const rawProvider = env.VERIFY_PROVIDER?.trim().toLowerCase() || null;
  if (rawProvider !== null && !PROVIDERS.includes(rawProvider as ProviderName)) {
    throw new SidecarConfigError(
      `VERIFY_PROVIDER must be one of ${PROVIDERS.join(', ')}, got "${env.VERIFY_PROVIDER}"`,
    );
  }
  const requested = rawProvider as ProviderName | null;
  let provider: ProviderName;
  let fallback: string | null = null;
  if (requested === 'openai') {
    // A custom OpenAI-compatible server on this machine (llama.cpp, vLLM, LM Studio) needs no key.
    const localServer = env.OPENAI_BASE_URL?.trim() && isLoopbackHost(new URL(openaiBase).hostname);
    provider = openaiKey || localServer ? 'openai' : 'ollama';
    if (provider === 'ollama') fallback = `OPENAI_API_KEY is not set; using the local model server at ${ollamaUrl}`;
  } else if (requested === 'anthropic') {
    provider = anthropicKey ? 'anthropic' : 'ollama';
    if (provider === 'ollama') fallback = `ANTHROPIC_API_KEY is not set; using the local model server at ${ollamaUrl}`;
  } else if (requested === 'ollama') {
    provider = 'ollama';
  } else {
    provider = openaiKey ? 'openai' : anthropicKey ? 'anthropic' : 'ollama';
    if (provider === 'ollama')
      fallback = `no OPENAI_API_KEY or ANTHROPIC_API_KEY is set; using the local model server at ${ollamaUrl}`;
  }

  const userModel = env.VERIFY_MODEL?.trim() || null;
  const custom = textVar(env, 'VERIFY_SYSTEM_PROMPT');
  const extraRules = textVar(env, 'VERIFY_EXTRA_RULES');
  const base = custom ?? BUILTIN_SYSTEM_PROMPT;
  const systemPrompt = extraRules ? `${base}\n\nAdditional rules from the operator:\n${extraRules}` : base;

  return {
    host,
    port,
    allowRemote,
    provider,
    requestedProvider: requested,
    fallback,
    model: userModel ?? PROVIDER_DEFAULT_MODELS[provider],
    modelSource: userModel ? 'VERIFY_MODEL' : 'default',
    baseUrl: provider === 'openai' ? openaiBase : provider === 'anthropic' ? anthropicBase : ollamaUrl,
    apiKey: provider === 'openai' ? openaiKey : provider === 'anthropic' ? anthropicKey : null,
    systemPrompt,
    customSystemPrompt: custom !== null,
    extraRules,
    timeoutMs: intVar(env, 'VERIFY_TIMEOUT_MS', DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS),
    failOpen: boolVar(env, 'VERIFY_FAIL_OPEN', true),
    rateLimitPerMinute: intVar(env, 'VERIFY_RATE_LIMIT', DEFAULT_RATE_LIMIT, 1, MAX_RATE_LIMIT),
    logDir: env.VERIFY_LOG_DIR?.trim() || join(dataDir(env), 'verify'),
  };
}
