// One error body everywhere: {"error": "<human sentence>", "code": "<stable_snake_case>"} plus
// the extra fields the spec names for a given response.

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
  body(): Record<string, unknown> {
    return { error: this.message, code: this.code, ...this.extra };
  }
}

export const badRequest = (message: string, code = 'invalid_request', extra?: Record<string, unknown>) =>
  new HttpError(400, code, message, extra);
export const notFound = (message: string, code = 'not_found') => new HttpError(404, code, message);
export const unavailable = (message: string, code = 'unavailable', extra?: Record<string, unknown>) =>
  new HttpError(503, code, message, extra);
