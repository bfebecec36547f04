import type { z } from 'zod';
import { httpMessages } from '@linkhive/shared/domain/messages';

// The API's failures, apart from the handler that answers them (errors.ts): zod-free and without
// the contract, so that the import worker throws them without loading every schema.

/** Every failure the API reports: one shape, `{ error: { code, message, field } }`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Sent with the answer, e.g. Retry-After on a 429 that a service (not a middleware) decided. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string, code = 'invalid') =>
  new AppError(400, code, message, field);
export const unauthorized = (message: string) => new AppError(401, 'unauthenticated', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const notFound = (message: string = httpMessages.notFound) => new AppError(404, 'not_found', message);
export const conflict = (message: string, field?: string, code = 'conflict') => new AppError(409, code, message, field);

/** 429 with Retry-After in whole seconds, for a per-account budget counted inside a service. */
export const tooManyRequests = (message: string, retryAfterS: number, code = 'rate_limited') =>
  new AppError(429, code, message, undefined, { 'Retry-After': String(Math.max(1, retryAfterS)) });

export function fromZod(error: z.ZodError): AppError {
  const issue = error.issues[0]!;
  return badRequest(issue.message, issue.path.length ? String(issue.path[0]) : undefined);
}
