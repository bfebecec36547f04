import { describe, expect, it, vi } from 'vitest';
import { bookmarkletCode, bookmarkletWindow } from './bookmarklet';

/** Runs the bookmarklet as a browser does: the address's body, percent-decoded, on the page. */
function run(code: string, page: { href: string; title: string }, opened: unknown) {
  const open = vi.fn(() => opened);
  const location = { href: page.href };
  const body = decodeURIComponent(code.slice('javascript:'.length));
  new Function('window', 'location', 'document', body)({ open }, location, { title: page.title });
  return { open, location };
}

describe('the bookmarklet', () => {
  const origin = 'https://links.example.org';
  const page = { href: 'https://news.example.com/a?b=1&c=2#top', title: 'A “quoted” & long title' };

  it('opens the save page of our origin in a small window, with the page’s address and title', () => {
    const { open, location } = run(bookmarkletCode(origin), page, {});
    expect(open).toHaveBeenCalledWith(
      `${origin}/save?popup=1&url=${encodeURIComponent(page.href)}&title=${encodeURIComponent(page.title)}`,
      bookmarkletWindow.name,
      bookmarkletWindow.features,
    );
    const opened = new URL((open.mock.calls[0] as unknown as [string])[0]);
    expect(opened.searchParams.get('url')).toBe(page.href);
    expect(opened.searchParams.get('title')).toBe(page.title);
    expect(location.href).toBe(page.href);
  });

  it('goes to the save page in the same tab when a popup blocker refuses the window', () => {
    const { location } = run(bookmarkletCode(origin), page, null);
    expect(location.href).toBe(
      `${origin}/save?url=${encodeURIComponent(page.href)}&title=${encodeURIComponent(page.title)}`,
    );
  });

  it('has nothing a browser would decode or a bookmark would split, and refuses an odd origin', () => {
    const code = bookmarkletCode('http://localhost:3000');
    expect(code).toMatch(/^javascript:\(function\(/);
    expect(code).not.toMatch(/[\s%"]/);
    expect(() => bookmarkletCode("https://x.example'+alert(1)+'")).toThrow();
  });
});
