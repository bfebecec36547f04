import { httpMessages } from './messages.js';
import type { ApiErrorBody } from './user.js';

/** A failure as the server reports it, `{ error: { code, message, field } }`, on every client. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const networkErrorMessage = 'The server cannot be reached. Check your connection and try again.';

/** An answer in a shape the client does not know: a server newer (or older) than this page. */
export const unexpectedAnswerMessage =
  'The server answered in a way this page does not understand. Reload the page to get the latest version.';

/** A server that took the request and did not answer within the client's deadline. */
export const timeoutMessage = 'The server did not answer in time. Check your connection and try again.';

/**
 * The one reading of a failed answer: the server's own error when the body is one, else the
 * fallback for that status (a proxy in front of the server may answer with a page of its own).
 */
export function toApiError(status: number, body: unknown, fallbacks: Partial<Record<number, ApiError>> = {}): ApiError {
  const err = (body as ApiErrorBody | undefined)?.error;
  if (err && typeof err.message === 'string')
    return new ApiError(status, err.code ?? 'http_error', err.message, err.field);
  return fallbacks[status] ?? new ApiError(status, 'http_error', httpMessages.internal);
}
