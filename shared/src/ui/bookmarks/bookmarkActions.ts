import type { Bookmark } from '../../domain/index.js';
import type { LinkHealthActions } from './LinkHealthNotice.js';

/** What the user can do with one bookmark in a list; shared by rows, category cards and favourite cards. */
export interface BookmarkActions extends LinkHealthActions {
  onToggleFavourite: (bookmark: Bookmark) => Promise<unknown> | void;
  onEdit: (bookmark: Bookmark) => void;
  /** Opens the page's readable copy (the Reader view); the button shows only when set. */
  onRead?: (bookmark: Bookmark) => void;
  /** Opens the promotor's page (/promo/{promotor} on the web); the button shows only when set and the bookmark has one. */
  onOpenPromotor?: (bookmark: Bookmark) => void;
  /** Loads the bookmark's recommended websites; the button shows only when set (paid plans: the host decides). */
  onRecommend?: (bookmark: Bookmark) => void;
  /** The bookmark whose recommendations are loading: its button shows progress and takes no second click. */
  recommendingId?: string | null;
}
