// Typed errors of the client SDK. Every failure is an SvcError carrying the HTTP status, the
// server's stable error code and the raw body; the subclasses let callers catch the cases
// they handle differently (credentials, scope, a policy "no", the server being away).

export type SvcErrorKind =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'denied'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'rate_limited'
  | 'unavailable'
  | 'server'
  | 'network'
  | 'invalid_response';

export class SvcError extends Error {
  override name = 'SvcError';
  constructor(
    message: string,
    /** HTTP status; 0 when no reply arrived. */
    readonly status: number,
    /** The server's stable snake_case code (`code` of the error body), or the kind. */
    readonly code: string,
    readonly body: unknown,
    readonly kind: SvcErrorKind,
  ) {
    super(message);
  }
}

/** 401: missing, unknown, revoked or expired token. */
export class UnauthorizedError extends SvcError {
  override name = 'UnauthorizedError';
}

/** 403 on anything but a tool decision: the token lacks the scope. */
export class ForbiddenError extends SvcError {
  override name = 'ForbiddenError';
}

/** No reply at all: connection refused, reset, or timed out. */
export class NetworkError extends SvcError {
  override name = 'NetworkError';
}

/** A policy said no (deny, or an ask that was not approved); thrown by guard(). */
export class DeniedError extends SvcError {
  override name = 'DeniedError';
  constructor(
    message: string,
    readonly tool: string,
    /** deny, or ask when the call waits for (or was refused) approval. */
    readonly decision: string,
    readonly policy: string | undefined,
    readonly approvalId: string | undefined,
    body: unknown,
  ) {
    super(message, 403, 'denied', body, 'denied');
  }
}

const KIND_BY_STATUS: Record<number, SvcErrorKind> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  429: 'rate_limited',
  503: 'unavailable',
};

export function errorFromReply(method: string, path: string, status: number, body: unknown): SvcError {
  const b = (body && typeof body === 'object' ? body : {}) as { error?: unknown; code?: unknown };
  const kind = KIND_BY_STATUS[status] ?? (status >= 500 ? 'server' : 'bad_request');
  const code = typeof b.code === 'string' ? b.code : kind;
  const text = typeof b.error === 'string' ? b.error : `HTTP ${status}`;
  const message = `${method} ${path}: ${text}`;
  if (status === 401) return new UnauthorizedError(message, status, code, body, kind);
  if (status === 403) return new ForbiddenError(message, status, code, body, kind);
  return new SvcError(message, status, code, body, kind);
}
