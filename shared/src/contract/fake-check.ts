import type { z } from 'zod';
import { declaresError, errorAnswerSchema, matchEndpoint, type EndpointDefinition } from './endpoint.js';
import { allEndpoints } from './index.js';

// For the test fakes of the web app and the extension (issue 28): a fake answers through the
// contract, so it cannot answer a shape, a status or an error code the server does not. Tests once
// passed against `not_authenticated` and `bad_gateway`, which the server never sends.

/** What is wrong with a fake's answer to this request, or null when the server could send it. */
export function fakeAnswerOffContract(
  method: string,
  url: string,
  status: number,
  body: unknown,
  endpoints: readonly EndpointDefinition[] = allEndpoints,
): string | null {
  const path = new URL(url, 'http://fake').pathname;
  if (!path.startsWith('/api/')) return null;
  const found = matchEndpoint(endpoints, method, path);
  const where = `${method} ${path} (fake answer ${status})`;
  if (!found) return status === 404 ? null : `${where}: no endpoint of the contract answers this`;
  const e = found.endpoint;
  // A gateway in front of the server (its own page, no JSON) is the proxy's answer, not the server's.
  if (status >= 500 && body === undefined) return null;
  if (status >= 400) {
    const parsed = errorAnswerSchema.safeParse(body);
    if (!parsed.success) return `${where}: not the error shape { error: { code, message } }`;
    const { code } = parsed.data.error;
    return declaresError(e, status, code) ? null : `${where}: ${e.method} ${e.path} never answers ${status} ${code}`;
  }
  const declared = e.answers[status];
  if (!declared) return `${where}: ${e.method} ${e.path} never answers ${status}`;
  if (!('safeParse' in declared)) return null;
  const parsed = (declared as z.ZodType).safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return `${where}: ${issue.path.join('.') || '(body)'}: ${issue.message}`;
}

/** The fakes' answers that were off the contract, for the test setup to fail the test that got them. */
export const fakeAnswersOffContract: string[] = [];

/** Notes the fake's answer if it is one the server could not send. */
export function noteFakeAnswer(method: string, url: string, status: number, body: unknown): void {
  const problem = fakeAnswerOffContract(method, url, status, body);
  if (problem) fakeAnswersOffContract.push(problem);
}
