// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../domain/index.js';
import { bookmarkMessages } from '../../domain/index.js';
import type { PagePreview } from '../../domain/index.js';
import { deferred, expectShown, formErrors, messageUnder, withQueries } from '../../testing/ui.js';
import { AddBookmarkDialog } from './AddBookmarkDialog.js';
import type { AddBookmarkDialogProps } from './AddBookmarkDialog.js';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderDialog(props: Partial<AddBookmarkDialogProps> = {}) {
  const all: AddBookmarkDialogProps = {
    open: true,
    categories: ['Work', 'Reading'],
    suggested: ['News', 'Work', 'Shopping'],
    onSubmit: vi.fn(async () => {}),
    onClose: vi.fn(),
    ...props,
  };
  const view = render(<AddBookmarkDialog {...all} />, { wrapper: withQueries() });
  return {
    ...view,
    props: all,
    rerenderWith: (more: Partial<AddBookmarkDialogProps>) => view.rerender(<AddBookmarkDialog {...all} {...more} />),
  };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create' }));

function pickCategory(name: string) {
  const input = screen.getByRole('combobox', { name: 'Category' });
  fireEvent.keyDown(input, { key: 'ArrowDown' });
  fireEvent.click(screen.getByRole('option', { name }));
}

/** What the Title field shows of a page lookup: its spinner, and the busy state read out with it. */
function titleLookup() {
  const title = screen.getByRole('textbox', { name: 'Title' });
  return {
    spinner: within(title.parentElement!).queryByRole('progressbar', { name: 'Looking up the page' }) !== null,
    busy: title.getAttribute('aria-busy'),
  };
}

const preview = (over: Partial<PagePreview> = {}): PagePreview => ({
  title: null,
  rssFeed: null,
  screenshot: false,
  ...over,
});

describe('AddBookmarkDialog', () => {
  it('names the dialog, its fields and its buttons', () => {
    renderDialog({ readClipboard: async () => '' });
    const dialog = screen.getByRole('dialog', { name: 'Add Link' });
    // Each field opens empty, and each button can be pressed.
    expect(within(dialog).getByRole('textbox', { name: 'Web address' })).toHaveProperty('value', '');
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveProperty('value', '');
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveProperty('value', '');
    expect(within(dialog).getByRole('textbox', { name: 'RSS feed URL' })).toHaveProperty('value', '');
    expect(within(dialog).getByRole('switch', { name: 'Add to favourites' })).toHaveProperty('checked', false);
    for (const name of ['Paste', 'New category', 'Cancel', 'Create']) {
      expect(within(dialog).getByRole('button', { name })).toHaveProperty('disabled', false);
    }
  });

  it('hides the Paste button when the host cannot read the clipboard', () => {
    renderDialog();
    expect(screen.queryByRole('button', { name: 'Paste' })).toBeNull();
  });

  it('shows the required messages under each field and sends nothing', () => {
    const { props } = renderDialog();
    create();
    expect(messageUnder('Web address')).toBe('Web site is required');
    expect(messageUnder('Category')).toBe('Category is required');
    expect(messageUnder('Title')).toBe('Title is required');
    expect(messageUnder('RSS feed URL')).toBe('');
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it.each(['example', 'ftp://example.com/file', 'https://'])('refuses the address %j', (link) => {
    renderDialog();
    type('Web address', link);
    create();
    expect(messageUnder('Web address')).toBe(bookmarkMessages.linkInvalid);
    expect(messageUnder('Web address')).toBe('Invalid URL use e.g. https://www.example.com or https://example.com');
  });

  it('refuses a title longer than 50 characters and clears the message once the title is edited', () => {
    renderDialog();
    type('Title', 'x'.repeat(51));
    create();
    expect(messageUnder('Title')).toBe('Maximum character count of 50 has been exceeded');
    type('Title', 'x'.repeat(50));
    expect(messageUnder('Title')).toBe('');
  });

  it('refuses an RSS address that is not a web address', () => {
    renderDialog();
    type('RSS feed URL', 'feed.xml');
    create();
    expect(messageUnder('RSS feed URL')).toBe(bookmarkMessages.rssInvalid);
  });

  it.each([
    ['', 'Category is required'],
    ['Cats & dogs', 'Must contain alpha numberic characters'],
    ['A'.repeat(26), 'Name must be less than 25 characters'],
  ])('checks a custom category %j', (category, message) => {
    const { props } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'New category' }));
    type('Custom category', category);
    create();
    expect(messageUnder('Custom category')).toBe(message);
    expect(props.onSubmit).not.toHaveBeenCalled();
  });

  it("files the link in a category the user has, an imported folder's name kept as it was (issue 26)", () => {
    const { props } = renderDialog({ categories: ['Work', 'Self-hosting'], initial: { category: 'Self-hosting' } });
    type('Web address', 'https://yunohost.org/');
    type('Title', 'YunoHost');
    create();
    expect(formErrors()).toEqual([]);
    expect(props.onSubmit).toHaveBeenCalledWith(expect.objectContaining({ category: 'Self-hosting' }));
  });

  it('switches back from a custom category to the picker', () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'New category' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Custom category'));
    fireEvent.click(screen.getByRole('button', { name: 'Pick a category' }));
    expect(screen.queryByLabelText('Custom category')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Category' }));
  });

  it("groups the user's categories before the suggested ones, each name once", () => {
    renderDialog();
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Category' }), { key: 'ArrowDown' });
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Work', 'Reading', 'News', 'Shopping']);
    expect(listbox.textContent).toContain('Your categories');
    expect(listbox.textContent).toContain('Suggested');
  });

  it('fills in the prefix when the empty address field is clicked, and only then', () => {
    renderDialog();
    fireEvent.click(screen.getByLabelText('Web address'));
    expect(valueOf('Web address')).toBe('https://');
    type('Web address', 'http://example.com');
    fireEvent.click(screen.getByLabelText('Web address'));
    expect(valueOf('Web address')).toBe('http://example.com');
  });

  it('pastes the address from the clipboard', async () => {
    const readClipboard = vi.fn(async () => '  https://example.com/article \n');
    renderDialog({ readClipboard });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Paste' })));
    expect(readClipboard).toHaveBeenCalledTimes(1);
    expect(valueOf('Web address')).toBe('https://example.com/article');
  });

  it('says so when the clipboard cannot be read', async () => {
    renderDialog({ readClipboard: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Paste' })));
    expect(messageUnder('Web address')).toBe(bookmarkMessages.clipboardFailed);
    type('Web address', 'https://example.com');
    expect(messageUnder('Web address')).toBe('');
  });

  it('creates the bookmark with the values cleaned and the custom category capitalised', async () => {
    const pending = deferred();
    const onSubmit = vi.fn(() => pending.promise);
    renderDialog({ onSubmit });
    type('Web address', '  https://example.com/post ');
    fireEvent.click(screen.getByRole('button', { name: 'New category' }));
    type('Custom category', 'side  projects');
    expect(valueOf('Custom category')).toBe('Side  projects');
    type('Title', '  A post ');
    fireEvent.click(screen.getByRole('switch', { name: 'Add to favourites' }));
    create();

    expect(onSubmit).toHaveBeenCalledWith({
      link: 'https://example.com/post',
      title: 'A post',
      category: 'Side projects',
      favourite: true,
      rssFeed: null,
      promotor: null,
    });
    const button = screen.getByRole('button', { name: 'Create' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.querySelector('[role="progressbar"]')).not.toBeNull();
    await act(async () => pending.resolve(undefined));
    expect(button.disabled).toBe(false);
    expect(formErrors()).toEqual([]);
  });

  it('sends a picked category and the values the form was opened with', async () => {
    const onSubmit = vi.fn(async () => {});
    renderDialog({
      onSubmit,
      initial: { link: 'https://shop.example.com', title: 'T'.repeat(60), category: 'Work', promotor: 'acme-ltd' },
    });
    expect(valueOf('Title')).toBe('T'.repeat(50));
    expect(valueOf('Category')).toBe('Work');
    pickCategory('Shopping');
    await act(async () => create());
    expect(onSubmit).toHaveBeenCalledWith({
      link: 'https://shop.example.com',
      title: 'T'.repeat(50),
      category: 'Shopping',
      favourite: false,
      rssFeed: null,
      promotor: 'acme-ltd',
    });
  });

  it("shows the server's refusal of a duplicate in red under the form", async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, 'duplicate_link', bookmarkMessages.duplicateLink, 'link');
    });
    renderDialog({ onSubmit, initial: { link: 'https://example.com', title: 'Example', category: 'Work' } });
    await act(async () => create());
    expect(screen.getByRole('alert').textContent).toBe('This link has already been added to your bookmarks');
    expect(screen.getByRole('button', { name: 'Create' }).hasAttribute('disabled')).toBe(false);
  });

  it.each([new TypeError('x is undefined'), 'boom', new ApiError(500, 'http_error', '')])(
    "shows 'Failed to add link' for a failure without a message for the user (%s)",
    async (failure) => {
      renderDialog({
        onSubmit: () => Promise.reject(failure),
        initial: { link: 'https://example.com', title: 'Example', category: 'Work' },
      });
      await act(async () => create());
      expect(formErrors()).toEqual(['Failed to add link']);
    },
  );

  it('closes on Cancel', () => {
    const { props } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onClose).toHaveBeenCalledTimes(1);
  });
});

describe('AddBookmarkDialog page lookup', () => {
  it('fills the title and RSS address from the page a moment after the address stops changing', async () => {
    vi.useFakeTimers();
    const answer = deferred<PagePreview>();
    const onPreview = vi.fn((_url: string, _signal: AbortSignal) => answer.promise);
    renderDialog({ onPreview });
    type('Web address', 'https://example.com/blog');
    act(() => vi.advanceTimersByTime(399));
    expect(onPreview).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onPreview).toHaveBeenCalledTimes(1);
    expect(onPreview.mock.calls[0]![0]).toBe('https://example.com/blog');
    expect(titleLookup()).toEqual({ spinner: true, busy: 'true' });

    await act(async () =>
      answer.resolve(
        preview({ title: 'The  Example blog', rssFeed: 'https://example.com/feed.xml', screenshot: true }),
      ),
    );
    expect(valueOf('Title')).toBe('The Example blog');
    expect(valueOf('RSS feed URL')).toBe('https://example.com/feed.xml');
    expect(screen.queryByRole('progressbar', { name: 'Looking up the page' })).toBeNull();

    fireEvent.click(screen.getByRole('switch', { name: 'Add to favourites' }));
    expectShown(screen.getByText(bookmarkMessages.screenshotAfterSave));
  });

  it('cuts a long page title to 50 characters and falls back to the domain', async () => {
    vi.useFakeTimers();
    const onPreview = vi.fn(async (url: string) => preview({ title: url.includes('long') ? 'L'.repeat(80) : null }));
    renderDialog({ onPreview });
    type('Web address', 'https://www.example.com/long');
    await act(async () => vi.advanceTimersByTime(400));
    expect(valueOf('Title')).toBe('L'.repeat(50));
    type('Web address', 'https://www.example.org/');
    await act(async () => vi.advanceTimersByTime(400));
    // The earlier generated title is replaced, since the user did not write it.
    expect(valueOf('Title')).toBe('example.org');
  });

  it("keeps the user's own title and RSS address", async () => {
    vi.useFakeTimers();
    const onPreview = vi.fn(async () => preview({ title: 'Page title', rssFeed: 'https://example.com/rss' }));
    renderDialog({ onPreview });
    type('Title', 'Mine');
    type('RSS feed URL', 'https://example.com/atom');
    type('Web address', 'https://example.com');
    await act(async () => vi.advanceTimersByTime(400));
    expect(onPreview).toHaveBeenCalledTimes(1);
    expect(valueOf('Title')).toBe('Mine');
    expect(valueOf('RSS feed URL')).toBe('https://example.com/atom');
  });

  it('leaves the fields to the user when the lookup fails', async () => {
    vi.useFakeTimers();
    const onPreview = vi.fn(() => Promise.reject(new Error('Could not read the page')));
    renderDialog({ onPreview });
    type('Web address', 'https://example.com');
    await act(async () => vi.advanceTimersByTime(400));
    expect(onPreview).toHaveBeenCalledTimes(1);
    expect(valueOf('Title')).toBe('');
    expect(screen.queryByRole('progressbar', { name: 'Looking up the page' })).toBeNull();
    expect(formErrors()).toEqual([]);
  });

  it('does not look up the bare prefix or an invalid address', () => {
    vi.useFakeTimers();
    const onPreview = vi.fn(async () => preview());
    renderDialog({ onPreview });
    fireEvent.click(screen.getByLabelText('Web address'));
    act(() => vi.advanceTimersByTime(1000));
    type('Web address', 'example.com');
    act(() => vi.advanceTimersByTime(1000));
    expect(onPreview).not.toHaveBeenCalled();
  });

  it('aborts a lookup when the address changes and ignores its late answer', async () => {
    vi.useFakeTimers();
    const first = deferred<PagePreview>();
    const second = deferred<PagePreview>();
    const onPreview = vi.fn(
      (_url: string, _signal: AbortSignal) => (onPreview.mock.calls.length === 1 ? first : second).promise,
    );
    renderDialog({ onPreview });
    type('Web address', 'https://old.example.com');
    act(() => vi.advanceTimersByTime(400));
    const oldSignal = onPreview.mock.calls[0]![1];
    type('Web address', 'https://new.example.com');
    expect(oldSignal.aborted).toBe(true);
    act(() => vi.advanceTimersByTime(400));
    expect(onPreview.mock.calls[1]![0]).toBe('https://new.example.com');

    // The host ignored the signal and answered anyway: the answer is dropped.
    await act(async () => first.resolve(preview({ title: 'Old page', rssFeed: 'https://old.example.com/feed' })));
    expect(valueOf('Title')).toBe('');
    expect(valueOf('RSS feed URL')).toBe('');
    expect(titleLookup()).toEqual({ spinner: true, busy: 'true' });

    await act(async () => second.resolve(preview({ title: 'New page' })));
    expect(valueOf('Title')).toBe('New page');
  });

  it('aborts the lookup when the dialog closes', async () => {
    vi.useFakeTimers();
    const answer = deferred<PagePreview>();
    const onPreview = vi.fn((_url: string, _signal: AbortSignal) => answer.promise);
    const { rerenderWith } = renderDialog({ onPreview });
    type('Web address', 'https://example.com');
    act(() => vi.advanceTimersByTime(400));
    const signal = onPreview.mock.calls[0]![1];
    expect(signal.aborted).toBe(false);
    rerenderWith({ open: false });
    expect(signal.aborted).toBe(true);
    await act(async () => answer.resolve(preview({ title: 'Too late' })));
    expect(screen.queryByDisplayValue('Too late')).toBeNull();
  });

  it('shows a neutral placeholder for a favourite when no screenshot can be taken', async () => {
    vi.useFakeTimers();
    renderDialog({ onPreview: async () => preview({ title: 'Example', screenshot: false }) });
    type('Web address', 'https://example.com');
    await act(async () => vi.advanceTimersByTime(400));
    expect(screen.queryByRole('img', { name: 'No screenshot preview' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Add to favourites' }));
    // A drawn icon: no picture is loaded.
    expect(screen.getByRole('img', { name: 'No screenshot preview' }).localName).toBe('svg');
    expect(screen.queryByText(bookmarkMessages.screenshotAfterSave)).toBeNull();
    expect(document.querySelector('[role="dialog"] img')).toBeNull();
  });
});
