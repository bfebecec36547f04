import type { Bookmark } from '../../domain/index.js';

/** What the user can do with one bookmark in a list; shared by rows, category cards and favourite cards. */
export interface BookmarkActions {
  onToggleFavourite: (bookmark: Bookmark) => Promise<unknown> | void;
  onEdit: (bookmark: Bookmark) => void;
  /** Opens the promotor's page (/promo/{promotor} on the web); the button shows only when set and the bookmark has one. */
  onOpenPromotor?: (bookmark: Bookmark) => void;
}
