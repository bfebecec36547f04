import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import {
  declaresError,
  matchEndpoint,
  type AnswerOf,
  type EndpointDefinition,
  type ParsedInputOf,
} from '@linkhive/shared/contract';
import { parse } from './validate.js';

/**
 * Routes bound to their contract entries (shared/src/contract, issue 28): the route's path and
 * method come from the entry, its inputs are parsed with the entry's schemas, and when answers are
 * checked (tests, CHECK_ANSWERS=1) every answer must be one the entry declares, or the request
 * fails with 500 `answer_off_contract` naming what was wrong: a test fails when the server answers
 * something the contract does not say.
 */

/** An answer with a status other than the endpoint's first: `reply(202, job)`. */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly body: T,
  ) {}
}
export const reply = <T>(status: number, body: T) => new Reply(status, body);

type Handler<E extends EndpointDefinition> = (
  input: ParsedInputOf<E>,
  req: Request,
  res: Response,
) => Promise<AnswerOf<E> | Reply<AnswerOf<E>> | void>;

const bound = Symbol('contract endpoint');
const checking = () => process.env.CHECK_ANSWERS === '1';

/** The endpoint a request was routed to: the error handler checks errors against it. */
export function endpointOf(res: Response): EndpointDefinition | undefined {
  return res.locals[bound as unknown as string] as EndpointDefinition | undefined;
}

/** The endpoint a route's handler was bound to, if it was: the coverage test finds routes that were not. */
export function boundEndpoint(fn: unknown): EndpointDefinition | undefined {
  return typeof fn === 'function' && bound in fn
    ? (fn as unknown as Record<symbol, EndpointDefinition>)[bound]
    : undefined;
}

export class AnswerOffContract extends Error {}

/**
 * Every endpoint bound in this process. A router's own middleware (`r.use(requireUser)`) runs
 * before any route of it matched, so an error it sends carries no endpoint: the error handler finds
 * the endpoint by the request's method and path among these.
 */
const boundEndpoints = new Set<EndpointDefinition>();

/**
 * Binds `handler` on `router` for the endpoint, at its path below `base` (where the router is
 * mounted). Middlewares (`before`) run first, as in Express. A handler returns the answer's body
 * (sent with the endpoint's first status) or a `Reply`; it may also write the answer itself (a
 * file, a stream, cookies) and return nothing.
 */
export function route<E extends EndpointDefinition>(
  router: Router,
  e: E,
  ...rest: [...before: RequestHandler[], handler: Handler<E>]
): void {
  const handler = rest.pop() as Handler<E>;
  const before = rest as RequestHandler[];
  const base = baseOf(router);
  if (!e.path.startsWith(base)) throw new Error(`${e.path} is not below ${base}`);
  const local = e.path.slice(base.length) || '/';
  const firstStatus = Number(Object.keys(e.answers)[0]);

  const mark: RequestHandler = (_req, res, next) => {
    res.locals[bound as unknown as string] = e;
    next();
  };
  const run = async (req: Request, res: Response, next: NextFunction) => {
    const input = {
      params: e.params ? parse(e.params, req.params) : req.params,
      query: e.query ? parse(e.query, req.query) : undefined,
      body: e.body && !e.bodyKind ? parse(e.body, req.body) : undefined,
    } as ParsedInputOf<E>;
    const answer = await handler(input, req, res);
    if (res.headersSent || answer === undefined) return;
    const { status, body } = answer instanceof Reply ? answer : { status: firstStatus, body: answer };
    if (checking()) {
      const problem = offContract(e, status, body);
      if (problem) return next(new AnswerOffContract(problem));
    }
    res.status(status).json(body);
  };
  Object.assign(run, { [bound]: e });
  boundEndpoints.add(e);
  const method = e.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete';
  router[method](local, mark, ...before, run);
}

/** What is wrong with this answer for the endpoint, or null when it is one the endpoint declares. */
export function offContract(e: EndpointDefinition, status: number, body: unknown): string | null {
  const declared = e.answers[status];
  if (!declared) return `${e.method} ${e.path} answered ${status}, which its contract does not declare`;
  if (!('safeParse' in declared)) return null;
  const result = (declared as z.ZodType).safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return `${e.method} ${e.path} answered ${status} off its contract: ${issue.path.join('.') || '(body)'}: ${issue.message}`;
}

/** For the error handler: whether this error answer is one the endpoint declares. */
export function errorOffContract(req: Request, res: Response, status: number, code: string): string | null {
  if (!checking()) return null;
  const e = endpointOf(res) ?? matchEndpoint([...boundEndpoints], req.method, req.originalUrl)?.endpoint;
  if (!e || declaresError(e, status, code)) return null;
  return `${e.method} ${e.path} answered ${status} ${code}, which its contract does not declare`;
}

// Routers say where they are mounted, so that the entry's full path can be bound below it.
const bases = new WeakMap<Router, string>();
/** A router for endpoints below `base` ('/api', '/api/auth'). */
export function mountedAt<R extends Router>(router: R, base: string): R {
  bases.set(router, base);
  return router;
}
function baseOf(router: Router): string {
  return bases.get(router) ?? '/api';
}
