import { CircularProgress } from '@mui/material';
import { recommendationMessages } from '../../domain/index.js';
import { ActionButton } from '../bookmarks/ActionButton.js';
import { RecommendIcon } from './icons.js';

export interface RecommendationsButtonProps {
  loading: boolean;
  onClick: () => void;
}

/** The row action 'Recommended websites'; a spinner in its place while the list loads (the drawer opens after). */
export function RecommendationsButton({ loading, onClick }: RecommendationsButtonProps) {
  // Not disabled while loading: a disabled button drops focus, and the drawer hands focus back here on closing.
  return (
    <ActionButton label={recommendationMessages.button} onClick={loading ? ignore : onClick}>
      {loading ? (
        <CircularProgress size={18} aria-label="Loading recommendations" />
      ) : (
        <RecommendIcon fontSize="small" />
      )}
    </ActionButton>
  );
}

function ignore() {}
