// @vitest-environment jsdom
import { copyMessages, type Copy } from '@linkhive/shared/domain';
import { bookmark } from '@linkhive/shared/testing';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, renderApp } from '../../testing/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The longest title of the fixtures' kind: a real headline with a site name after it.
const saved = bookmark({
  id: 'b1',
  title: "'What is the sea telling us?': Māori tribes fearful over whale strandings | Eleanor Ainge Roy",
  link: 'https://www.theguardian.com/world/2019/jan/03/whale-strandings',
  category: 'Reading',
});
const copy: Copy = {
  title: "'What is the sea telling us?': Māori tribes fearful over whale strandings",
  byline: 'Eleanor Ainge Roy',
  siteName: 'the Guardian',
  excerpt: 'New Zealand’s whale whisperers worry that manmade changes in the ocean are behind the spike in beachings',
  lang: 'en',
  wordCount: 1150,
  leadImage: null,
  html: '<div><p>Whales have been stranding on the beaches of New Zealand.</p><img src="/api/feeds/image?url=https%3A%2F%2Fi.guim.co.uk%2Fwhale.jpg&amp;exp=1&amp;sig=x" alt="A whale" /></div>',
  fetchedAt: '2026-11-28T10:00:00.000Z',
};

function open(answers: { copy: () => { status: number; body?: unknown } }) {
  fakeServer({
    'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
    'GET /api/bookmarks/b1': () => ({ status: 200, body: saved }),
    'GET /api/bookmarks/b1/copy': answers.copy,
  });
  return renderApp('/read/b1');
}

describe('the Reader view', () => {
  it('shows the article in our own type, with who wrote it, the reading time and the way to the original', async () => {
    open({ copy: () => ({ status: 200, body: copy }) });
    expect(await screen.findByRole('heading', { level: 1, name: copy.title! })).toBeTruthy();
    expect(screen.getByText('the Guardian · Eleanor Ainge Roy · 5 min read')).toBeTruthy();
    expect(screen.getByText('Copy of 28 Nov 2026')).toBeTruthy();
    expect(screen.getByText('Whales have been stranding on the beaches of New Zealand.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'A whale' }).getAttribute('src')).toBe(
      '/api/feeds/image?url=https%3A%2F%2Fi.guim.co.uk%2Fwhale.jpg&exp=1&sig=x',
    );
    const original = screen.getByRole('link', { name: copyMessages.openOriginal });
    expect(original.getAttribute('href')).toBe(saved.link);
    expect(original.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('article').getAttribute('lang')).toBe('en');
    expect(document.title).toBe(`${copy.title} | Linkhive`);
  });

  it('names a site that signs its articles with its own name once', async () => {
    open({
      copy: () => ({ status: 200, body: { ...copy, byline: 'BBC News', siteName: 'BBC News', wordCount: 866 } }),
    });
    expect(await screen.findByText('BBC News · 4 min read')).toBeTruthy();
  });

  it('says there is no copy yet, under the bookmark’s own title, and still leads to the original', async () => {
    open({ copy: () => ({ status: 404, body: { error: { code: 'not_found', message: copyMessages.noCopy } } }) });
    expect(await screen.findByRole('heading', { level: 1, name: saved.title })).toBeTruthy();
    expect(screen.getByText(`${copyMessages.noCopy} ${copyMessages.noCopyHint}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: copyMessages.openOriginal }).getAttribute('href')).toBe(saved.link);
  });

  it('says what went wrong when the copy cannot be loaded', async () => {
    const failure = 'Something went wrong on our side. Please try again.';
    open({ copy: () => ({ status: 500, body: { error: { code: 'internal', message: failure } } }) });
    expect((await screen.findByRole('alert')).textContent).toBe(failure);
    expect(screen.getByRole('heading', { level: 1, name: copyMessages.readerView })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });
});
