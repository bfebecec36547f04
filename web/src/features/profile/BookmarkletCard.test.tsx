// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmarkletCode } from './bookmarklet';
import { BookmarkletCard } from './BookmarkletCard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the bookmarklet card', () => {
  it('offers a link to drag whose address is the bookmarklet of this origin, and says how to use it when clicked', () => {
    render(<BookmarkletCard />);
    const link = screen.getByRole('link', { name: 'Save to Linkhive' });
    expect(link.getAttribute('href')).toBe(bookmarkletCode(window.location.origin));
    fireEvent.click(link);
    expect(screen.getByRole('status').textContent).toContain('Drag this button to your bookmarks bar');
    expect(screen.getByRole('heading', { level: 3, name: 'On a phone or tablet' })).toBeTruthy();
  });

  it('copies the code, or shows it to copy by hand when the clipboard refuses', async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    render(<BookmarkletCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Copied.'));
    expect(writeText).toHaveBeenCalledWith(bookmarkletCode(window.location.origin));
    fireEvent.click(screen.getByRole('button', { name: 'Copy code' }));
    const field = await screen.findByRole('textbox', { name: 'Bookmarklet code' });
    expect((field as HTMLTextAreaElement).value).toBe(bookmarkletCode(window.location.origin));
    expect(screen.getByRole('status').textContent).toContain('could not be copied');
  });
});
