import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../integrations/files/index.js';
import type { GuardedFetch } from '../../integrations/page-fetch/guarded-fetch.js';
import { decodeHtml, readPageMeta } from '../../integrations/page-fetch/page-meta.js';

const weekMs = 7 * 24 * 60 * 60 * 1000;

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

export function faviconService(db: Kysely<Database>, files: FileStore, fetchPage: GuardedFetch) {
  async function image(url: string): Promise<{ type: string; body: Buffer } | null> {
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

  // A missing icon is normal: every failure here just moves on to the next place to look.
  async function fetchIcon(domain: string): Promise<{ type: string; body: Buffer } | null> {
    for (const scheme of ['https', 'http']) {
      const icon = await image(`${scheme}://${domain}/favicon.ico`);
      if (icon) return icon;
    }
    for (const scheme of ['https', 'http']) {
      for (const href of await declaredIcons(`${scheme}://${domain}/`)) {
        const icon = await image(href);
        if (icon) return icon;
      }
    }
    return null;
  }

  const inFlight = new Map<string, Promise<void>>();

  async function refresh(domain: string): Promise<void> {
    const icon = await fetchIcon(domain);
    const name = `${createHash('sha1').update(domain).digest('hex').slice(0, 20)}.img`;
    const file = icon ? await files.put('favicons', name, icon.body) : null;
    const values = {
      status: icon ? ('ok' as const) : ('missing' as const),
      content_type: icon?.type ?? null,
      file,
      fetched_at: new Date().toISOString(),
    };
    await db
      .insertInto('favicon')
      .values({ domain, ...values })
      .onConflict((oc) => oc.column('domain').doUpdateSet(values))
      .execute();
  }

  function refreshInBackground(domain: string) {
    if (inFlight.has(domain)) return;
    const job = refresh(domain)
      .catch(() => {})
      .finally(() => inFlight.delete(domain));
    inFlight.set(domain, job);
  }

  return {
    /** Resolves when the background fetches under way are done (tests). */
    settled: () => Promise.all([...inFlight.values()]).then(() => undefined),

    /**
     * The stored icon of a domain, or null (the letter icon) while none is known. A miss never waits
     * for the site: the icon is fetched in the background, so a list of fresh links does not tie up
     * the browser's connections; the next view gets it.
     */
    async get(domain: string): Promise<{ type: string; body: Buffer } | null> {
      const row = await db.selectFrom('favicon').selectAll().where('domain', '=', domain).executeTakeFirst();
      if (row?.status === 'ok' && row.file) {
        const body = await files.read(row.file);
        if (body) {
          if (Date.now() - new Date(row.fetched_at).getTime() > weekMs) refreshInBackground(domain);
          return { type: row.content_type ?? 'image/x-icon', body };
        }
      }
      if (!row || Date.now() - new Date(row.fetched_at).getTime() > weekMs) refreshInBackground(domain);
      return null;
    },

    /** Fetches and stores one domain's icon now; for tests and for the background refresh. */
    refresh,
  };
}

export type FaviconService = ReturnType<typeof faviconService>;
