import type { ErrorRequestHandler } from 'express';
import type { z } from 'zod';
import { httpMessages } from '@linkhive/shared/domain';
import { AnswerOffContract, errorOffContract } from './contract-route.js';

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

interface LoggerLike {
  error(obj: object, msg?: string): void;
}

export function errorHandler(log: LoggerLike): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let e: AppError;
    if (err instanceof AppError) e = err;
    else if (err?.type === 'entity.parse.failed') e = new AppError(400, 'malformed_json', httpMessages.malformedJson);
    else if (err?.type === 'entity.too.large') e = new AppError(413, 'too_large', httpMessages.bodyTooLarge);
    else if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500)
      e = new AppError(err.status, 'bad_request', err.expose ? String(err.message) : httpMessages.internal);
    else if (err instanceof AnswerOffContract) {
      log.error({ err, reqId: req.id }, 'answer off contract');
      e = new AppError(500, 'answer_off_contract', err.message);
    } else {
      log.error({ err, reqId: req.id }, 'unhandled error');
      e = new AppError(500, 'internal', httpMessages.internal);
    }
    // With answers checked (tests), an error the endpoint's contract does not declare fails the request.
    const undeclared = err instanceof AnswerOffContract ? null : errorOffContract(req, res, e.status, e.code);
    if (undeclared) {
      log.error({ reqId: req.id, code: e.code, message: e.message }, undeclared);
      e = new AppError(500, 'answer_off_contract', undeclared);
    }
    if (res.headersSent) return;
    if (e.headers) res.set(e.headers);
    res.status(e.status).json({ error: { code: e.code, message: e.message, ...(e.field ? { field: e.field } : {}) } });
  };
}
