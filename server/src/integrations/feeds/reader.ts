import { feedMessages } from '@linkhive/shared/domain';
import { FetchRefused, fetchMessages } from '../page-fetch/address-guard.js';
import type { GuardedFetch } from '../page-fetch/guarded-fetch.js';
import { decodeFeed } from './decode.js';
import { FeedInvalid, parseFeed, type ParsedFeed } from './parse.js';

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedRead =
  ({ kind: 'not_modified' } & Validators) | ({ kind: 'parsed'; feed: ParsedFeed; encoding: string } & Validators);

/** A feed that could not be read; `detail` is the text shown to the user beside the source. */
export class FeedFailed extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'FeedFailed';
  }
}

export interface FeedReaderOptions {
  /** The time limit of one feed, redirects and body included. */
  timeoutMs?: number;
  maxBytes?: number;
}

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? null;

export type FeedReader = (url: string, known?: Validators | null) => Promise<FeedRead>;

/**
 * Fetches a feed through the guarded fetcher, conditionally when validators are known, and parses
 * what comes back. A 304 answers without a body, so nothing is parsed.
 */
export function createFeedReader(fetchPage: GuardedFetch, opts: FeedReaderOptions = {}): FeedReader {
  return async (url, known) => {
    const headers: Record<string, string> = {};
    if (known?.etag) headers['if-none-match'] = known.etag;
    if (known?.lastModified) headers['if-modified-since'] = known.lastModified;
    let res;
    try {
      res = await fetchPage(url, {
        timeoutMs: opts.timeoutMs ?? 10_000,
        maxBytes: opts.maxBytes ?? 2 * 1024 * 1024,
        accept:
          'application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
        headers,
      });
    } catch (e) {
      // The guard's own words say more than a generic failure, except for a plain network error.
      const specific = e instanceof FetchRefused && e.message !== fetchMessages.unreachable;
      throw new FeedFailed(specific ? e.message : feedMessages.fetchFailed);
    }
    if (res.status === 304 && known) {
      return {
        kind: 'not_modified',
        etag: header(res.headers.etag) ?? known.etag,
        lastModified: header(res.headers['last-modified']) ?? known.lastModified,
      };
    }
    if (res.status < 200 || res.status >= 300) throw new FeedFailed(feedMessages.fetchFailed);
    const { text, encoding } = decodeFeed(res.body, header(res.headers['content-type']) ?? undefined);
    try {
      const feed = await parseFeed(text, res.url);
      return {
        kind: 'parsed',
        feed,
        encoding,
        etag: header(res.headers.etag),
        lastModified: header(res.headers['last-modified']),
      };
    } catch (e) {
      if (e instanceof FeedInvalid) throw new FeedFailed(feedMessages.notAFeed);
      throw e;
    }
  };
}
