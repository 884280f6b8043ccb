// Errors of the approval machinery, in the one error family: a stable code per outcome (the
// server maps codes to statuses), so library tests can assert what a user would see.
import { SvcError, UnavailableError, type ErrorCode } from '../util/errors.js';
import type { ApprovalStatus } from './types.js';

export const notFoundError = (id: string) => new SvcError('approval_not_found', `approval "${id}" not found`);

export const goneError = (id: string, status: ApprovalStatus) =>
  new SvcError('approval_resolved', `approval "${id}" is already ${status}; it cannot be resolved again`, {
    extra: { status },
  });

/** The durable state (journal or audit) could not be committed; nothing was published. */
export const unavailableError = (message: string, cause?: unknown) =>
  new UnavailableError('approval_state_unavailable', message, { cause });

export const invalidError = (message: string, code: ErrorCode = 'invalid_request') => new SvcError(code, message);

export const conflictError = (message: string) => new SvcError('approval_conflict', message);
