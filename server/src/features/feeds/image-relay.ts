import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GuardedFetch } from '../../integrations/page-fetch/guarded-fetch.js';
import { sniffImage } from '../favicons/service.js';

const hourMs = 60 * 60_000;
const dayMs = 24 * hourMs;

/**
 * Feed images are shown through the server: the page's security policy allows images from our own
 * origin only, the reader's address is not handed to every feed's image host, and an SVG from a
 * stranger's site is never served. Only addresses the server itself put in an answer are relayed:
 * each carries a signature, so the relay is no open proxy. The signature needs no session, so a
 * client without cookies (the extension) can show the images too.
 */
export function imageRelay(secret: string, fetchPage: GuardedFetch, now: () => number = Date.now) {
  const key = createHmac('sha256', secret).update('feed-image-relay').digest();
  const signature = (url: string, expires: number) =>
    createHmac('sha256', key).update(`${expires}\n${url}`).digest('base64url').slice(0, 32);

  return {
    /**
     * The path a client loads the image from. It expires (feeds name the images, and feeds are
     * anyone's) a day or two later, at a whole hour so that the path stays cacheable meanwhile.
     */
    src(url: string): string {
      const expires = Math.ceil((now() + 2 * dayMs) / hourMs) * (hourMs / 1000);
      return `/api/feeds/image?url=${encodeURIComponent(url)}&exp=${expires}&sig=${signature(url, expires)}`;
    },

    verify(url: string, expires: number, sig: string): boolean {
      if (!Number.isSafeInteger(expires) || expires * 1000 < now()) return false;
      const want = Buffer.from(signature(url, expires));
      const given = Buffer.from(sig);
      return want.length === given.length && timingSafeEqual(want, given);
    },

    /** The image, if the address answers with a raster image; null otherwise. */
    async fetch(url: string): Promise<{ type: string; body: Buffer } | null> {
      try {
        const res = await fetchPage(url, { maxBytes: 3 * 1024 * 1024, timeoutMs: 8_000, accept: 'image/*' });
        const type = res.status === 200 ? sniffImage(res.body) : null;
        return type ? { type, body: res.body } : null;
      } catch {
        return null;
      }
    },
  };
}

export type ImageRelay = ReturnType<typeof imageRelay>;
