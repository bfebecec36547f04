import type { safebrowsing_v4 } from '@googleapis/safebrowsing';
import { z } from 'zod';

export interface ThreatChecker {
  /** false without an API key: nothing is checked. */
  readonly enabled: boolean;
  /** The threat types the address matched, [] when clean. Throws when the service fails. */
  check(url: string): Promise<string[]>;
}

/** Every failure of a check: no key, an error answer, a timeout or no connection. */
export class ThreatCheckError extends Error {
  constructor(
    message: string,
    /** The service's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ThreatCheckError';
  }
}

export const threatTypes = ['MALWARE', 'SOCIAL_ENGINEERING', 'UNWANTED_SOFTWARE', 'POTENTIALLY_HARMFUL_APPLICATION'];

/**
 * The only answers that may clear an address: `{}` (nothing matched) or `{ matches: [...] }` whose
 * every entry names its threat type. A 200 of anything else (a proxy's HTML page, cut-off JSON, an
 * empty body, `matches` of another shape) says nothing about the address, so it is a failed check,
 * never a clean one. Other fields are Google's to add.
 */
const findAnswerSchema = z.object({
  matches: z.array(z.looseObject({ threatType: z.string().min(1) })).optional(),
});

/** Google asks a client to name itself and its version; this one changes when the request does. */
const client = { clientId: 'linkhive', clientVersion: '1.0.0' };

/** Safe Browsing Lookup API v4 (threatMatches:find) through Google's own SDK. */
export function createThreatChecker(opts: { key: string | null; baseUrl: string; timeoutMs?: number }): ThreatChecker {
  const { key } = opts;
  if (!key) {
    return {
      enabled: false,
      check: () => Promise.reject(new ThreatCheckError('Safe Browsing has no API key (SAFE_BROWSING_KEY)')),
    };
  }
  const timeout = opts.timeoutMs ?? 10_000;
  let sdk: Promise<safebrowsing_v4.Safebrowsing> | null = null;
  // The SDK and its auth library load on the first check, not when the server starts.
  const connect = () =>
    (sdk ??= import('@googleapis/safebrowsing').then(({ safebrowsing }) =>
      // The SDK posts to `${rootUrl}v4/threatMatches:find?key=...` (the base's own path is not kept).
      safebrowsing({ version: 'v4', auth: key, rootUrl: `${opts.baseUrl.replace(/\/+$/, '')}/` }),
    ));

  return {
    enabled: true,
    async check(url) {
      const api = await connect();
      const requestBody: safebrowsing_v4.Schema$GoogleSecuritySafebrowsingV4FindThreatMatchesRequest = {
        client,
        threatInfo: {
          threatTypes,
          platformTypes: ['ANY_PLATFORM'],
          threatEntryTypes: ['URL', 'EXECUTABLE'],
          threatEntries: [{ url }],
        },
      };
      let res: { status: number; data: unknown };
      try {
        // No retries here: the job queue retries a failed check, with its own spacing and limit.
        // 'json': the body is parsed whatever its content type, and left as text when it is not JSON.
        res = await api.threatMatches.find({ requestBody }, { timeout, retry: false, responseType: 'json' });
      } catch (err) {
        throw checkError(err, key, timeout);
      }
      const answer = findAnswerSchema.safeParse(res.data);
      if (!answer.success) throw new ThreatCheckError(`Safe Browsing answered ${res.status} with no readable answer`);
      return [...new Set((answer.data.matches ?? []).map((m) => m.threatType))];
    },
  };
}

/**
 * A short error that never carries the key: the SDK's own errors hold the request, whose address
 * has `?key=`, and a logger would write all of it.
 */
function checkError(err: any, key: string, timeout: number): ThreatCheckError {
  const status: number | undefined = err?.response?.status;
  if (status) {
    const google: unknown = err.response.data?.error?.message;
    return new ThreatCheckError(
      `Safe Browsing answered ${status}: ${typeof google === 'string' ? google : 'an error'}`,
      status,
    );
  }
  // The SDK reports its timeout as an abort.
  if ([err?.name, err?.cause?.name].some((n) => n === 'AbortError' || n === 'TimeoutError'))
    return new ThreatCheckError(`Safe Browsing did not answer within ${timeout} ms`);
  const reason = String(err?.code ?? err?.message ?? err).replaceAll(key, '[key]');
  return new ThreatCheckError(`Safe Browsing could not be reached: ${reason}`);
}
