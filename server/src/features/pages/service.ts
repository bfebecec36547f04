import { limits, type PagePreview } from '@linkhive/shared/domain';
import { AppError } from '../../http/errors.js';
import { FetchRefused, fetchMessages } from '../../integrations/page-fetch/address-guard.js';
import type { GuardedFetch } from '../../integrations/page-fetch/guarded-fetch.js';
import { decodeHtml, readPageMeta } from '../../integrations/page-fetch/page-meta.js';

export function pageService(fetchPage: GuardedFetch, screenshotsOn: boolean) {
  return {
    async preview(url: string): Promise<PagePreview> {
      let page;
      try {
        page = await fetchPage(url, { maxBytes: 1024 * 1024, timeoutMs: 8_000 });
      } catch (e) {
        if (e instanceof FetchRefused && e.message === fetchMessages.blocked)
          throw new AppError(400, 'fetch_refused', e.message, 'url');
        throw new AppError(
          502,
          'fetch_failed',
          e instanceof FetchRefused ? e.message : fetchMessages.unreachable,
          'url',
        );
      }
      const type = String(page.headers['content-type'] ?? '');
      if (page.status >= 400 || !/html|xml/i.test(type || 'text/html'))
        return { title: null, rssFeed: null, screenshot: screenshotsOn };
      const meta = readPageMeta(decodeHtml(page.body, type), page.url);
      return {
        title: meta.title ? meta.title.slice(0, limits.titleMax) : null,
        rssFeed: meta.feeds[0]?.href ?? null,
        screenshot: screenshotsOn,
      };
    },
  };
}

export type PageService = ReturnType<typeof pageService>;
