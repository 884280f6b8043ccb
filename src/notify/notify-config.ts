// <data-dir>/notify.yaml: where to say that a call waits for a human. Nothing is sent until this
// file exists. It holds webhook URLs (which are secrets) and decides where approve/deny links
// point, so it must be private to the server's user: a file others can read, or owned by another
// user, is refused (in protected mode the agent runs as another user and cannot read it).
import { lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from '../util/yaml.js';
import { parseDuration } from '../util/duration.js';
import { SvcError, type SvcErrorOptions } from '../util/errors.js';

export const NOTIFY_FILE = 'notify.yaml';
export const WEBHOOK_TYPES = ['slack', 'discord', 'ntfy', 'json'] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

/** Bounds: a notification is worth a few tries, never a retry storm. */
export const MAX_RETRIES = 5;
export const MAX_PER_MINUTE = 600;
const MAX_FILE_BYTES = 64 * 1024;
const MAX_WEBHOOKS = 20;

export interface WebhookTarget {
  type: WebhookType;
  url: string;
  /** ntfy access token (sent as a bearer token). */
  token?: string;
}

export interface NotifyConfig {
  /** Base of the approve/deny links; undefined: the server's own address. */
  publicUrl?: string;
  linkTtlMs: number;
  maxPerMinute: number;
  retries: number;
  retryBackoffMs: number;
  desktop: boolean;
  webhooks: WebhookTarget[];
}

export class NotifyConfigError extends SvcError {
  override name = 'NotifyConfigError';
  constructor(message: string, options?: SvcErrorOptions) {
    super('notify_config_invalid', message, options);
  }
}

const KEYS = ['public_url', 'link_ttl', 'max_per_minute', 'retries', 'retry_backoff', 'desktop', 'webhooks'];
const HOOK_KEYS = ['type', 'url', 'token'];

function httpUrl(v: unknown, what: string): string {
  if (typeof v !== 'string' || !v.trim()) throw new NotifyConfigError(`${what} must be an http(s) URL`);
  let u: URL;
  try {
    u = new URL(v.trim());
  } catch {
    throw new NotifyConfigError(`${what} "${v}" is not a URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new NotifyConfigError(`${what} must start with http:// or https://`);
  return u.toString().replace(/\/+$/, '');
}

function duration(v: unknown, what: string, fallback: number): number {
  if (v === undefined) return fallback;
  try {
    return parseDuration(String(v));
  } catch (err) {
    throw new NotifyConfigError(`${what}: ${(err as Error).message}`);
  }
}

function int(v: unknown, what: string, fallback: number, min: number, max: number): number {
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw new NotifyConfigError(`${what} must be a whole number from ${min} to ${max}`);
  return v;
}

export function parseNotifyConfig(text: string): NotifyConfig {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (err) {
    throw new NotifyConfigError(`not valid YAML: ${(err as Error).message.split('\n')[0]}`);
  }
  if (doc === null || doc === undefined) doc = {};
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new NotifyConfigError('must be a mapping');
  const d = doc as Record<string, unknown>;
  const unknown = Object.keys(d).filter((k) => !KEYS.includes(k));
  if (unknown.length) throw new NotifyConfigError(`unknown key ${unknown[0]} (expected ${KEYS.join(', ')})`);
  if (d.desktop !== undefined && typeof d.desktop !== 'boolean')
    throw new NotifyConfigError('desktop must be true or false');
  const hooks = d.webhooks ?? [];
  if (!Array.isArray(hooks)) throw new NotifyConfigError('webhooks must be a list');
  if (hooks.length > MAX_WEBHOOKS) throw new NotifyConfigError(`at most ${MAX_WEBHOOKS} webhooks`);
  const webhooks = hooks.map((h, i): WebhookTarget => {
    const what = `webhooks[${i}]`;
    if (!h || typeof h !== 'object' || Array.isArray(h))
      throw new NotifyConfigError(`${what} must be a mapping with type and url`);
    const hk = h as Record<string, unknown>;
    const bad = Object.keys(hk).filter((k) => !HOOK_KEYS.includes(k));
    if (bad.length) throw new NotifyConfigError(`${what}: unknown key ${bad[0]} (expected ${HOOK_KEYS.join(', ')})`);
    if (!(WEBHOOK_TYPES as readonly unknown[]).includes(hk.type))
      throw new NotifyConfigError(`${what}.type must be one of ${WEBHOOK_TYPES.join(', ')}`);
    if (hk.token !== undefined && typeof hk.token !== 'string')
      throw new NotifyConfigError(`${what}.token must be a string`);
    const url = httpUrl(hk.url, `${what}.url`);
    if (hk.type === 'ntfy' && new URL(url).pathname.replace(/\//g, '') === '')
      throw new NotifyConfigError(`${what}.url must name the ntfy topic (https://ntfy.sh/TOPIC)`);
    return { type: hk.type as WebhookType, url, ...(hk.token ? { token: hk.token as string } : {}) };
  });
  const cfg: NotifyConfig = {
    publicUrl: d.public_url === undefined ? undefined : httpUrl(d.public_url, 'public_url'),
    linkTtlMs: duration(d.link_ttl, 'link_ttl', 10 * 60_000),
    maxPerMinute: int(d.max_per_minute, 'max_per_minute', 20, 1, MAX_PER_MINUTE),
    retries: int(d.retries, 'retries', 3, 0, MAX_RETRIES),
    retryBackoffMs: duration(d.retry_backoff, 'retry_backoff', 1000),
    desktop: d.desktop === true,
    webhooks,
  };
  if (cfg.linkTtlMs <= 0 || cfg.linkTtlMs > 24 * 3_600_000)
    throw new NotifyConfigError('link_ttl must be more than 0 and at most 24h');
  if (cfg.retryBackoffMs > 60_000) throw new NotifyConfigError('retry_backoff must be at most 1m');
  return cfg;
}

export interface LoadedConfig {
  config: NotifyConfig | null;
  /** mtime and size, to notice edits without a restart. */
  stamp: string;
}

/** null when the file does not exist (notifications off); throws NotifyConfigError when unusable. */
export function loadNotifyConfig(dataDir: string): LoadedConfig {
  const path = join(dataDir, NOTIFY_FILE);
  let st;
  try {
    st = lstatSync(path);
  } catch (err: any) {
    if (err.code === 'ENOENT') return { config: null, stamp: 'none' };
    throw new NotifyConfigError(`${path}: ${err.message}`);
  }
  const stamp = `${st.mtimeMs}:${st.size}:${st.mode}`;
  if (!st.isFile()) throw new NotifyConfigError(`${path} must be a regular file (not a symlink)`);
  if ((st.mode & 0o077) !== 0)
    throw new NotifyConfigError(
      `${path} is readable by others (mode ${(st.mode & 0o777).toString(8)}); it holds webhook secrets: chmod 600 it`,
    );
  if (process.getuid && st.uid !== process.getuid())
    throw new NotifyConfigError(`${path} belongs to another user; it must belong to the user that runs the server`);
  if (st.size > MAX_FILE_BYTES) throw new NotifyConfigError(`${path} is larger than ${MAX_FILE_BYTES} bytes`);
  try {
    return { config: parseNotifyConfig(readFileSync(path, 'utf8')), stamp };
  } catch (err) {
    if (err instanceof NotifyConfigError) throw new NotifyConfigError(`${path}: ${err.message}`);
    throw err;
  }
}
