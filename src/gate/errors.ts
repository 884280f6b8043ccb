// The gate refuses a call whose record (audit or approval state) could not be made durable:
// an unrecorded decision is never answered.
export class GateUnavailableError extends Error {
  override readonly name = 'GateUnavailableError';
  constructor(
    message: string,
    readonly code: 'audit_unavailable' | 'approval_state_unavailable' | 'approval_queue_full',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
