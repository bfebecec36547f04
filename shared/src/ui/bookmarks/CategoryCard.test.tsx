// @vitest-environment jsdom
import { Button } from '@mui/material';
import { act, cleanup, fireEvent, render, screen, waitForElementToBeRemoved, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, expectShown } from '../../testing/ui.js';
import { BookmarkRow } from './BookmarkRow.js';
import { CategoryCard } from './CategoryCard.js';
import { bookmark } from '../../testing/bookmarks.js';

afterEach(cleanup);

const actions = () => ({ onToggleFavourite: vi.fn(async () => {}), onEdit: vi.fn(), onOpenPromotor: vi.fn() });

describe('BookmarkRow', () => {
  it('links the title to the page in a new tab, with the domain and a decorative favicon', () => {
    render(
      <ul>
        <BookmarkRow bookmark={bookmark()} {...actions()} />
      </ul>,
    );
    const link = screen.getByRole('link', { name: 'Example Domain' });
    expect(link.getAttribute('href')).toBe('https://www.example.com/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expectShown(screen.getByText('example.com'));
    const favicon = document.querySelector('img')!;
    expect(favicon.getAttribute('src')).toBe('/files/favicons/example.com.png');
    expect(favicon.getAttribute('alt')).toBe('');
  });

  it('shows the whole of a long title, cut with an ellipsis in the row, on hover and on keyboard focus', async () => {
    const title = 'ChocolateConsumption,CognitiveFunction,andNobelLaureates-Chocolateconsumption';
    render(
      <ul>
        <BookmarkRow bookmark={bookmark({ title })} {...actions()} />
      </ul>,
    );
    const link = screen.getByRole('link', { name: title });
    expect(getComputedStyle(link).textOverflow).toBe('ellipsis');
    fireEvent.mouseOver(link);
    expect((await screen.findByRole('tooltip', {}, { timeout: 2000 })).textContent).toBe(title);
    fireEvent.mouseLeave(link);
    await waitForElementToBeRemoved(() => screen.queryByRole('tooltip'), { timeout: 2000 });
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => link.focus());
    expect((await screen.findByRole('tooltip', {}, { timeout: 2000 })).textContent).toBe(title);
  });

  it('toggles a favourite through the host, idle while the change is saved', async () => {
    const pending = deferred();
    const a = { ...actions(), onToggleFavourite: vi.fn(() => pending.promise) };
    const item = bookmark();
    const { rerender } = render(<BookmarkRow bookmark={item} {...a} />);
    const add = screen.getByRole('button', { name: 'Add to Favorites' }) as HTMLButtonElement;
    fireEvent.click(add);
    expect(a.onToggleFavourite).toHaveBeenCalledWith(item);
    expect(add.disabled).toBe(true);
    await act(async () => pending.resolve(undefined));
    expect(add.disabled).toBe(false);

    rerender(<BookmarkRow bookmark={{ ...item, favourite: true }} {...a} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove from Favorites' }));
    expect(a.onToggleFavourite).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Add to Favorites' })).toBeNull();
  });

  it("offers Promotor's Page only for a bookmark that came from a promotor", () => {
    const a = actions();
    const { rerender } = render(<BookmarkRow bookmark={bookmark()} {...a} />);
    expect(screen.queryByRole('button', { name: "Promotor's Page" })).toBeNull();
    const promoted = bookmark({ promotor: 'acme-ltd' });
    rerender(<BookmarkRow bookmark={promoted} {...a} />);
    fireEvent.click(screen.getByRole('button', { name: "Promotor's Page" }));
    expect(a.onOpenPromotor).toHaveBeenCalledWith(promoted);
  });

  it('edits, and shows extra actions after its own', () => {
    const a = actions();
    const item = bookmark();
    render(<BookmarkRow bookmark={item} {...a} actions={<Button>See RSS Feed</Button>} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Bookmark' }));
    expect(a.onEdit).toHaveBeenCalledWith(item);
    const names = screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(names).toEqual(['Add to Favorites', 'Edit Bookmark', 'See RSS Feed']);
  });
});

describe('CategoryCard', () => {
  const items = [bookmark({ id: 'a', title: 'First' }), bookmark({ id: 'b', title: 'Second', promotor: 'acme' })];

  it('titles the card with the category on the tab colour and counts its links', () => {
    render(<CategoryCard category="Work" color="#E53935" bookmarks={items} onAdd={() => {}} {...actions()} />);
    const card = screen.getByRole('region', { name: 'Work' });
    const heading = within(card).getByRole('heading', { name: 'Work' });
    // Red is too light for white text (4.2:1) and for red text on the white card: black on red (5:1).
    expect(getComputedStyle(heading).backgroundColor).toBe('rgb(229, 57, 53)');
    expect(getComputedStyle(heading).color).toBe('rgb(0, 0, 0)');
    expect(card.textContent).toContain('2 links');
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(card)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['First', 'Second']);
  });

  it.each([
    ['#1A237E', 'rgb(255, 255, 255)'],
    ['#FFEB3B', 'rgb(0, 0, 0)'],
  ])('writes the title on a tab colour of %s in %s', (color, text) => {
    render(<CategoryCard category="Work" color={color} bookmarks={items} onAdd={() => {}} {...actions()} />);
    expect(getComputedStyle(screen.getByRole('heading', { name: 'Work' })).color).toBe(text);
  });

  it("opens the add dialog for its category from the plus button, and passes each row's actions", () => {
    const a = actions();
    const onAdd = vi.fn();
    render(
      <CategoryCard
        category="Reading list"
        color="#1976D2"
        bookmarks={items}
        count={5}
        onAdd={onAdd}
        renderActions={(b) => <Button>{`RSS of ${b.title}`}</Button>}
        {...a}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add link to Reading list' }));
    expect(onAdd).toHaveBeenCalledWith('Reading list');
    expect(screen.getByRole('region').textContent).toContain('5 links');
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit Bookmark' })[1]!);
    expect(a.onEdit).toHaveBeenCalledWith(items[1]);
    expect(screen.getAllByRole('button', { name: "Promotor's Page" })).toHaveLength(1);
    expect(screen.getAllByRole('listitem')[1]!.contains(screen.getByRole('button', { name: 'RSS of Second' }))).toBe(
      true,
    );
  });
});
