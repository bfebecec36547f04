// @vitest-environment jsdom
import { copyMessages, type Copy } from '@linkhive/shared/domain';
import { NotificationProvider } from '@linkhive/shared/ui';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupPages } from '../../testing/extensionPages';
import { renderWithQueries } from '../../testing/renderWithQueries';
import { useExtensionSession } from '../session';
import { SidePanelApp } from './SidePanelApp';

vi.mock('../extension', async () => (await import('../../testing/extensionPages')).pageModule);

afterEach(cleanup);
// A budget for a busy 2-core machine, not a wait: each find passes as soon as the panel shows it.
configure({ asyncUtilTimeout: 10_000 });

const copy: Copy = {
  title: "'What is the sea telling us?': Māori tribes fearful over whale strandings, and what the iwi say about it",
  byline: 'Eleanor Ainge Roy',
  siteName: 'the Guardian',
  excerpt: null,
  lang: 'en',
  wordCount: 1150,
  leadImage: null,
  html:
    '<div><p>Whales have been stranding on the beaches of New Zealand.</p>' +
    '<img src="/api/feeds/image?url=https%3A%2F%2Fi.guim.co.uk%2Fwhale.jpg&amp;exp=1&amp;sig=x" alt="A whale" />' +
    '<script>window.ran = true</script></div>',
  fetchedAt: '2026-11-28T10:00:00.000Z',
};

/** The side panel as it opens, signed in, with two bookmarks of which the first has a copy. */
async function openPanel() {
  const ext = await setupPages();
  const whales = await ext.server.seed({
    link: 'https://www.theguardian.com/world/2019/jan/03/whale-strandings',
    title: 'Whale strandings',
    category: 'Reading',
  });
  await ext.server.seed({ link: 'https://news.example.com/story', title: 'A story', category: 'News' });
  ext.server.setCopy(whales.id, copy);
  // What mounting a page does first (watchExtensionSession): the signed-in server from storage.
  await useExtensionSession.getState().load();
  renderWithQueries(
    <NotificationProvider>
      <SidePanelApp />
    </NotificationProvider>,
  );
  const list = await screen.findByRole('list', { name: 'Bookmarks' });
  await within(list).findByRole('link', { name: 'Whale strandings' });
  const row = (title: string) => within(within(list).getByRole('link', { name: title }).closest('li')!);
  return { ext, whales, row };
}

describe('the side panel’s Reader view', () => {
  it('opens from a row, shows the article in the panel, and Back returns to the list as it was left', async () => {
    const { ext, whales, row } = await openPanel();
    // A filter typed before: Back must find it still there.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'whale' } });
    fireEvent.change(screen.getByLabelText('Filter by category'), { target: { value: 'Reading' } });

    const readerButton = row('Whale strandings').getByRole('button', { name: copyMessages.readerView });
    readerButton.focus();
    fireEvent.click(readerButton);

    // Under the panel's own heading, in place of the list.
    const heading = await screen.findByRole('heading', { level: 2, name: copy.title! });
    expect(screen.getByRole('heading', { level: 1, name: 'My bookmarks' })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'My bookmarks' }).contains(heading)).toBe(true);
    expect(screen.queryByRole('list', { name: 'Bookmarks' })).toBeNull();
    expect(screen.getByText('the Guardian · Eleanor Ainge Roy · 5 min read')).toBeTruthy();
    expect(screen.getByText('Copy of 28 Nov 2026')).toBeTruthy();
    expect(screen.getByText('Whales have been stranding on the beaches of New Zealand.')).toBeTruthy();
    expect(screen.getByRole('link', { name: copyMessages.openOriginal }).getAttribute('href')).toBe(
      'https://www.theguardian.com/world/2019/jan/03/whale-strandings',
    );
    // The relay is on the server, another origin than the panel's: its address in full.
    expect(screen.getByRole('img', { name: 'A whale' }).getAttribute('src')).toBe(
      `${ext.server.origin}/api/feeds/image?url=https%3A%2F%2Fi.guim.co.uk%2Fwhale.jpg&exp=1&sig=x`,
    );
    expect(screen.getByRole('article').querySelector('script')).toBeNull();
    // Asked with the extension's token, through its API client.
    const asked = ext.server.requests.filter((r) => r.path === `/api/bookmarks/${whales.id}/copy`);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers.Authorization ?? asked[0]!.headers.authorization).toMatch(/^Bearer /);

    // The focus starts on Back, so Enter or Escape goes straight back.
    const back = screen.getByRole('button', { name: 'Back' });
    expect(document.activeElement).toBe(back);
    fireEvent.click(back);

    const list = await screen.findByRole('list', { name: 'Bookmarks' });
    expect(screen.queryByRole('article')).toBeNull();
    expect(within(list).getByRole('link', { name: 'Whale strandings' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('whale');
    expect((screen.getByLabelText('Filter by category') as HTMLSelectElement).value).toBe('Reading');
    // Back on the button the reader was opened with.
    expect(document.activeElement).toBe(readerButton);
  });

  it('goes back to the list on Escape', async () => {
    const { row } = await openPanel();
    fireEvent.click(row('Whale strandings').getByRole('button', { name: copyMessages.readerView }));
    await screen.findByRole('heading', { level: 2, name: copy.title! });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(await screen.findByRole('list', { name: 'Bookmarks' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('says so when a page has no copy yet, under the bookmark’s title, with the way to the original', async () => {
    const { row } = await openPanel();
    fireEvent.click(row('A story').getByRole('button', { name: copyMessages.readerView }));
    expect(await screen.findByRole('heading', { level: 2, name: 'A story' })).toBeTruthy();
    // Said as news, not as a failure.
    expect(screen.getByRole('alert').textContent).toBe(`${copyMessages.noCopy} ${copyMessages.noCopyHint}`);
    expect(screen.getByRole('link', { name: copyMessages.openOriginal }).getAttribute('href')).toBe(
      'https://news.example.com/story',
    );
  });

  it('says what went wrong when the copy cannot be loaded, and Back still returns', async () => {
    const { ext, row } = await openPanel();
    ext.server.failNext(500);
    fireEvent.click(row('Whale strandings').getByRole('button', { name: copyMessages.readerView }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side. Please try again.');
    expect(screen.getByRole('heading', { level: 2, name: copyMessages.readerView })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Bookmarks' })).toBeTruthy());
  });
});
