import type { ReactNode } from 'react';
import type { Bookmark } from '../../domain/index.js';
import { RecommendationsButton } from '../recommendations/RecommendationsButton.js';
import { ActionButton } from './ActionButton.js';
import type { BookmarkActions } from './bookmarkActions.js';
import { FavouriteButton } from './FavouriteButton.js';
import { EditIcon, ReaderIcon, StorefrontIcon } from './icons.js';

/**
 * The actions every bookmark offers, in one order wherever it is shown: favourite, edit, the Reader
 * view when the host offers it, what the host adds (`children`), recommended websites when the host offers them, then the promotor's page
 * when the bookmark came from one.
 */
export function BookmarkActionButtons(props: BookmarkActions & { bookmark: Bookmark; children?: ReactNode }) {
  const { bookmark, onToggleFavourite, onEdit, onRead, onOpenPromotor, onRecommend, recommendingId, children } = props;
  return (
    <>
      <FavouriteButton favourite={bookmark.favourite} onToggle={() => onToggleFavourite(bookmark)} />
      <ActionButton label="Edit Bookmark" onClick={() => onEdit(bookmark)}>
        <EditIcon fontSize="small" />
      </ActionButton>
      {onRead && (
        <ActionButton label="Reader view" onClick={() => onRead(bookmark)}>
          <ReaderIcon fontSize="small" />
        </ActionButton>
      )}
      {children}
      {onRecommend && (
        <RecommendationsButton loading={recommendingId === bookmark.id} onClick={() => onRecommend(bookmark)} />
      )}
      {bookmark.promotor && onOpenPromotor && (
        <ActionButton label="Promotor's Page" onClick={() => onOpenPromotor(bookmark)}>
          <StorefrontIcon fontSize="small" />
        </ActionButton>
      )}
    </>
  );
}
