import { sentPageLimits, type Bookmark } from '@linkhive/shared/domain';
import type { Platform } from '../platform/browser';
import type { ExtensionApi } from './api';
import type { SaveOutcome } from './saver';
import { linkKeyOf } from './savedUrls';
import { readSettings } from './settings';

/** Bytes of the page as UTF-8: what the server counts against its 3 MB. */
const bytesOf = (text: string) => new TextEncoder().encode(text).byteLength;

/**
 * Readable copies from the browser (issue 30): after a save of the page the user is on (the
 * popup, the shortcut, the page's menu) has answered, the page's HTML as the browser shows it goes
 * to the user's own server, which keeps its readable copy; a page behind a sign-in or a paywall
 * gets one too, and a server without the outside web as well. In the background, after the save:
 * it never holds up or fails a save, and a page that cannot be read (the browser's own, the web
 * store), one over 3 MB, a tab gone to another page meanwhile or a server that refuses are passed
 * over without a word to the user. 'Send a copy of the pages I save' in the options turns it off.
 */
export function createCopySender(p: Platform, deps: { api: ExtensionApi }) {
  const running = new Set<Promise<void>>();

  async function send(tabId: number, bookmark: Bookmark): Promise<void> {
    if (!(await readSettings(p)).sendCopies) return;
    const page = await p.pages.document(tabId, sentPageLimits.maxBytes);
    // Another page in the tab by now: its copy would not be this bookmark's (the server refuses it too).
    if (!page?.html) return;
    const key = linkKeyOf(page.url);
    if (key === null || key !== linkKeyOf(bookmark.link)) return;
    if (bytesOf(page.html) > sentPageLimits.maxBytes) return;
    await deps.api.sendCopy(bookmark.id, { url: page.url, html: page.html });
  }

  return {
    /**
     * Once a save of the page in tab `tabId` has answered: sends the page if it was saved. Not to be
     * awaited by the save; never fails.
     */
    afterSave(tabId: number | undefined, outcome: SaveOutcome): void {
      if (tabId === undefined || outcome.kind !== 'saved') return;
      const sending: Promise<void> = send(tabId, outcome.bookmark)
        .catch((e: unknown) => console.warn('Linkhive: the page’s copy was not sent', e))
        .finally(() => running.delete(sending));
      running.add(sending);
    },
    /** Settles once the copies being sent have gone (or failed): what tests wait for. */
    async idle(): Promise<void> {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}

export type CopySender = ReturnType<typeof createCopySender>;
