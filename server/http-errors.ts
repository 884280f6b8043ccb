// One error body everywhere: {"error": "<human sentence>", "code": "<stable_snake_case>"} plus
// the extra fields a given response names. The status of every code is decided here, once, and
// applied only by the app's error handler (server/app.ts): routes throw, they never translate.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { SvcError, type HttpErrorCode } from '../src/util/errors.js';

export { SvcError };

/** Every error code, by the HTTP status it is answered with. */
const CODES_BY_STATUS = {
  400: [
    'invalid_request',
    'invalid_json',
    'unknown_field',
    'invalid_tool_name',
    'invalid_tool_input',
    'unsupported_action_version',
    'invalid_date',
    'invalid_range',
    'redacted_args',
    'persist_unavailable',
    'mixed_action_fields',
    'unsupported_tool',
    'redacted_approval',
    'bad_request',
  ],
  401: ['unauthorized', 'invalid_signature'],
  403: ['forbidden'],
  404: ['not_found', 'approval_not_found', 'rule_not_found', 'audit_date_not_found', 'shadow_not_configured'],
  409: ['approval_conflict', 'rule_exists', 'shadow_not_loaded'],
  410: ['approval_resolved'],
  413: ['body_too_large'],
  429: ['rate_limited'],
  500: ['internal_error', 'reload_failed', 'rules_file_invalid', 'promote_failed'],
  // durable state the answer depends on is missing (one status for every way of saying so), or
  // a bounded resource is full
  503: [
    'audit_unavailable',
    'audit_not_configured',
    'approval_state_unavailable',
    'approval_queue_full',
    'bulk_incomplete',
    'too_many_streams',
  ],
} as const satisfies Record<number, readonly HttpErrorCode[]>;

type Listed = (typeof CODES_BY_STATUS)[keyof typeof CODES_BY_STATUS][number];
/** Fails to compile when a code has no status. */
const everyCodeListed: [Exclude<HttpErrorCode, Listed>] extends [never] ? true : never = true;
void everyCodeListed;

const STATUS_OF = new Map<string, number>(
  Object.entries(CODES_BY_STATUS).flatMap(([status, codes]) => codes.map((c) => [c, Number(status)] as const)),
);

/** The status an error is answered with (500 for anything outside the family). */
export function statusOf(err: unknown): number {
  return err instanceof SvcError ? (STATUS_OF.get(err.code) ?? 500) : 500;
}

export function errorBody(err: SvcError): Record<string, unknown> {
  return { error: err.message, code: err.code, ...err.extra };
}

export const badRequest = (
  message: string,
  code: (typeof CODES_BY_STATUS)[400][number] = 'invalid_request',
  extra?: Record<string, unknown>,
) => new SvcError(code, message, { extra });
export const notFound = (message: string, code: (typeof CODES_BY_STATUS)[404][number] = 'not_found') =>
  new SvcError(code, message);

/** One schema-validation failure as ajv reports it (only the fields read here). */
interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

const ARTICLE: Record<string, string> = { object: 'an object', integer: 'an integer', array: 'an array' };

/**
 * A schema failure said in terms of the field the caller sent: "agent is required",
 * "params must be an object", "unknown field bogus", "query parameter q must be ...". A caller
 * fixing a request needs the name of the field, not the schema's vocabulary.
 */
export function describeValidation(
  issue: ValidationIssue | undefined,
  where?: string,
): { message: string; code: 'invalid_request' | 'unknown_field' } {
  const base = (issue?.instancePath ?? '').split('/').filter(Boolean).join('.');
  const field = (name: unknown) => (base ? `${base}.${String(name)}` : String(name));
  const place = where === 'querystring' ? 'query parameter ' : where === 'params' ? 'path parameter ' : '';
  const p = issue?.params ?? {};
  switch (issue?.keyword) {
    case 'required':
      return { message: `${place}${field(p.missingProperty)} is required`, code: 'invalid_request' };
    case 'additionalProperties':
      return {
        message: `unknown ${place ? place.trim() : 'field'} ${field(p.additionalProperty)}`,
        code: 'unknown_field',
      };
    case 'type': {
      const t = String(p.type);
      return {
        message: `${place}${base || where || 'body'} must be ${ARTICLE[t] ?? `a ${t}`}`,
        code: 'invalid_request',
      };
    }
    default:
      return {
        message: `${place}${base || where || 'body'} ${issue?.message ?? 'is invalid'}`,
        code: 'invalid_request',
      };
  }
}

/**
 * The app's one error handler: the family's errors by the table above; fastify's own (schema
 * validation, body limit, other 4xx) in the same body shape; anything else is a logged 500.
 */
export function errorHandler(o: { bodyLimit: number; log: (msg: string) => void }) {
  return (err: FastifyError | SvcError | Error, _req: FastifyRequest, reply: FastifyReply) => {
    // A code without a status (one of the CLI's or startup's) says nothing a caller can act on.
    if (err instanceof SvcError && STATUS_OF.has(err.code)) return reply.code(statusOf(err)).send(errorBody(err));
    const f = err as Partial<FastifyError>;
    if (f.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .send({ error: `request body exceeds the ${o.bodyLimit}-byte limit`, code: 'body_too_large' });
    }
    if (f.validation) {
      const v = describeValidation(f.validation[0], f.validationContext);
      return reply.code(400).send({ error: `invalid request: ${v.message}`, code: v.code });
    }
    if (typeof f.statusCode === 'number' && f.statusCode >= 400 && f.statusCode < 500) {
      return reply.code(f.statusCode).send({ error: err.message, code: 'bad_request' });
    }
    o.log(`internal error: ${err.stack ?? err}`);
    return reply.code(500).send({ error: 'internal error', code: 'internal_error' });
  };
}
