// One error family for everything a caller can be told. Each error carries a stable snake_case
// code; the server maps codes to HTTP statuses in one table (server/http-errors.ts), so the library
// never names a status. A wrapped error keeps the original as `cause`.

/** Every code of the family: those a reply can carry, and those that stay inside the process. */
export type ErrorCode = HttpErrorCode | LocalErrorCode;

/**
 * Codes of errors met only in the CLI, at startup, in hooks or in the sidecar. They have no HTTP
 * status: one that reaches the server's error handler anyway is answered as an internal error.
 */
export type LocalErrorCode =
  | 'usage'
  | 'data_dir_locked'
  | 'notify_config_invalid'
  | 'sidecar_config_invalid'
  | 'sidecar_request_refused'
  | 'provider_failed'
  | 'setup_failed'
  | 'payload_invalid'
  | 'server_unreachable'
  | 'webhook_failed'
  | 'corpus_invalid'
  | 'ambiguous_input'
  | 'regex_syntax'
  | 'policy_invalid'
  | 'policy_files_missing'
  | 'audit_chain_broken'
  | 'audit_start_mismatch'
  | 'not_canonical_json'
  | 'simulated_crash'
  | 'replay_taints_unsafe';

/** Every code a reply can carry, grouped by what went wrong. */
export type HttpErrorCode =
  // the request itself is wrong
  | 'invalid_request'
  | 'invalid_json'
  | 'unknown_field'
  | 'invalid_tool_name'
  | 'invalid_tool_input'
  | 'unsupported_action_version'
  | 'invalid_date'
  | 'invalid_range'
  | 'redacted_args'
  | 'persist_unavailable'
  | 'mixed_action_fields'
  | 'unsupported_tool'
  | 'redacted_approval'
  | 'bad_request'
  // who is asking
  | 'unauthorized'
  | 'invalid_signature'
  | 'forbidden'
  // what is asked for
  | 'not_found'
  | 'approval_not_found'
  | 'rule_not_found'
  | 'audit_date_not_found'
  | 'approval_conflict'
  | 'rule_exists'
  | 'shadow_not_configured'
  | 'shadow_not_loaded'
  | 'promote_failed'
  | 'approval_resolved'
  | 'body_too_large'
  | 'rate_limited'
  | 'too_many_streams'
  // durable state a reply depends on is missing: the request changed nothing
  | 'audit_unavailable'
  | 'audit_not_configured'
  | 'approval_state_unavailable'
  | 'approval_queue_full'
  | 'bulk_incomplete'
  // the service itself failed
  | 'internal_error'
  | 'reload_failed'
  | 'rules_file_invalid';

export interface SvcErrorOptions {
  cause?: unknown;
  /** Extra fields of the error body ({"error", "code", ...extra}). */
  extra?: Record<string, unknown>;
}

export class SvcError extends Error {
  override name = 'SvcError';
  readonly extra: Record<string, unknown>;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options: SvcErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.extra = options.extra ?? {};
  }
}

export type UnavailableCode =
  | 'audit_unavailable'
  | 'audit_not_configured'
  | 'approval_state_unavailable'
  | 'approval_queue_full'
  | 'bulk_incomplete';

/**
 * The one way of saying "durable state this answer depends on could not be committed": the
 * call was refused and nothing it would have changed was changed. Never an unrecorded answer.
 */
export class UnavailableError extends SvcError {
  override name = 'UnavailableError';
  constructor(
    override readonly code: UnavailableCode,
    message: string,
    options: SvcErrorOptions = {},
  ) {
    super(code, message, options);
  }
}
