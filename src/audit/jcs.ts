// JSON Canonicalization Scheme (RFC 8785). The audit hash covers JCS(event), so anyone can
// re-verify the log with any conforming JCS library and SHA-256.
//
// Input is JSON data as JSON.parse produces it: null, booleans, finite numbers, strings,
// arrays and plain objects. Anything else (undefined, NaN, Infinity, bigint, functions, lone
// surrogates) is not representable in I-JSON and throws rather than hashing something that a
// verifier could not reproduce.

import { SvcError } from '../util/errors.js';

export class JcsError extends SvcError {
  override name = 'JcsError';
  constructor(message: string) {
    super('not_canonical_json', message);
  }
}

// Characters that need escaping (quote, backslash, C0 controls) or rejecting (surrogates,
// which are only valid in well-formed pairs).
const NEEDS_WORK = /["\\\u0000-\u001f\ud800-\udfff]/;

const SHORT_ESCAPES: Record<number, string> = {
  0x08: '\\b',
  0x09: '\\t',
  0x0a: '\\n',
  0x0c: '\\f',
  0x0d: '\\r',
  0x22: '\\"',
  0x5c: '\\\\',
};

/** RFC 8785 3.2.2.2: only `"`, `\` and C0 controls are escaped; everything else is literal. */
export function serializeString(s: string): string {
  if (!NEEDS_WORK.test(s)) return `"${s}"`;
  let out = '"';
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        i++; // a well-formed pair is copied as-is
        continue;
      }
      throw new JcsError(`lone surrogate U+${c.toString(16).toUpperCase()} at index ${i} cannot be canonicalized`);
    }
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) continue;
    out += s.slice(start, i);
    out += SHORT_ESCAPES[c] ?? `\\u${c.toString(16).padStart(4, '0')}`;
    start = i + 1;
  }
  return out + s.slice(start) + '"';
}

/** RFC 8785 3.2.2.3: the ECMAScript Number-to-String algorithm; -0 becomes 0. */
export function serializeNumber(n: number): string {
  if (!Number.isFinite(n)) throw new JcsError(`${n} is not a valid JSON number`);
  // String() implements ECMA-262 Number::toString, which is exactly what RFC 8785 prescribes.
  return Object.is(n, -0) ? '0' : String(n);
}

/** Canonical JSON text of a JSON value. */
export function canonicalize(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return serializeString(value);
    case 'number':
      return serializeNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          if (i > 0) out += ',';
          out += canonicalize(value[i]);
        }
        return out + ']';
      }
      return canonicalizeObject(value as Record<string, unknown>);
    default:
      throw new JcsError(`a ${typeof value} is not JSON data`);
  }
}

function canonicalizeObject(obj: Record<string, unknown>): string {
  const proto = Object.getPrototypeOf(obj);
  if (proto !== Object.prototype && proto !== null) {
    throw new JcsError(`an object of class ${proto?.constructor?.name ?? 'unknown'} is not JSON data`);
  }
  // The default sort compares UTF-16 code units, which is exactly RFC 8785 3.2.3.
  const keys = Object.keys(obj).sort();
  let out = '{';
  for (const [i, k] of keys.entries()) {
    if (i > 0) out += ',';
    out += serializeString(k) + ':' + canonicalize(obj[k]);
  }
  return out + '}';
}
