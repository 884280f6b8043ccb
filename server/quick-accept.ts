// A check that accepts, without loading ajv, the request parts ajv would accept unchanged. Loading
// ajv and compiling a route's schema costs about a tenth of a start; the first request after a
// start (an agent's tool call) should not pay it when its body is well formed. The check answers
// only "valid" or "not sure": anything it does not accept goes to ajv, which gives the verdict and
// the error message as before. So it must never accept what ajv would reject or change, and it
// understands only a small part of JSON Schema: a schema using anything else gets no quick check.
//
// ajv runs here with coerceTypes and removeAdditional off (server/app.ts), so a value it accepts is
// left as it is, except for defaults (useDefaults): a schema with `default` gets no quick check.

type Check = (data: unknown) => boolean;

const ANNOTATIONS = new Set(['description', 'title', '$comment']);

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** Code points, as ajv counts minLength and maxLength (a surrogate pair is one). */
function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    n++;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return n;
}

function onlyKeys(schema: Record<string, unknown>, allowed: string[]): boolean {
  return Object.keys(schema).every((k) => allowed.includes(k) || ANNOTATIONS.has(k));
}

function bound(v: unknown): number | undefined | null {
  if (v === undefined) return undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function stringCheck(schema: Record<string, unknown>): Check | undefined {
  if (!onlyKeys(schema, ['type', 'minLength', 'maxLength'])) return undefined;
  const min = bound(schema.minLength);
  const max = bound(schema.maxLength);
  if (min === null || max === null) return undefined;
  if (min === undefined && max === undefined) return (x) => typeof x === 'string';
  return (x) => {
    if (typeof x !== 'string') return false;
    const n = codePoints(x);
    return (min === undefined || n >= min) && (max === undefined || n <= max);
  };
}

function numberCheck(schema: Record<string, unknown>, integer: boolean): Check | undefined {
  if (!onlyKeys(schema, ['type', 'minimum', 'maximum'])) return undefined;
  const min = bound(schema.minimum);
  const max = bound(schema.maximum);
  if (min === null || max === null) return undefined;
  return (x) =>
    typeof x === 'number' &&
    Number.isFinite(x) &&
    (!integer || Number.isInteger(x)) &&
    (min === undefined || x >= min) &&
    (max === undefined || x <= max);
}

function objectCheck(schema: Record<string, unknown>): Check | undefined {
  if (!onlyKeys(schema, ['type', 'properties', 'required', 'additionalProperties'])) return undefined;
  const extra = schema.additionalProperties ?? true;
  if (typeof extra !== 'boolean') return undefined;
  const props = schema.properties ?? {};
  if (!isObject(props)) return undefined;
  const checks = new Map<string, Check>();
  for (const [name, sub] of Object.entries(props)) {
    const c = quickAccept(sub);
    if (!c) return undefined;
    checks.set(name, c);
  }
  const required = schema.required ?? [];
  if (!Array.isArray(required) || !required.every((r): r is string => typeof r === 'string')) return undefined;
  return (x) => {
    if (!isObject(x)) return false;
    for (const r of required) if (x[r] === undefined) return false;
    // for-in, as ajv walks the keys for additionalProperties
    for (const k in x) {
      const c = checks.get(k);
      if (c) {
        if (!Object.hasOwn(x, k) || !c(x[k])) return false;
      } else if (!extra) return false;
    }
    return true;
  };
}

/**
 * A quick check for this schema, or undefined when the schema uses anything it does not
 * understand. A true answer means ajv would accept the value and leave it unchanged.
 */
export function quickAccept(schema: unknown): Check | undefined {
  if (!isObject(schema)) return undefined;
  switch (schema.type) {
    case 'object':
      return objectCheck(schema);
    case 'string':
      return stringCheck(schema);
    case 'integer':
      return numberCheck(schema, true);
    case 'number':
      return numberCheck(schema, false);
    case 'boolean':
      return onlyKeys(schema, ['type']) ? (x) => typeof x === 'boolean' : undefined;
    default:
      return undefined;
  }
}
