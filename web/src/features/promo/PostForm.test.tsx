// @vitest-environment jsdom
import { promoMessages } from '@linkhive/shared/domain';
import { watchScrollIntoView } from '@linkhive/shared/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Quill from 'quill';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../testing/renderApp';
import { PostForm } from './PostForm';

// Issue 26, defect 3, for posts: the first field in error gets the focus and is scrolled into view.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const publish = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Publish post' })));

describe('the new post form', () => {
  it('brings the first field the rules refused into view, then the one the server refused', async () => {
    const { calls } = fakeServer({
      'POST /api/promo/acme/posts': () => ({
        status: 400,
        body: { error: { code: 'invalid', message: promoMessages.postTitleRequired, field: 'title' } },
      }),
    });
    const scrolls = watchScrollIntoView();
    try {
      render(<PostForm slug="acme" onCreated={() => {}} />);
      const editor = await screen.findByRole('textbox', { name: 'Content' });
      await publish();
      const title = screen.getByRole('textbox', { name: 'Title' });
      expect(title.getAttribute('aria-invalid')).toBe('true');
      expect(editor.getAttribute('aria-invalid')).toBe('true');
      await waitFor(() => expect(document.activeElement).toBe(title));
      expect(scrolls.scrolled).toEqual([title]);

      fireEvent.change(title, { target: { value: 'Hello' } });
      act(() => void (Quill.find(editor.parentElement!) as Quill).setText('Some words for followers', 'user'));
      (screen.getByRole('button', { name: 'Publish post' }) as HTMLElement).focus();
      await publish();
      await waitFor(() => expect(screen.getByText(promoMessages.postTitleRequired)).toBeTruthy());
      await waitFor(() => expect(document.activeElement).toBe(title));
      expect(scrolls.scrolled).toEqual([title, title]);
      const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body as { title: string; content: string });
      expect(posts.map((p) => p.title)).toEqual(['Hello']);
    } finally {
      scrolls.restore();
    }
  });
});
