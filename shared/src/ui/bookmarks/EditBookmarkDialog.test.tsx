// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../domain/index.js';
import { bookmarkMessages } from '../../domain/index.js';
import { deferred, formErrors, messageUnder } from '../../testing/ui.js';
import { EditBookmarkDialog } from './EditBookmarkDialog.js';
import type { EditBookmarkDialogProps } from './EditBookmarkDialog.js';
import { bookmark } from '../../testing/bookmarks.js';

afterEach(cleanup);

function renderDialog(props: Partial<EditBookmarkDialogProps> = {}) {
  const all: EditBookmarkDialogProps = {
    bookmark: bookmark({ rssFeed: 'https://www.example.com/feed.xml' }),
    categories: ['Work', 'Reading'],
    suggested: ['News'],
    onSubmit: vi.fn(async () => {}),
    onDelete: vi.fn(async () => {}),
    onClose: vi.fn(),
    ...props,
  };
  render(<EditBookmarkDialog {...all} />);
  return all;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));

describe('EditBookmarkDialog', () => {
  it('opens with the bookmark in labelled fields', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Edit Bookmark' });
    expect(valueOf('Title')).toBe('Example Domain');
    expect(valueOf('Web address')).toBe('https://www.example.com/');
    expect(valueOf('Category')).toBe('Work');
    expect(valueOf('RSS feed URL')).toBe('https://www.example.com/feed.xml');
    expect((within(dialog).getByRole('switch', { name: 'Favourite' }) as HTMLInputElement).checked).toBe(false);
    for (const name of ['Delete', 'Cancel', 'Save', 'New category']) {
      expect(within(dialog).getByRole('button', { name })).toHaveProperty('disabled', false);
    }
    // Focus starts where the eye goes: the title.
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
  });

  it("shows the edit dialog's own message for a wrong address, and the title rules", async () => {
    const all = renderDialog();
    type('Web address', 'www.example.com');
    type('Title', '');
    await save();
    expect(messageUnder('Web address')).toBe('Wrong format. use e.g. http(s)://www.example.com');
    expect(messageUnder('Title')).toBe('Title is required');
    type('Title', 'x'.repeat(51));
    type('Web address', '');
    await save();
    expect(messageUnder('Title')).toBe(bookmarkMessages.titleTooLong);
    expect(messageUnder('Web address')).toBe('Web site is required');
    expect(all.onSubmit).not.toHaveBeenCalled();
  });

  it('sends only what changed, cleaned, and lets the host close the dialog', async () => {
    const all = renderDialog();
    type('Title', '  Better title ');
    fireEvent.click(screen.getByRole('button', { name: 'New category' }));
    type('Custom category', 'travel plans');
    type('RSS feed URL', '');
    await save();
    expect(all.onSubmit).toHaveBeenCalledWith({ title: 'Better title', category: 'Travel plans', rssFeed: null });
    expect(all.onClose).not.toHaveBeenCalled();
    expect(formErrors()).toEqual([]);
  });

  it('keeps an imported title longer than 50 while it is left as it is, and checks it once edited (issue 26)', async () => {
    const long = 'Twice22/CS224n-solutions: Solutions for CS224n course from Stanford University';
    const all = renderDialog({ bookmark: bookmark({ title: long }) });
    expect(valueOf('Title')).toBe(long);
    fireEvent.click(screen.getByRole('button', { name: 'New category' }));
    type('Custom category', 'Study');
    await save();
    expect(messageUnder('Title')).toBe('');
    expect(all.onSubmit).toHaveBeenCalledWith({ category: 'Study' });

    type('Title', `${long}!`);
    await save();
    expect(messageUnder('Title')).toBe(bookmarkMessages.titleTooLong);
    expect(all.onSubmit).toHaveBeenCalledTimes(1);
  });

  it('closes without a request when nothing changed', async () => {
    const all = renderDialog();
    type('Title', 'Example Domain ');
    await save();
    expect(all.onSubmit).not.toHaveBeenCalled();
    expect(all.onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps a category that is in neither list as the pick', async () => {
    const all = renderDialog({ bookmark: bookmark({ category: 'Archive' }) });
    expect(valueOf('Category')).toBe('Archive');
    type('Title', 'Renamed');
    await save();
    expect(all.onSubmit).toHaveBeenCalledWith({ title: 'Renamed' });
  });

  it("keeps an imported folder's name as the category while its title is edited, and checks a typed one (issue 26)", async () => {
    const all = renderDialog({ bookmark: bookmark({ category: 'Self-hosting' }) });
    expect(valueOf('Category')).toBe('Self-hosting');
    type('Title', 'Renamed');
    await save();
    expect(formErrors()).toEqual([]);
    expect(all.onSubmit).toHaveBeenCalledWith({ title: 'Renamed' });

    fireEvent.click(screen.getByRole('button', { name: 'New category' }));
    type('Custom category', 'Self-hosted apps');
    await save();
    expect(messageUnder('Custom category')).toBe(bookmarkMessages.categoryCharacters);
    expect(all.onSubmit).toHaveBeenCalledTimes(1);
  });

  it('warns that turning a favourite off removes its screenshot, and sends the change', async () => {
    const all = renderDialog({
      bookmark: bookmark({ favourite: true, screenshot: '/files/screenshots/example.com.png' }),
    });
    expect(screen.queryByText(bookmarkMessages.screenshotRemoved)).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Favourite' }));
    expect(screen.getByRole('status').textContent).toBe('The screenshot will be removed when you save.');
    await save();
    expect(all.onSubmit).toHaveBeenCalledWith({ favourite: false });
  });

  it('shows a failed save under the form and keeps the dialog open', async () => {
    const pending = deferred();
    renderDialog({ onSubmit: () => pending.promise });
    type('Title', 'New');
    await save();
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => pending.reject(new ApiError(409, 'duplicate_link', bookmarkMessages.duplicateLink)));
    expect(screen.getByRole('alert').textContent).toBe(bookmarkMessages.duplicateLink);
    expect(button.disabled).toBe(false);
  });

  it('asks before deleting and deletes on confirmation', async () => {
    const all = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete bookmark?' });
    expect(confirm.textContent).toContain('Delete Example Domain? This cannot be undone.');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(all.onDelete).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    expect(all.onDelete).toHaveBeenCalledTimes(1);
  });

  it('deletes nothing when the confirmation is cancelled', () => {
    const all = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete bookmark?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(all.onDelete).not.toHaveBeenCalled();
    expect(all.onClose).not.toHaveBeenCalled();
  });

  it('shows a failed delete under the form', async () => {
    renderDialog({ onDelete: () => Promise.reject(new TypeError('fetch failed')) });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete bookmark?' });
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));
    expect(formErrors()).toEqual([bookmarkMessages.deleteFailed]);
  });

  it('renders nothing without a bookmark', () => {
    renderDialog({ bookmark: null });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
