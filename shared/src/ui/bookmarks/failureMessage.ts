import { ApiError } from '../../domain/index.js';

/**
 * The text shown when a host callback fails. The server's messages (ApiError) and errors a host
 * throws on purpose (a plain Error) are meant for the user; anything else, such as a TypeError, is a
 * bug whose text would mean nothing to them, so the form's fallback is shown instead.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  if (error instanceof Error && error.name === 'Error' && error.message) return error.message;
  return fallback;
}
