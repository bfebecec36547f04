import type { z } from 'zod';
import { apiErrorAnswerSchema, okAnswerSchema } from '../domain/extension.js';

// One definition per endpoint (issue 28): its method and path, the schemas of what it reads, the
// schema of each answer it can give and the error codes it can send. The server binds its routes
// to these (server/src/http/contract-route.ts), the clients call through them (shared/api), the
// test fakes answer through them and the OpenAPI document is generated from them (openapi.ts).

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Who may call: anyone, a signed-in user (cookie or bearer token), or an admin. */
export type Access = 'public' | 'user' | 'admin';

/** Error codes an endpoint can answer, by status, beyond those every endpoint can (commonErrors). */
export type ErrorCodes = Partial<Record<number, readonly string[]>>;

export interface EndpointDefinition {
  method: Method;
  /** Express style, parameters as `:name`: '/api/bookmarks/:id'. */
  path: `/api${string}`;
  /** One line for the OpenAPI document. */
  summary: string;
  /** The feature it belongs to: the OpenAPI tag and the contract module's name. */
  tag: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A body that is not JSON: a multipart form (uploads), or raw bytes (a signed webhook). */
  bodyKind?: 'multipart' | 'raw';
  /**
   * The answers by status. A schema for JSON; a media type for a file or a stream, which is not
   * checked; several statuses when the endpoint answers more than one way (200 or 202).
   */
  answers: Record<number, z.ZodType | { mediaType: string }>;
  errors?: ErrorCodes;
}

/** Declares an endpoint; `const` keeps the literal statuses and schemas for the typed client. */
export function endpoint<const E extends EndpointDefinition>(e: E): E {
  return e;
}

/** The one shape of every error answer. */
export const errorAnswerSchema = apiErrorAnswerSchema;
export type ErrorAnswer = z.output<typeof errorAnswerSchema>;

/** `{ ok: true }`: a change that has nothing else to say. */
export const okSchema = okAnswerSchema;

/**
 * Errors any endpoint can answer, whatever it does: a body that is not JSON or too large, a
 * cross-site write refused, an extension too old, a rate limit, the database gone, a bug.
 */
export const commonErrors: ErrorCodes = {
  400: ['malformed_json', 'bad_request'],
  403: ['forbidden'],
  404: ['not_found'],
  413: ['too_large'],
  426: ['extension_outdated'],
  429: ['rate_limited'],
  500: ['internal'],
  503: ['database_unavailable'],
};

/** Every error the endpoint can answer: its own, the common ones, and those its inputs and access imply. */
export function errorsOf(e: EndpointDefinition): Map<number, Set<string>> {
  const all = new Map<number, Set<string>>();
  const add = (codes: ErrorCodes) => {
    for (const [status, list] of Object.entries(codes)) {
      const set = all.get(Number(status)) ?? new Set<string>();
      for (const code of list ?? []) set.add(code);
      all.set(Number(status), set);
    }
  };
  add(commonErrors);
  if (e.params || e.query || e.body || e.bodyKind) add({ 400: ['invalid'] });
  if (e.access !== 'public') add({ 401: ['unauthenticated'] });
  add(e.errors ?? {});
  return all;
}

/** Whether the endpoint may answer this error. */
export function declaresError(e: EndpointDefinition, status: number, code: string): boolean {
  return errorsOf(e).get(status)?.has(code) ?? false;
}

type JsonAnswers<E extends EndpointDefinition> = {
  [S in keyof E['answers']]: E['answers'][S] extends z.ZodType ? z.output<E['answers'][S]> : Blob;
};
/** What a call of the endpoint resolves to: the output of its success schemas. */
export type AnswerOf<E extends EndpointDefinition> = JsonAnswers<E>[keyof E['answers']];

type Schema<T> = T extends z.ZodType ? T : never;
type Part<
  E extends EndpointDefinition,
  K extends 'params' | 'query' | 'body',
  As extends 'in' | 'out',
> = E[K] extends z.ZodType ? (As extends 'in' ? z.input<Schema<E[K]>> : z.output<Schema<E[K]>>) : undefined;

/** What a caller gives: path parameters, query and body as their schemas read them. */
export type InputOf<E extends EndpointDefinition> = {
  params: Part<E, 'params', 'in'>;
  query: Part<E, 'query', 'in'>;
  body: Part<E, 'body', 'in'>;
};

/** What a handler gets: the same, parsed. */
export type ParsedInputOf<E extends EndpointDefinition> = {
  params: E['params'] extends z.ZodType ? z.output<E['params']> : Record<string, string>;
  query: Part<E, 'query', 'out'>;
  body: Part<E, 'body', 'out'>;
};

export { pathOf, queryString } from './paths.js';

/** The endpoint that answers this method and path (no query), if any: how fakes and checks find theirs. */
/** A path segment decoded; one that is not valid percent-encoding ('%E0%A4%A') as it came. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function matchEndpoint<E extends EndpointDefinition>(
  endpoints: readonly E[],
  method: string,
  path: string,
): { endpoint: E; params: Record<string, string> } | null {
  const wanted = path.split('?')[0]!.split('/');
  // Fixed segments win over parameters, as the server's route order makes '/bookmarks/lookup'
  // answer before '/bookmarks/:id'.
  let best: { endpoint: E; params: Record<string, string>; fixed: number } | null = null;
  for (const e of endpoints) {
    if (e.method !== method.toUpperCase()) continue;
    const parts = e.path.split('/');
    if (parts.length !== wanted.length) continue;
    const params: Record<string, string> = {};
    let fixed = 0;
    const fits = parts.every((part, i) => {
      if (part.startsWith(':')) {
        if (!wanted[i]) return false;
        params[part.slice(1)] = decoded(wanted[i]!);
        return true;
      }
      fixed++;
      return part === wanted[i];
    });
    if (fits && (!best || fixed > best.fixed)) best = { endpoint: e, params, fixed };
  }
  return best && { endpoint: best.endpoint, params: best.params };
}

/** Each endpoint's method and path, by feature and name: what shared/src/contract/routes.ts holds. */
export function routesOf(c: Record<string, Record<string, EndpointDefinition>>) {
  return Object.fromEntries(
    Object.entries(c).map(([feature, endpoints]) => [
      feature,
      Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, { method: e.method, path: e.path }])),
    ]),
  );
}
