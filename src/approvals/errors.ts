// Errors of the approval machinery. Each names the HTTP status it maps to, so the routes stay
// a thin translation and library tests can assert the same outcome a user would see.
import type { ApprovalStatus } from './types.js';

export class ApprovalError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFoundError = (id: string) => new ApprovalError(404, 'approval_not_found', `approval "${id}" not found`);

export const goneError = (id: string, status: ApprovalStatus) =>
  new ApprovalError(410, 'approval_resolved', `approval "${id}" is already ${status}; it cannot be resolved again`, { status });

/** The durable state (journal or audit) could not be committed; nothing was published. */
export const unavailableError = (message: string) => new ApprovalError(503, 'approval_state_unavailable', message);

export const invalidError = (message: string, code = 'invalid_request') => new ApprovalError(400, code, message);

export const conflictError = (message: string) => new ApprovalError(409, 'approval_conflict', message);
