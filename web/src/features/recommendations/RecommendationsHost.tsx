import { RecommendationsDrawer } from '@linkhive/shared/ui';
import { useAddDialog } from '../bookmarks/addDialog';
import type { RecommendationsState } from './useRecommendations';

interface Props {
  state: RecommendationsState;
  onRetry: () => void;
  onClose: () => void;
}

/** The drawer on the web: Add opens the app's one add dialog, filled in, above the drawer (to add several). */
export function RecommendationsHost({ state, onRetry, onClose }: Props) {
  const showAdd = useAddDialog((s) => s.show);
  return (
    <RecommendationsDrawer
      open={state.open}
      site={state.bookmark?.domain ?? ''}
      list={state.list}
      loading={state.loading}
      error={state.error}
      onRetry={onRetry}
      onAdd={(item) => showAdd({ link: item.link, title: item.title })}
      onClose={onClose}
    />
  );
}
