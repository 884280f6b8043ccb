// Secret redaction shared by the action review, the audit views and the verification sidecar.
// Best effort, by design: it removes the secrets that have a recognisable shape or a telling
// name, and keeps everything else so a redacted command stays readable.
import { REDACTED, RULES, redactPrivateKeys, type Category } from './patterns.js';

export { REDACTED, CATEGORIES, RULES, type Category, type Rule } from './patterns.js';

export interface RedactReport {
  text: string;
  redacted: boolean;
  /** Names of the rules that replaced something, in the order they ran. */
  rules: string[];
  categories: Category[];
}

/** Redacts and reports which rules fired (tests and diagnostics). */
export function redactDetailed(text: string): RedactReport {
  const rules: string[] = [];
  const categories = new Set<Category>();
  let out = redactPrivateKeys(text);
  if (out !== text) {
    rules.push('private_key_block');
    categories.add(0);
  }
  for (const rule of RULES) {
    rule.pattern.lastIndex = 0;
    const next = out.replace(rule.pattern, rule.replace as (m: string, ...a: any[]) => string);
    if (next !== out) {
      rules.push(rule.name);
      categories.add(rule.category);
      out = next;
    }
  }
  return { text: out, redacted: out !== text, rules, categories: [...categories] };
}

/** Replaces every recognised secret in `text` with `[REDACTED]`. */
export function redact(text: string): { text: string; redacted: boolean } {
  const { text: out, redacted } = redactDetailed(text);
  return { text: out, redacted };
}

const SECRET_KEYS = new Set([
  'authorization',
  'proxyauthorization',
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'authtoken',
  'sessiontoken',
  'clientsecret',
  'privatekey',
  'secretkey',
  'secretaccesskey',
  'credential',
  'credentials',
  'cookie',
  'setcookie',
  'commandb64',
]);
const SECRET_KEY_SUFFIXES = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'privatekey',
  'secretkey',
  'accesskey',
];

/** True when an object key's name says its value is a secret (api_key, X-Auth-Token, ...). */
export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (SECRET_KEYS.has(k)) return true;
  return SECRET_KEY_SUFFIXES.some((s) => k.endsWith(s));
}

/** Deepest nesting redactValue walks; deeper structures are cut off rather than copied. */
export const MAX_REDACT_DEPTH = 64;

/**
 * Deep copy of `value` with every string leaf redacted. Under a key whose name says "secret"
 * (password, token, api_key, authorization, ...) every string and number is replaced whole.
 * The input is never modified; shared and cyclic references are copied once.
 */
export function redactValue<T>(value: T): { value: T; redacted: boolean } {
  let changed = false;
  const seen = new Map<object, unknown>();

  const walk = (v: unknown, secret: boolean, depth: number): unknown => {
    if (typeof v === 'string') {
      if (secret) {
        if (v !== REDACTED && v !== '') changed = true;
        return v === '' ? v : REDACTED;
      }
      const r = redact(v);
      if (r.redacted) changed = true;
      return r.text;
    }
    if (typeof v === 'number' || typeof v === 'bigint') {
      if (!secret) return v;
      changed = true;
      return REDACTED;
    }
    if (v === null || typeof v !== 'object') return v;
    if (seen.has(v)) return seen.get(v);
    if (depth >= MAX_REDACT_DEPTH) {
      changed = true;
      return REDACTED;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      seen.set(v, out);
      for (const item of v) out.push(walk(item, secret, depth + 1));
      return out;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return v; // Dates, Buffers, class instances
    const out: Record<string, unknown> = {};
    seen.set(v, out);
    for (const [k, item] of Object.entries(v)) out[k] = walk(item, secret || isSecretKey(k), depth + 1);
    return out;
  };

  const out = walk(value, false, 0) as T;
  return { value: out, redacted: changed };
}
