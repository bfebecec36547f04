import type { Bookmark } from '../../domain/index.js';
import { ActionButton } from '../bookmarks/ActionButton.js';
import { RssFeedIcon } from './icons.js';

export interface SeeFeedButtonProps {
  bookmark: Bookmark;
  onSeeFeed: (bookmark: Bookmark) => void;
}

/** The row action 'See RSS Feed': nothing for a bookmark without an RSS address. */
export function SeeFeedButton({ bookmark, onSeeFeed }: SeeFeedButtonProps) {
  if (!bookmark.rssFeed) return null;
  return (
    <ActionButton label="See RSS Feed" onClick={() => onSeeFeed(bookmark)}>
      <RssFeedIcon fontSize="small" />
    </ActionButton>
  );
}
