// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectShown } from '../../testing/ui.js';
import { NoBookmarks, NoFavourites } from './EmptyState.js';
import { FilterPanel } from './FilterPanel.js';
import { LayoutToggle } from './LayoutToggle.js';

afterEach(cleanup);

describe('LayoutToggle', () => {
  it('marks the current layout and reports a switch, but not a click on the current one', () => {
    const onChange = vi.fn();
    render(<LayoutToggle value="list" onChange={onChange} />);
    const list = screen.getByRole('button', { name: 'List view' });
    const grid = screen.getByRole('button', { name: 'Grid view' });
    expect(list.getAttribute('aria-pressed')).toBe('true');
    expect(grid.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(list);
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(grid);
    expect(onChange).toHaveBeenCalledWith('grid');
  });
});

describe('FilterPanel', () => {
  it("searches and filters by category, 'All Categories' first", () => {
    const onSearchChange = vi.fn();
    const onCategoryChange = vi.fn();
    render(
      <FilterPanel
        search=""
        onSearchChange={onSearchChange}
        categories={['Work', 'Reading']}
        category=""
        onCategoryChange={onCategoryChange}
      />,
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'news' } });
    expect(onSearchChange).toHaveBeenCalledWith('news');
    const select = screen.getByRole('combobox', { name: 'Filter by category' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['All Categories', 'Work', 'Reading']);
    expect(select.value).toBe('');
    fireEvent.change(select, { target: { value: 'Reading' } });
    expect(onCategoryChange).toHaveBeenCalledWith('Reading');
  });
});

describe('empty states', () => {
  it("says 'You have no favourites'", () => {
    render(<NoFavourites />);
    expectShown(screen.getByText('You have no favourites'));
  });

  it('offers a user without bookmarks to add a link or import', () => {
    const onAddLink = vi.fn();
    const onImport = vi.fn();
    render(<NoBookmarks onAddLink={onAddLink} onImport={onImport} />);
    expectShown(screen.getByText('No bookmarks have been added.'));
    fireEvent.click(screen.getByRole('button', { name: 'Add Link' }));
    fireEvent.click(screen.getByRole('button', { name: 'Import bookmarks' }));
    expect(onAddLink).toHaveBeenCalledTimes(1);
    expect(onImport).toHaveBeenCalledTimes(1);
  });
});
