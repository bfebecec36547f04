import { extensionMessages, extensionVersionHeader } from '@linkhive/shared/domain';

/** What the options page says about a server address after one look at its /api/health. */
export type ServerCheck =
  | { kind: 'connected'; message: string }
  | { kind: 'unreachable'; message: string }
  | { kind: 'not-linkhive'; message: string }
  | { kind: 'outdated'; message: string }
  | { kind: 'trouble'; message: string };

export const serverCheckMessages = {
  connected: (url: string) => `Connected to ${url}`,
  unreachable: (url: string) => `${url} cannot be reached. Check the address and that the server is running.`,
  notLinkhive: (url: string) => `${url} answers, but it is not a Linkhive server. Check the address.`,
  trouble: (url: string, message: string) => `${url} is a Linkhive server but cannot serve just now: ${message}`,
} as const;

/** A check that gets no answer in this time says "cannot be reached" instead of spinning. */
export const serverCheckTimeoutMs = 8000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Asks `${serverUrl}/api/health` once, with a deadline, and reads the answer's shape: only a
 * Linkhive server answers `{ ok: true }`, or an error in its API's own shape. Anything else (a web
 * page, another app's JSON, a proxy's 502) is another thing at that address. One look, no retries:
 * the user pressed a button and waits for one answer.
 */
export async function checkServer(
  serverUrl: string,
  options: { fetch?: typeof fetch; version?: string; timeoutMs?: number } = {},
): Promise<ServerCheck> {
  const doFetch = options.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(`${serverUrl}/api/health`, {
      headers: {
        Accept: 'application/json',
        ...(options.version ? { [extensionVersionHeader]: options.version } : {}),
      },
      credentials: 'omit',
      signal: AbortSignal.timeout(options.timeoutMs ?? serverCheckTimeoutMs),
    });
  } catch {
    return { kind: 'unreachable', message: serverCheckMessages.unreachable(serverUrl) };
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return { kind: 'not-linkhive', message: serverCheckMessages.notLinkhive(serverUrl) };
  }
  if (res.ok && isRecord(body) && body.ok === true)
    return { kind: 'connected', message: serverCheckMessages.connected(serverUrl) };
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    if (res.status === 426) return { kind: 'outdated', message: extensionMessages.outdated };
    return { kind: 'trouble', message: serverCheckMessages.trouble(serverUrl, error.message) };
  }
  return { kind: 'not-linkhive', message: serverCheckMessages.notLinkhive(serverUrl) };
}
