import type { ErrorRequestHandler } from 'express';
import { httpMessages } from '@linkhive/shared/domain';
import { AppError } from './app-error.js';
import { AnswerOffContract, errorOffContract } from './contract-route.js';

export {
  AppError,
  badRequest,
  conflict,
  forbidden,
  fromZod,
  notFound,
  tooManyRequests,
  unauthorized,
} from './app-error.js';

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
