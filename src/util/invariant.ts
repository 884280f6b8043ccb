// Reads whose presence the code around them has already established: an index below a length
// just checked, a capture group the pattern always fills, a key put in the map a line above.
// If one is ever missing, that is a bug in svc, not in the input; it surfaces as an
// InternalError (code internal_error) naming what was missing, never as a silently different
// value flowing on. Kept tiny so V8 inlines them on the hot paths of the shell reader.
import { SvcError } from './errors.js';

/** A broken invariant inside svc (answered as 500 internal_error). */
export class InternalError extends SvcError {
  override name = 'InternalError';
  constructor(message: string) {
    super('internal_error', message);
  }
}

/** items[i], which the caller has established exists. */
export function at<T extends {} | null>(items: ArrayLike<T>, i: number): T {
  const v = items[i];
  if (v === undefined) throw new InternalError(`no item at index ${i} of ${items.length}`);
  return v;
}

/** A value the caller has established is present (neither undefined nor null); `what` names it. */
export function present<T extends {}>(v: T | undefined | null, what: string): T {
  if (v === undefined || v === null) throw new InternalError(`${what} is missing`);
  return v;
}
