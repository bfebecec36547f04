// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, bookmarkMessages, type Bookmark } from '../domain/index.js';
import { messageUnder, watchScrollIntoView, withQueries } from '../testing/ui.js';
import { AddBookmarkDialog } from './bookmarks/AddBookmarkDialog.js';
import { EditBookmarkDialog } from './bookmarks/EditBookmarkDialog.js';
import { ProfileForm } from './bookmarks/ProfileForm.js';
import { NotificationProvider } from './Notifications.js';

// Issue 26, defect 3: a refused form brings its first field in error into view and focuses it.

let scrolls: ReturnType<typeof watchScrollIntoView>;
beforeEach(() => {
  scrolls = watchScrollIntoView();
});
afterEach(() => {
  cleanup();
  scrolls.restore();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));

function expectFocusedAndScrolled(label: string) {
  const field = screen.getByLabelText(label);
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(document.activeElement).toBe(field);
  expect(scrolls.scrolled.at(-1)).toBe(field);
}

describe('the first field in error gets the focus and is scrolled into view', () => {
  it('in the Add Link dialog: the first of several fields the schema refused', async () => {
    render(<AddBookmarkDialog open categories={['Work']} suggested={[]} onSubmit={vi.fn()} onClose={vi.fn()} />, {
      wrapper: withQueries(),
    });
    type('Web address', 'https://www.example.com/');
    type('Title', 'x'.repeat(51));
    type('RSS feed URL', 'not an address');
    await click('Create');
    // Category comes before Title and RSS in the dialog: it is the one brought into view.
    expect(messageUnder('Category')).toBe(bookmarkMessages.categoryRequired);
    expect(messageUnder('Title')).toBe(bookmarkMessages.titleTooLong);
    expect(messageUnder('RSS feed URL')).toBe(bookmarkMessages.rssInvalid);
    expectFocusedAndScrolled('Category');
    expect(scrolls.scrolled).toHaveLength(1);
  });

  it('in the Edit dialog', async () => {
    const bookmark = {
      id: 'b1',
      link: 'https://www.example.com/',
      title: 'Example',
      category: 'Work',
      favourite: false,
      rssFeed: null,
    } as unknown as Bookmark;
    render(
      <EditBookmarkDialog
        bookmark={bookmark}
        categories={['Work']}
        suggested={[]}
        onSubmit={vi.fn()}
        onDelete={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    type('Title', '');
    await click('Save');
    expect(messageUnder('Title')).toBe(bookmarkMessages.titleRequired);
    expectFocusedAndScrolled('Title');
  });

  it("in the profile: the server's refusal of the display name goes under it, with the focus", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, 'invalid', 'Name must be less than 50 characters', 'displayName');
    });
    render(
      <NotificationProvider>
        <ProfileForm
          profile={{ displayName: 'Ann', email: 'a@example.com', photoURL: null, settings: {} as never }}
          onSubmit={onSubmit}
          onSaveTabColor={vi.fn()}
        />
      </NotificationProvider>,
    );
    await click('Update profile');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(messageUnder('Display name')).toBe('Name must be less than 50 characters');
    expectFocusedAndScrolled('Display name');
  });

  it('moves nothing when no field is in error', async () => {
    const onSubmit = vi.fn(async () => {});
    render(
      <NotificationProvider>
        <ProfileForm
          profile={{ displayName: 'Ann', email: 'a@example.com', photoURL: null, settings: {} as never }}
          onSubmit={onSubmit}
          onSaveTabColor={vi.fn()}
        />
      </NotificationProvider>,
    );
    screen.getByRole('button', { name: 'Update profile' }).focus();
    await click('Update profile');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(scrolls.scrolled).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Update profile' }));
  });
});
