// @vitest-environment jsdom
import { List } from '@mui/material';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookmark } from '../../testing/bookmarks.js';
import { BookmarkRow } from '../bookmarks/BookmarkRow.js';

afterEach(cleanup);

const renderRow = (over: { onRecommend?: () => void; recommendingId?: string | null } = {}) =>
  render(
    <List>
      <BookmarkRow bookmark={bookmark()} onToggleFavourite={vi.fn()} onEdit={vi.fn()} {...over} />
    </List>,
  );

describe('the Recommended websites button on a bookmark row', () => {
  it('is absent unless the host offers recommendations (free plans)', () => {
    renderRow();
    expect(screen.queryByRole('button', { name: 'Recommended websites' })).toBeNull();
  });

  it("asks for the row's bookmark", () => {
    const onRecommend = vi.fn();
    renderRow({ onRecommend });
    fireEvent.click(screen.getByRole('button', { name: 'Recommended websites' }));
    expect(onRecommend).toHaveBeenCalledWith(bookmark());
  });

  it('shows progress and takes no second click while loading', () => {
    const onRecommend = vi.fn();
    renderRow({ onRecommend, recommendingId: 'b1' });
    const button = screen.getByRole('button', { name: 'Recommended websites' });
    expect(within(button).getByRole('progressbar', { name: 'Loading recommendations' })).toBeTruthy();
    fireEvent.click(button);
    expect(onRecommend).not.toHaveBeenCalled();
  });

  it("stays idle while another bookmark's recommendations load", () => {
    const onRecommend = vi.fn();
    renderRow({ onRecommend, recommendingId: 'b2' });
    const button = screen.getByRole('button', { name: 'Recommended websites' });
    expect(within(button).queryByRole('progressbar')).toBeNull();
    fireEvent.click(button);
    expect(onRecommend).toHaveBeenCalledOnce();
  });
});
