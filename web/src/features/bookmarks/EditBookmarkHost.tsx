import type { Bookmark } from '@linkhive/shared/domain';
import { EditBookmarkDialog } from '@linkhive/shared/ui';
import { useCategoryNames, useSuggestedCategories } from './library';
import { useBookmarkActions } from './useBookmarkActions';

/** The edit dialog for one bookmark of a page; `bookmark` null keeps it closed. */
export function EditBookmarkHost({ bookmark, onClose }: { bookmark: Bookmark | null; onClose: () => void }) {
  const actions = useBookmarkActions();
  const categories = useCategoryNames(!!bookmark);
  const suggested = useSuggestedCategories(!!bookmark);
  return (
    <EditBookmarkDialog
      bookmark={bookmark}
      categories={categories}
      suggested={suggested}
      onClose={onClose}
      onSubmit={async (changes) => {
        await actions.update(bookmark!, changes);
        onClose();
      }}
      onDelete={async () => {
        await actions.remove(bookmark!);
        onClose();
      }}
    />
  );
}
