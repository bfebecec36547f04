// @vitest-environment jsdom
import { bookmarkMessages, extensionMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readQueue } from '../../core/queue';
import { pageModule, setupPages } from '../../testing/extensionPages';
import { SaveCurrentTab } from './SaveCurrentTab';
import { popupTiming } from './pageStatus';
import { pageTexts } from '../texts';
import { useExtensionSession } from '../session';
import { fallbackCategory } from '../../core/config';
import { renderWithQueries } from '../../testing/renderWithQueries';

vi.mock('../extension', async () => (await import('../../testing/extensionPages')).pageModule);

afterEach(cleanup);

let n = 0;
// A new address per test: a popup saves each address once (pageStatus keeps the save it started).
const tabFor = () => ({ id: 1, windowId: 1, url: `https://example.com/article-${++n}`, title: 'An article' });

describe('the one-click popup', () => {
  it('saves the tab at once to the category used last, and shows it to change in place', async () => {
    const ext = await setupPages();
    await ext.p.storage.local.set('recentCategories', ['News']);
    const tab = tabFor();
    renderWithQueries(<SaveCurrentTab tab={tab} askFirst={false} />);
    const saved = within(await screen.findByRole('region', { name: 'Saved' }));
    expect(saved.getByRole('status').textContent).toBe(bookmarkMessages.bookmarked('An article', 'News'));
    expect(ext.server.stored().map((b) => [b.link, b.category])).toEqual([[tab.url, 'News']]);

    const title = saved.getByRole('textbox', { name: 'Title' });
    expect(document.activeElement).toBe(title);
    fireEvent.change(title, { target: { value: 'Renamed' } });
    fireEvent.submit(saved.getByRole('form', { name: 'Saved bookmark' }));
    await waitFor(() => expect(saved.getByRole('status').textContent).toBe(bookmarkMessages.linkUpdated));
    expect(ext.server.stored().map((b) => b.title)).toEqual(['Renamed']);
  });

  it("keeps the tab's whole title, and a change of favourite leaves it whole", async () => {
    const ext = await setupPages();
    // A real tab title (the fixtures' Chrome export), past the 50 characters a person may type.
    const title =
      'GitHub - shaarli/Shaarli: The personal, minimalist, super-fast, database free, bookmarking service - community repo';
    renderWithQueries(<SaveCurrentTab tab={{ ...tabFor(), title }} askFirst={false} />);
    const saved = within(await screen.findByRole('region', { name: 'Saved' }));
    expect(ext.server.stored().map((b) => b.title)).toEqual([title]);
    fireEvent.click(saved.getByRole('checkbox', { name: 'Favourite' }));
    fireEvent.submit(saved.getByRole('form', { name: 'Saved bookmark' }));
    await waitFor(() => expect(saved.getByRole('status').textContent).toBe(bookmarkMessages.linkUpdated));
    expect(ext.server.stored().map((b) => [b.title, b.favourite])).toEqual([[title, true]]);

    // Typed by the person, the title follows the spec's rule again.
    fireEvent.change(saved.getByRole('textbox', { name: 'Title' }), { target: { value: `${title}!` } });
    fireEvent.submit(saved.getByRole('form', { name: 'Saved bookmark' }));
    expect((await saved.findByText(bookmarkMessages.titleTooLong)).textContent).toBe(bookmarkMessages.titleTooLong);
  });

  it('undoes the save: the bookmark is deleted and the form offered', async () => {
    const ext = await setupPages();
    renderWithQueries(<SaveCurrentTab tab={tabFor()} askFirst={false} />);
    const saved = within(await screen.findByRole('region', { name: 'Saved' }));
    fireEvent.click(saved.getByRole('button', { name: 'Undo' }));
    await screen.findByRole('form', { name: 'Add Link' });
    expect(ext.server.stored()).toEqual([]);
  });

  it('shows a page whose save is waiting as waiting, and saves nothing more', async () => {
    const ext = await setupPages();
    const tab = tabFor();
    ext.server.setOnline(false);
    await ext.bg.saver.save({ link: tab.url, title: 'Kept', category: 'Later' });
    renderWithQueries(<SaveCurrentTab tab={tab} askFirst={false} />);
    const waiting = within(await screen.findByRole('region', { name: 'Saved for later' }));
    expect(waiting.getByRole('status').textContent).toBe(extensionMessages.queued);
    expect(waiting.getByText('Waiting to be sent: Kept (Later)').textContent).toBe('Waiting to be sent: Kept (Later)');
    expect(screen.queryByRole('form', { name: 'Add Link' })).toBeNull();
    // Still the one waiting save, as it was made: opening the popup did not save it again.
    expect((await readQueue(ext.p)).map((q) => [q.link, q.title, q.category])).toEqual([[tab.url, 'Kept', 'Later']]);
  });

  it('shows the save as waiting, not a spinner, while the server takes it and does not answer', async () => {
    const ext = await setupPages();
    // As PopupApp does before it draws: the session (and so the list of waiting saves) is read.
    await useExtensionSession.getState().load();
    popupTiming.slowSaveMs = 50;
    try {
      const tab = tabFor();
      ext.server.hang(true);
      renderWithQueries(<SaveCurrentTab tab={tab} askFirst={false} />);
      const waiting = within(await screen.findByRole('region', { name: 'Saved for later' }));
      expect(waiting.getByText(`Waiting to be sent: An article (${fallbackCategory})`).textContent).toBe(
        `Waiting to be sent: An article (${fallbackCategory})`,
      );
      expect((await readQueue(ext.p)).map((q) => q.link)).toEqual([tab.url]);
      // The server answers after all: the save arrives once, and the popup shows it saved.
      ext.server.hang(false);
      ext.server.answerHung();
      await screen.findByRole('region', { name: 'Saved' });
      expect(ext.server.stored().map((b) => b.link)).toEqual([tab.url]);
    } finally {
      popupTiming.slowSaveMs = 3000;
    }
  });

  it('asks first when the setting says so: the form, focus in the title, nothing saved yet', async () => {
    const ext = await setupPages();
    renderWithQueries(<SaveCurrentTab tab={tabFor()} askFirst />);
    const form = within(await screen.findByRole('form', { name: 'Add Link' }));
    expect(document.activeElement).toBe(form.getByRole('textbox', { name: 'Title' }));
    expect(ext.server.stored()).toEqual([]);
  });
});

describe('the popup under a server that takes requests and is slow to answer', () => {
  /** Runs `test` with the popup's short waits made shorter still; the server's deadline stays 15 s. */
  async function withShortWaits(test: () => Promise<void>) {
    const before = { ...popupTiming };
    Object.assign(popupTiming, { slowLookupMs: 50, slowSaveMs: 50 });
    try {
      await test();
    } finally {
      Object.assign(popupTiming, before);
    }
  }

  it('shows a page remembered as saved at once, then the saved view when the server confirms it', () =>
    withShortWaits(async () => {
      const ext = await setupPages();
      const tab = tabFor();
      await pageModule.savedUrls.remember(
        await ext.server.seed({ link: tab.url, title: 'An article', category: 'News' }),
      );
      ext.server.hang(true);
      renderWithQueries(<SaveCurrentTab tab={tab} askFirst={false} />);
      const saved = within(await screen.findByRole('region', { name: 'Saved' }));
      expect(saved.getByRole('status').textContent).toBe(extensionMessages.alreadySavedIn('News'));
      expect(saved.getByText(pageTexts.checkingSaved).textContent).toBe(pageTexts.checkingSaved);
      expect(screen.queryByRole('progressbar')).toBeNull();

      ext.server.hang(false);
      ext.server.answerHung();
      fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
      expect(screen.getByRole('dialog', { name: 'Edit Bookmark' })).toBeTruthy();
      // Found, not saved a second time.
      expect(ext.server.count('/api/bookmarks', 'POST')).toBe(0);
    }));

  it('keeps showing a remembered page as saved, with why, when the server never answers', () =>
    withShortWaits(async () => {
      const ext = await setupPages();
      const tab = tabFor();
      await pageModule.savedUrls.remember(
        await ext.server.seed({ link: tab.url, title: 'An article', category: 'News' }),
      );
      ext.server.hang(true);
      renderWithQueries(<SaveCurrentTab tab={tab} askFirst={false} />);
      const saved = within(await screen.findByRole('region', { name: 'Saved' }));
      ext.server.dropHung(); // what the request's deadline ends in, sooner
      expect((await saved.findByText(extensionMessages.serverUnreachable)).textContent).toBe(
        extensionMessages.serverUnreachable,
      );
      expect(saved.getByRole('status').textContent).toBe(extensionMessages.alreadySavedIn('News'));
      expect(screen.queryByRole('form', { name: 'Add Link' })).toBeNull();
    }));

  it('offers the ask-first form while the look-up runs, and shows the page saved once the server says so', () =>
    withShortWaits(async () => {
      const ext = await setupPages();
      const tab = tabFor();
      await ext.server.seed({ link: tab.url, title: 'An article', category: 'News' });
      ext.server.hang(true);
      renderWithQueries(<SaveCurrentTab tab={tab} askFirst />);
      await screen.findByRole('form', { name: 'Add Link' });
      expect(screen.getByText(pageTexts.checkingSaved).textContent).toBe(pageTexts.checkingSaved);

      ext.server.hang(false);
      ext.server.answerHung();
      const saved = within(await screen.findByRole('region', { name: 'Saved' }));
      expect(saved.getByRole('status').textContent).toBe(extensionMessages.alreadySavedIn('News'));
    }));

  it('keeps what was typed in the ask-first form when the look-up fails, and says why', () =>
    withShortWaits(async () => {
      const ext = await setupPages();
      ext.server.hang(true);
      renderWithQueries(<SaveCurrentTab tab={tabFor()} askFirst />);
      const form = within(await screen.findByRole('form', { name: 'Add Link' }));
      fireEvent.change(form.getByRole('textbox', { name: 'Title' }), { target: { value: 'My own words' } });
      ext.server.dropHung();
      expect((await screen.findByText(extensionMessages.serverUnreachable)).textContent).toBe(
        extensionMessages.serverUnreachable,
      );
      expect(screen.queryByText(pageTexts.checkingSaved)).toBeNull();
      expect(form.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'My own words');
    }));
});
