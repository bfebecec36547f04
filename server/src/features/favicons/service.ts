import { createHash } from 'node:crypto';
import type { FileStore } from '../../integrations/files/index.js';
import { domainOfUrl } from '@linkhive/shared/domain';
import type { FetchBudget } from '../../http/fetch-budget.js';
import type { GuardedFetch } from '../../integrations/page-fetch/guarded-fetch.js';
import { decodeHtml, readPageMeta } from '../../integrations/page-fetch/page-meta.js';
import type { FaviconRepository } from './repository.js';

const weekMs = 7 * 24 * 60 * 60 * 1000;

/** A host name as the route takes it and as bookmarks store it. */
export const hostname = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/i;

// Raster formats only: an SVG from a stranger's site served from our origin could carry script.
const imageTypes: [string, (b: Buffer) => boolean][] = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/x-icon', (b) => b.readUInt32BE(0) === 0x00000100],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  [
    'image/webp',
    (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  ],
];

export const sniffImage = (b: Buffer) =>
  b.length >= 12 ? (imageTypes.find(([, test]) => test(b))?.[0] ?? null) : null;

/** A letter on a coloured square, for sites without a usable icon. */
export function letterIcon(domain: string): string {
  const hue = parseInt(createHash('md5').update(domain).digest('hex').slice(0, 4), 16) % 360;
  const letter = (domain.replace(/^www\./, '')[0] ?? '?').toUpperCase().replace(/[^A-Z0-9]/, '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="hsl(${hue},55%,45%)"/><text x="16" y="22" font-family="Arial,sans-serif" font-size="18" font-weight="bold" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
}

/**
 * Background lookups at a time per process: a page of 200 new sites does not open 200 at once, and
 * their DNS lookups (libuv's pool of 4 threads) leave room for the server's own file and crypto work.
 */
const parallelLookups = 2;
/** A save or list lets icons of its sites be looked up for this long, for at most this many sites. */
const wantedMs = 24 * 60 * 60 * 1000;
const wantedMax = 10_000;

export type Icon = { type: string; body: Buffer };

export function faviconService(
  repo: FaviconRepository,
  files: FileStore,
  fetchPage: GuardedFetch,
  opts: { budget: FetchBudget },
) {
  let stopped = false;

  async function image(url: string): Promise<Icon | null> {
    try {
      const res = await fetchPage(url, { maxBytes: 200_000, timeoutMs: 4_000, accept: 'image/*' });
      const type = res.status === 200 ? sniffImage(res.body) : null;
      return type ? { type, body: res.body } : null;
    } catch {
      return null;
    }
  }

  /** The icons the home page declares, for sites whose icon is not at /favicon.ico. */
  async function declaredIcons(home: string): Promise<string[]> {
    try {
      const res = await fetchPage(home, { maxBytes: 300_000, timeoutMs: 4_000, accept: 'text/html' });
      if (res.status !== 200) return [];
      const contentType = res.headers['content-type'];
      return readPageMeta(decodeHtml(res.body, contentType), res.url || home).icons.slice(0, 3);
    } catch {
      return [];
    }
  }

  /**
   * A missing icon is normal: every failure here just moves on to the next place to look. The
   * domain's usual addresses come first, so a link to some other port of a host decides its icon
   * only when the host itself has none.
   */
  async function fetchIcon(domain: string, origin?: string): Promise<Icon | null> {
    const origins = [...new Set([`https://${domain}`, `http://${domain}`, ...(origin ? [origin] : [])])];
    for (const o of origins) {
      const icon = await image(`${o}/favicon.ico`);
      if (icon) return icon;
    }
    for (const o of origins) {
      for (const href of await declaredIcons(`${o}/`)) {
        const icon = await image(href);
        if (icon) return icon;
      }
    }
    return null;
  }

  async function refresh(domain: string, origin?: string): Promise<void> {
    const icon = await fetchIcon(domain, origin);
    if (stopped) return;
    const name = `${createHash('sha1').update(domain).digest('hex').slice(0, 20)}.img`;
    const file = icon ? await files.put('favicons', name, icon.body) : null;
    const values = {
      status: icon ? ('ok' as const) : ('missing' as const),
      content_type: icon?.type ?? null,
      file,
      fetched_at: new Date().toISOString(),
    };
    await repo.store(domain, values);
  }

  const inFlight = new Map<string, Promise<void>>();
  const waiting: (() => void)[] = [];
  let running = 0;

  async function inTurn(run: () => Promise<void>): Promise<void> {
    while (running >= parallelLookups && !stopped) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      await run();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }

  /** Looks a domain up in the background, charged to the user's budget; false when it is spent. */
  async function lookUp(userId: string, domain: string, origin?: string): Promise<boolean> {
    if (stopped) return false;
    if (inFlight.has(domain)) return true;
    if (!(await opts.budget.take(userId))) return false;
    if (inFlight.has(domain)) return true;
    const job = inTurn(() => (stopped ? Promise.resolve() : refresh(domain, origin)))
      .catch(() => {})
      .finally(() => inFlight.delete(domain));
    inFlight.set(domain, job);
    return true;
  }

  const stale = (fetchedAt: string) => Date.now() - new Date(fetchedAt).getTime() > weekMs;

  // Who saved or listed a link of a domain lately (see want below). Only a hint: a server that
  // restarts, or another process, may not have it, and then the icon waits for the next list.
  const wanted = new Map<string, { userId: string; origin: string; at: number }>();
  const voucher = (domain: string) => {
    const v = wanted.get(domain);
    return v && Date.now() - v.at < wantedMs ? v : undefined;
  };

  return {
    /** Resolves when the background lookups under way are done (tests). */
    async settled() {
      await Promise.all(inFlight.values());
    },

    /** On shutdown: queued lookups are dropped and running ones store nothing, without waiting for sites. */
    stop() {
      stopped = true;
      for (const next of waiting.splice(0)) next();
    },

    /**
     * The stored icon of a domain, or null (the letter icon) while none is known; `known` is false
     * when no lookup has answered yet. A miss never waits for the site. A lookup starts (in the
     * background, charged to that user's budget) only for a signed-in user's request or for a site
     * that a signed-in user saved or listed lately; anything else is answered from the cache alone,
     * so a stranger's request never makes the server fetch.
     */
    async get(domain: string, userId: string | null): Promise<{ icon: Icon | null; known: boolean }> {
      const row = await repo.find(domain);
      if (!row || stale(row.fetched_at)) {
        const v = voucher(domain);
        const payer = userId ?? v?.userId;
        if (payer) await lookUp(payer, domain, v?.origin);
      }
      if (row?.status === 'ok' && row.file) {
        const body = await files.read(row.file);
        if (body) return { icon: { type: row.content_type ?? 'image/x-icon', body }, known: true };
      }
      return { icon: null, known: row?.status === 'missing' };
    },

    /**
     * Notes that a signed-in user saved or listed these links, so that a request for one of their
     * icons without a session (the extension's <img> carries no token) may look it up, charged to
     * that user. Nothing is fetched here: only icons that some client goes on to show are looked up,
     * and each link's own origin is tried after the domain's usual addresses.
     */
    want(userId: string, links: string[]): void {
      for (const link of links) {
        const u = new URL(link);
        const domain = domainOfUrl(u);
        if (!hostname.test(domain)) continue;
        wanted.delete(domain);
        wanted.set(domain, { userId, origin: u.origin, at: Date.now() });
      }
      // Oldest first: Map keeps the order of insertion.
      for (const domain of wanted.keys()) {
        if (wanted.size <= wantedMax) break;
        wanted.delete(domain);
      }
    },

    /** Fetches and stores one domain's icon now (tests). */
    refresh,
  };
}

export type FaviconService = ReturnType<typeof faviconService>;
