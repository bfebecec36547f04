import robotsParser from 'robots-parser';
import { FetchRefused, lastingRefusals } from '../../integrations/page-fetch/address-guard.js';
import type { GuardedFetch } from '../../integrations/page-fetch/guarded-fetch.js';

/** The name robots.txt rules address the crawler by (its User-Agent says LinkhiveBot/1.0). */
export const crawlerName = 'LinkhiveBot';

/** How long a site's robots.txt is trusted, and how many sites' rules are kept. */
const robotsTtlMs = 24 * 60 * 60_000;
const robotsKept = 2000;

/** A site's robots.txt could not be read now (a timeout, a 5xx): its pages are read later. */
export class RobotsUnreadable extends Error {}

/**
 * A site's robots.txt, as the crawler obeys it: rules for LinkhiveBot, else for every robot. Read
 * once a day a site through the guarded fetcher (so a private address stays refused). A site with
 * none (4xx) allows everything; one that cannot be read now (a timeout, a 5xx) allows nothing
 * meanwhile, as the robots exclusion standard (RFC 9309) says: `allows` throws `RobotsUnreadable`,
 * a failure of the site, so that the crawler reads the page later rather than never. It is asked
 * again next time.
 */
export function robotsRules(fetchPage: GuardedFetch, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; allows: (url: string) => boolean }>();

  async function rulesOf(origin: string): Promise<(url: string) => boolean> {
    const hit = cache.get(origin);
    if (hit && now() - hit.at < robotsTtlMs) return hit.allows;
    let allows: (url: string) => boolean;
    try {
      const res = await fetchPage(`${origin}/robots.txt`, {
        maxBytes: 500 * 1024,
        truncate: true,
        timeoutMs: 10_000,
        accept: 'text/plain,*/*;q=0.1',
      });
      if (res.status >= 500) throw new RobotsUnreadable(`robots.txt answered ${res.status}`);
      if (res.status >= 400) allows = () => true;
      else {
        const robots = robotsParser(`${origin}/robots.txt`, res.body.toString('utf8'));
        allows = (url) => robots.isAllowed(url, crawlerName) !== false;
      }
    } catch (e) {
      // A refusal of the address itself (a private one, a scheme) stands for its pages too.
      if (e instanceof FetchRefused && lastingRefusals.has(e.message)) throw e;
      throw e instanceof RobotsUnreadable ? e : new RobotsUnreadable(`robots.txt: ${(e as Error).message}`);
    }
    if (cache.size >= robotsKept) cache.delete(cache.keys().next().value!);
    cache.set(origin, { at: now(), allows });
    return allows;
  }

  return {
    /** Whether the crawler may read this address. */
    async allows(url: string): Promise<boolean> {
      return (await rulesOf(new URL(url).origin))(url);
    },
  };
}

/**
 * One request at a time to a site (a host name as `domainOf` writes it), with a pause after each:
 * however many pages of one site an import brings, the site sees the crawler as one slow reader.
 */
export function siteTurns(pauseMs: number) {
  const lines = new Map<string, Promise<unknown>>();
  return {
    /** The sites with a request under way or their pause after one: a page of theirs would wait its turn. */
    busy: (): string[] => [...lines.keys()],
    async take<T>(host: string, work: () => Promise<T>): Promise<T> {
      const before = lines.get(host) ?? Promise.resolve();
      let done!: () => void;
      const mine = new Promise<void>((r) => (done = r));
      const line = before.then(() => mine);
      lines.set(host, line);
      await before;
      try {
        return await work();
      } finally {
        setTimeout(() => {
          done();
          if (lines.get(host) === line) lines.delete(host);
        }, pauseMs).unref();
      }
    },
  };
}

export type RobotsRules = ReturnType<typeof robotsRules>;
export type SiteTurns = ReturnType<typeof siteTurns>;
