// The chain hash (docs/api.md): "sha256:" + hex(SHA-256(prev_hash + JCS(event without "hash"))).
import { createHash } from 'node:crypto';
import { canonicalize } from './jcs.js';

export const HASH_PREFIX = 'sha256:';
const HASH_RE = /^sha256:[0-9a-f]{64}$/;

/** Nesting beyond this is replaced by a marker: a hostile request must not overflow the stack. */
export const MAX_JSON_DEPTH = 256;
const DEPTH_MARKER = `[truncated: nested deeper than ${MAX_JSON_DEPTH} levels]`;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function isChainHash(s: unknown): s is string {
  return typeof s === 'string' && HASH_RE.test(s);
}

/** hash of an event; the "hash" member, if present, is ignored. */
export function chainHash(event: Record<string, unknown>): string {
  const { hash: _ignored, ...rest } = event;
  const prev = typeof rest.prev_hash === 'string' ? rest.prev_hash : '';
  return (
    HASH_PREFIX +
    createHash('sha256')
      .update(prev + canonicalize(rest), 'utf8')
      .digest('hex')
  );
}

/**
 * A deep copy holding only JSON data, shaped exactly as JSON.parse(JSON.stringify(v)) would
 * return it (toJSON honoured, undefined members dropped, non-finite numbers as null), with lone
 * surrogates replaced by U+FFFD and bigints as strings. What is hashed is then byte-for-byte what
 * a verifier re-parses from the line, and later mutation by the caller cannot change the record.
 */
export function toJsonData(value: unknown, depth = 0): unknown {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    value = (value as { toJSON(): unknown }).toJSON();
  }
  switch (typeof value) {
    case 'string':
      return wellFormed(value);
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'object': {
      if (value === null) return null;
      if (depth >= MAX_JSON_DEPTH) return DEPTH_MARKER;
      if (Array.isArray(value)) {
        return value.map((v) => (isSkippable(v) ? null : toJsonData(v, depth + 1)));
      }
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (isSkippable(v)) continue;
        // defineProperty: a plain assignment to "__proto__" would set the prototype instead.
        Object.defineProperty(out, wellFormed(k), {
          value: toJsonData(v, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    default:
      return null;
  }
}

function isSkippable(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}

function wellFormed(s: string): string {
  // Nearly every string is well formed, and asking is about 3x cheaper than a replace that
  // finds nothing (every string of every audit event passes here).
  return (s as { isWellFormed?: () => boolean }).isWellFormed?.() === true ? s : s.replace(LONE_SURROGATE, '\ufffd');
}
