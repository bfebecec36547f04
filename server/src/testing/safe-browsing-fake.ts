import http from 'node:http';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface SafeBrowsingRequest {
  /** The `key` query parameter, as the SDK sends it. */
  key: string | null;
  body: any;
}

/**
 * A 200 answer that is not Safe Browsing's: a proxy's or captive portal's HTML page, JSON cut off
 * mid-way, an empty body, or JSON whose `matches` is of the wrong shape.
 */
export type SafeBrowsingJunk =
  'html' | 'truncated' | 'empty' | 'not-an-object' | 'matches-string' | 'matches-object' | 'match-without-type';

export const safeBrowsingJunk: Record<SafeBrowsingJunk, { type: string; body: string }> = {
  html: {
    type: 'text/html; charset=UTF-8',
    body: '<!DOCTYPE html><html><body><h1>Sign in to continue</h1></body></html>',
  },
  truncated: { type: 'application/json; charset=UTF-8', body: '{"matches":[{"threatType":"MALWARE","platformT' },
  empty: { type: 'application/json; charset=UTF-8', body: '' },
  'not-an-object': { type: 'application/json; charset=UTF-8', body: '["MALWARE"]' },
  'matches-string': { type: 'application/json; charset=UTF-8', body: '{"matches":"MALWARE"}' },
  'matches-object': { type: 'application/json; charset=UTF-8', body: '{"matches":{"threatType":"MALWARE"}}' },
  'match-without-type': {
    type: 'application/json; charset=UTF-8',
    body: '{"matches":[{"platformType":"ANY_PLATFORM","threat":{"url":"https://x.example/"}}]}',
  },
};

/** A request held by `hold`: `arrived` resolves when it comes in, `release` lets it be answered. */
export interface HeldRequest {
  arrived: Promise<void>;
  release(): void;
}

export interface SafeBrowsingFake {
  /** The base address, for SAFE_BROWSING_URL: no trailing slash. */
  url: string;
  /** The one key the fake accepts, for SAFE_BROWSING_KEY. */
  key: string;
  /** Every request to threatMatches:find, oldest first, answered or not. */
  requests: SafeBrowsingRequest[];
  /** Answers a match of each of these threat types (those the request asks about) for the address. */
  flag(url: string, threatTypes: string[]): void;
  /**
   * Answers the next `times` requests (all of them without `times`) with Google's error for the
   * status, or, with 'hang', never answers them, so that the client's timeout ends them.
   */
  failWith(status: number | 'hang', times?: number): void;
  /** Answers the next `times` requests (all of them without `times`) with a 200 of this junk. */
  answerJunk(kind: SafeBrowsingJunk, times?: number): void;
  /**
   * Holds the next request about this address unanswered until `release()`; it is then answered as
   * the fake stands at that moment. A test uses it to change things while a check is under way.
   */
  hold(url: string): HeldRequest;
  /** Resolves once `n` requests have arrived in all. */
  waitForRequests(n: number): Promise<void>;
  close(): Promise<void>;
}

// Google's names for the statuses its APIs answer (google.rpc.Code).
const statusNames: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const messages: Record<number, string> = {
  429: 'Quota exceeded for quota metric',
  500: 'Internal error encountered.',
  503: 'The service is currently unavailable.',
};

const errorBody = (code: number, message = messages[code] ?? 'Request failed.', details?: object[]) => ({
  error: { code, message, status: statusNames[code] ?? 'UNKNOWN', ...(details ? { details } : {}) },
});

const badKey = errorBody(400, 'API key not valid. Please pass a valid API key.', [
  {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason: 'API_KEY_INVALID',
    domain: 'googleapis.com',
    metadata: { service: 'safebrowsing.googleapis.com' },
  },
]);

/**
 * A stand-in for the Safe Browsing Lookup API v4 on 127.0.0.1: POST /v4/threatMatches:find with
 * `?key=`, answered in Google's documented shapes (`{}` when nothing matches).
 */
export async function startSafeBrowsingFake(opts: { key?: string } = {}): Promise<SafeBrowsingFake> {
  const key = opts.key ?? `fake-key-${randomUUID()}`;
  const requests: SafeBrowsingRequest[] = [];
  const flagged = new Map<string, string[]>();
  const waiting: { n: number; resolve(): void }[] = [];
  let failure: { status: number | 'hang' | SafeBrowsingJunk; left: number } | null = null;
  const holds = new Map<string, { arrived(): void; released: Promise<void> }>();

  const arrived = (request: SafeBrowsingRequest) => {
    requests.push(request);
    for (const w of waiting.filter((w) => requests.length >= w.n)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };

  const server = http.createServer(async (req, res) => {
    const answer = (status: number, body: object) =>
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
    const url = new URL(req.url ?? '/', 'http://fake');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== 'POST' || url.pathname !== '/v4/threatMatches:find') return answer(404, errorBody(404));
    let body: any;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return answer(400, errorBody(400, 'Invalid JSON payload received.'));
    }
    arrived({ key: url.searchParams.get('key'), body });
    const held = holds.get(body?.threatInfo?.threatEntries?.[0]?.url ?? '');
    if (held) {
      holds.delete(body.threatInfo.threatEntries[0].url);
      held.arrived();
      await held.released;
    }

    if (failure) {
      const { status } = failure;
      if (--failure.left <= 0) failure = null;
      if (status === 'hang') return;
      if (typeof status === 'string') {
        const junk = safeBrowsingJunk[status];
        return res.writeHead(200, { 'content-type': junk.type }).end(junk.body);
      }
      return answer(status, errorBody(status));
    }
    if (url.searchParams.get('key') !== key) return answer(400, badKey);
    const asked = new Set<string>(body?.threatInfo?.threatTypes ?? []);
    const matches = (body?.threatInfo?.threatEntries ?? []).flatMap((entry: { url?: string }) =>
      (flagged.get(entry.url ?? '') ?? [])
        .filter((type) => asked.has(type))
        .map((threatType) => ({
          threatType,
          platformType: 'ANY_PLATFORM',
          threat: { url: entry.url },
          cacheDuration: '300s',
          threatEntryType: 'URL',
        })),
    );
    answer(200, matches.length ? { matches } : {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    key,
    requests,
    flag: (url, threatTypes) => void flagged.set(url, threatTypes),
    failWith: (status, times = Infinity) => void (failure = times > 0 ? { status, left: times } : null),
    answerJunk: (kind, times = Infinity) => void (failure = times > 0 ? { status: kind, left: times } : null),
    hold(url) {
      let arrived!: () => void;
      let release!: () => void;
      const came = new Promise<void>((resolve) => (arrived = resolve));
      holds.set(url, { arrived, released: new Promise<void>((resolve) => (release = resolve)) });
      return { arrived: came, release };
    },
    waitForRequests: (n) =>
      requests.length >= n ? Promise.resolve() : new Promise((resolve) => waiting.push({ n, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // a hung request would otherwise keep it open
        server.close(() => resolve());
      }),
  };
}
