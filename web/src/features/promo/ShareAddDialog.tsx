import type { ShareParams } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import type { NewBookmarkValues } from '@linkhive/shared/ui';
import { api } from '../../api';
import { libraryChanged } from '../bookmarks/library';
import { LibraryAddDialog, savedNotice } from '../bookmarks/LibraryAddDialog';
import { followerAddedNotice } from './notices';
import { followPromotor } from './promoSignup';
import type { PromoTarget } from './promoSignup';

export interface ShareAddDialogProps {
  params: ShareParams;
  promo: PromoTarget | null;
  /** Runs after Create, and on Cancel: the page decides where the visitor goes. */
  onLeave: () => void;
}

/**
 * The app's add dialog, filled in from the share link. With a promo connect, Create follows the
 * promotor first, then saves the link with its slug, then says 'FOLLOWER ADDED' for three seconds.
 * A failed follow (a page that no longer exists) saves nothing: the error shows under the form.
 */
export function ShareAddDialog({ params, promo, onLeave }: ShareAddDialogProps) {
  const notify = useNotify();

  async function create(values: NewBookmarkValues) {
    if (promo) await followPromotor(promo.slug);
    const saved = await api.bookmarks.create({ ...values, promotor: promo?.slug ?? null });
    libraryChanged();
    notify(promo ? followerAddedNotice(promo.title) : savedNotice(saved));
    onLeave();
  }

  return (
    <LibraryAddDialog
      open
      onClose={onLeave}
      initial={{ link: params.url, title: params.title, category: params.category, promotor: promo?.slug ?? null }}
      onSubmit={create}
    />
  );
}
