// JSON-RPC 2.0 pieces the MCP proxy needs: message kinds, id keys, error replies, and the
// strictness checks for the calls it evaluates.

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Message = { [k: string]: Json };

/** Error codes the proxy answers with (the -32000..-32099 range is for implementations). */
export const ERR = {
  parse: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
  /** Policy denied the call, or its approval was refused, expired or not given in time. */
  denied: -32001,
  /** Too many calls waiting for evaluation or a reply. */
  busy: -32002,
} as const;

export function isMessage(v: unknown): v is Message {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isRequest(m: Message): boolean {
  return typeof m.method === 'string' && 'id' in m && m.id !== null;
}

export function isResponse(m: Message): boolean {
  return m.method === undefined && 'id' in m && ('result' in m || 'error' in m);
}

/**
 * A map key for a request id: "1" and 1 stay different, as JSON-RPC requires.
 * Only strings and numbers are valid ids.
 */
export function idKey(id: unknown): string | undefined {
  if (typeof id === 'string') return `s:${id}`;
  if (typeof id === 'number' && Number.isFinite(id)) return `n:${id}`;
  return undefined;
}

export function errorReply(id: Json | undefined, code: number, message: string, data?: Json): Message {
  const error: Message = { code, message };
  if (data !== undefined) error.data = data;
  return { jsonrpc: '2.0', id: id === undefined ? null : id, error };
}

/**
 * Two keys of one object that differ only in case ("name" and "Name") are refused anywhere in
 * an evaluated call: some servers decode case-insensitively, so the policy could see one value
 * and the server act on the other.
 */
export function caseShadowedKey(v: unknown, depth = 0): string | undefined {
  if (depth > 64 || typeof v !== 'object' || v === null) return undefined;
  if (Array.isArray(v)) {
    for (const item of v) {
      const k = caseShadowedKey(item, depth + 1);
      if (k) return k;
    }
    return undefined;
  }
  const seen = new Set<string>();
  for (const [k, child] of Object.entries(v)) {
    const lower = k.toLowerCase();
    if (seen.has(lower)) return k;
    seen.add(lower);
    const inner = caseShadowedKey(child, depth + 1);
    if (inner) return inner;
  }
  return undefined;
}
