// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, copyMessages, type Copy } from '../../domain/index.js';
import { copyOrNone } from './copyOrNone.js';
import { ReaderView } from './ReaderView.js';

afterEach(cleanup);

const saved = {
  title: 'Whale strandings | the Guardian',
  link: 'https://www.theguardian.com/world/2019/jan/03/whale-strandings',
};
const copy: Copy = {
  title: "'What is the sea telling us?': Māori tribes fearful over whale strandings",
  byline: 'Eleanor Ainge Roy',
  siteName: 'the Guardian',
  excerpt: null,
  lang: 'en',
  wordCount: 1150,
  leadImage: null,
  html:
    '<div><p>Whales have been stranding on the beaches of New Zealand.</p>' +
    '<img src="/api/feeds/image?url=https%3A%2F%2Fi.guim.co.uk%2Fwhale.jpg&amp;exp=1&amp;sig=x" alt="A whale" />' +
    '<p><a href="https://www.doc.govt.nz/">Department of Conservation</a></p></div>',
  fetchedAt: '2026-11-28T10:00:00.000Z',
};

describe('the Reader view', () => {
  it('shows the copy’s title, who wrote it, the reading time, the date of the copy and its article', () => {
    render(<ReaderView bookmark={saved} copy={copy} error={null} onBack={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: copy.title! })).toBeTruthy();
    expect(screen.getByText('the Guardian · Eleanor Ainge Roy · 5 min read')).toBeTruthy();
    expect(screen.getByText('Copy of 28 Nov 2026')).toBeTruthy();
    expect(screen.getByText('Whales have been stranding on the beaches of New Zealand.')).toBeTruthy();
    expect(screen.getByRole('article').getAttribute('lang')).toBe('en');
    const original = screen.getByRole('link', { name: copyMessages.openOriginal });
    expect(original.getAttribute('href')).toBe(saved.link);
    expect(original.getAttribute('rel')).toBe('noopener noreferrer');
    // The article's own links open apart, with no referrer.
    const inArticle = screen.getByRole('link', { name: 'Department of Conservation' });
    expect(inArticle.getAttribute('target')).toBe('_blank');
    expect(inArticle.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    // On the web the relay's path is the page's own origin.
    expect(screen.getByRole('img', { name: 'A whale' }).getAttribute('src')).toBe(
      '/api/feeds/image?url=https%3A%2F%2Fi.guim.co.uk%2Fwhale.jpg&exp=1&sig=x',
    );
  });

  it('loads the images from the server it is given (the extension’s), under a heading of the host’s', () => {
    render(
      <ReaderView
        bookmark={saved}
        copy={copy}
        error={null}
        onBack={() => {}}
        imageBase="http://links.example.com:3000/"
        headingLevel={2}
        compact
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: copy.title! })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('img', { name: 'A whale' }).getAttribute('src')).toBe(
      'http://links.example.com:3000/api/feeds/image?url=https%3A%2F%2Fi.guim.co.uk%2Fwhale.jpg&exp=1&sig=x',
    );
  });

  it('lets the keyboard reach a block of code or a table, which scroll on their own when wider than the column', () => {
    const wide: Copy = {
      ...copy,
      html: '<pre><code>npm run bench</code></pre><table><tr><td>Groupe</td></tr></table><p>Text</p>',
    };
    render(<ReaderView bookmark={saved} copy={wide} error={null} onBack={() => {}} />);
    expect(screen.getByText('npm run bench').closest('pre')!.getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('table').getAttribute('tabindex')).toBe('0');
    expect(screen.getByText('Text').hasAttribute('tabindex')).toBe(false);
  });

  it('falls back to the bookmark’s title when the page named none', () => {
    render(<ReaderView bookmark={saved} copy={{ ...copy, title: null }} error={null} onBack={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: saved.title })).toBeTruthy();
  });

  it('says there is no copy yet, under the bookmark’s title, and still leads to the original', () => {
    render(<ReaderView bookmark={saved} copy={null} error={null} onBack={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: saved.title })).toBeTruthy();
    expect(screen.getByText(`${copyMessages.noCopy} ${copyMessages.noCopyHint}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: copyMessages.openOriginal }).getAttribute('href')).toBe(saved.link);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('says the site failed and is tried again later, for a page whose site did not answer', () => {
    render(<ReaderView bookmark={saved} copy="later" error={null} onBack={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: saved.title })).toBeTruthy();
    expect(screen.getByText(copyMessages.siteFailed)).toBeTruthy();
    expect(screen.queryByText(copyMessages.noCopyHint, { exact: false })).toBeNull();
    expect(screen.getByRole('link', { name: copyMessages.openOriginal }).getAttribute('href')).toBe(saved.link);
  });

  it('says it is loading, and what went wrong, with Back in every state', () => {
    const back = vi.fn();
    const { rerender } = render(<ReaderView bookmark={saved} copy={undefined} error={null} onBack={back} />);
    expect(screen.getByRole('progressbar', { name: copyMessages.loading })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledTimes(1);

    rerender(<ReaderView bookmark={saved} copy={undefined} error="The server is out of reach." onBack={back} />);
    expect(screen.getByRole('alert').textContent).toBe('The server is out of reach.');
    expect(screen.getByRole('heading', { level: 1, name: copyMessages.readerView })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(back).toHaveBeenCalledTimes(2);
  });

  it('never renders a script, a handler, a style or an embedded page, even if a copy held one', () => {
    const hostile: Copy = {
      ...copy,
      html:
        '<p id="x" style="position:fixed" onclick="alert(1)">Kept text</p>' +
        '<script>window.ran = true</script>' +
        '<img src="x" onerror="window.ran = true" alt="Broken">' +
        '<img src="javascript:alert(1)" alt="Scripted">' +
        '<a href="javascript:alert(1)">A trap</a>' +
        '<iframe src="https://evil.example/"></iframe><style>body{display:none}</style>' +
        '<svg><script>alert(1)</script></svg><form action="https://evil.example/"><button>Go</button></form>' +
        '<span class="c">Unwrapped <b>bold</b></span><!-- a comment -->',
    };
    render(<ReaderView bookmark={saved} copy={hostile} error={null} onBack={() => {}} />);
    // The article's body: what the copy's HTML became.
    const article = screen.getByText('Kept text').parentElement!;
    expect(screen.getByRole('article').contains(article)).toBe(true);
    expect(article.querySelectorAll('script, style, iframe, svg, form, button, span')).toHaveLength(0);
    const withHandlerOrStyle = [...article.querySelectorAll('*')].filter((el) =>
      [...el.attributes].some((a) => a.name.startsWith('on') || a.name === 'style' || a.name === 'id'),
    );
    expect(withHandlerOrStyle).toEqual([]);
    expect(article.textContent).toContain('Unwrapped bold');
    expect(article.innerHTML).not.toContain('javascript:');
    expect(article.innerHTML).not.toContain('a comment');
    // An image with no web address keeps its alt text and loads nothing.
    expect(screen.getByRole('img', { name: 'Broken' }).hasAttribute('src')).toBe(false);
    expect(screen.getByRole('img', { name: 'Scripted' }).hasAttribute('src')).toBe(false);
    expect(screen.getByText('A trap').hasAttribute('href')).toBe(false);
    expect((window as unknown as { ran?: boolean }).ran).toBeUndefined();
  });
});

describe('a copy’s load', () => {
  it('answers null for the server’s 404 (no copy yet), later for its site failing, and fails on anything else', async () => {
    expect(await copyOrNone(Promise.resolve(copy))).toBe(copy);
    expect(await copyOrNone(Promise.reject(new ApiError(404, 'not_found', copyMessages.noCopy)))).toBeNull();
    expect(await copyOrNone(Promise.reject(new ApiError(404, 'read_later', copyMessages.siteFailed)))).toBe('later');
    const down = new ApiError(503, 'database_unavailable', 'The database does not answer');
    await expect(copyOrNone(Promise.reject(down))).rejects.toBe(down);
  });
});
