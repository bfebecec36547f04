// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitForElementToBeRemoved } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, expectShown } from '../../testing/ui.js';
import { FavouriteCard } from './FavouriteCard.js';
import type { FavouriteCardProps } from './FavouriteCard.js';
import { bookmark } from '../../testing/bookmarks.js';

afterEach(cleanup);

function renderCard(props: Partial<FavouriteCardProps> = {}) {
  const all: FavouriteCardProps = {
    bookmark: bookmark({
      favourite: true,
      screenshot: '/files/screenshots/example.com.png',
      screenshotStatus: 'ready',
    }),
    variant: 'grid',
    onToggleFavourite: vi.fn(async () => {}),
    onEdit: vi.fn(),
    onShare: vi.fn(),
    onRefreshScreenshot: vi.fn(async () => {}),
    onOpenPromotor: vi.fn(),
    ...props,
  };
  const view = render(<FavouriteCard {...all} />);
  return { ...view, props: all };
}

describe('FavouriteCard', () => {
  it.each(['grid', 'list'] as const)(
    'shows the whole of a long title, cut with an ellipsis on the card, on hover and on keyboard focus (%s)',
    async (variant) => {
      const title = 'ChocolateConsumption,CognitiveFunction,andNobelLaureates-Chocolateconsumption';
      renderCard({ variant, bookmark: bookmark({ favourite: true, title }) });
      const link = screen.getByRole('link', { name: title });
      expect(getComputedStyle(link).textOverflow).toBe('ellipsis');
      expect(getComputedStyle(link).whiteSpace).toBe('nowrap');
      fireEvent.mouseOver(link);
      expect((await screen.findByRole('tooltip', {}, { timeout: 2000 })).textContent).toBe(title);
      fireEvent.mouseLeave(link);
      await waitForElementToBeRemoved(() => screen.queryByRole('tooltip'), { timeout: 2000 });
      fireEvent.keyDown(document.body, { key: 'Tab' });
      act(() => link.focus());
      expect((await screen.findByRole('tooltip', {}, { timeout: 2000 })).textContent).toBe(title);
    },
  );

  it.each(['grid', 'list'] as const)('shows the screenshot, link, category and domain (%s)', (variant) => {
    renderCard({ variant });
    const shot = screen.getByRole('img', { name: 'Screenshot of example.com' });
    expect(shot.getAttribute('src')).toBe('/files/screenshots/example.com.png');
    const link = screen.getByRole('link', { name: 'Example Domain' });
    expect(link.getAttribute('href')).toBe('https://www.example.com/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expectShown(screen.getByText('Work'));
    expectShown(screen.getByText('example.com'));
  });

  it('shows the favicon until there is a screenshot, and says when one is being taken', () => {
    renderCard({ bookmark: bookmark({ favourite: true, screenshotStatus: 'pending' }) });
    expect(screen.queryByRole('img', { name: /Screenshot/ })).toBeNull();
    expect(document.querySelector('img')!.getAttribute('src')).toBe('/files/favicons/example.com.png');
    expect(screen.getByRole('status').textContent).toBe('Taking a screenshot…');
    expect(screen.getByRole('button', { name: 'Refresh screenshot' }).hasAttribute('disabled')).toBe(true);
  });

  it('removes it from favourites, edits and shares it through the host', () => {
    const { props } = renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Remove from Favorites' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit Bookmark' }));
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(props.onToggleFavourite).toHaveBeenCalledWith(props.bookmark);
    expect(props.onEdit).toHaveBeenCalledWith(props.bookmark);
    expect(props.onShare).toHaveBeenCalledWith(props.bookmark);
  });

  it('refreshes the screenshot once at a time', async () => {
    const pending = deferred();
    const { props } = renderCard({ onRefreshScreenshot: vi.fn(() => pending.promise) });
    const refresh = screen.getByRole('button', { name: 'Refresh screenshot' }) as HTMLButtonElement;
    fireEvent.click(refresh);
    expect(props.onRefreshScreenshot).toHaveBeenCalledWith(props.bookmark);
    expect(refresh.disabled).toBe(true);
    await act(async () => pending.reject(new Error('No browser')));
    expect(refresh.disabled).toBe(false);
  });

  it("offers Promotor's Page only when the bookmark has a promotor", () => {
    const { props, rerender } = renderCard();
    expect(screen.queryByRole('button', { name: "Promotor's Page" })).toBeNull();
    const promoted = bookmark({ favourite: true, promotor: 'acme-ltd' });
    rerender(<FavouriteCard {...props} bookmark={promoted} />);
    fireEvent.click(screen.getByRole('button', { name: "Promotor's Page" }));
    expect(props.onOpenPromotor).toHaveBeenCalledWith(promoted);
  });
});
