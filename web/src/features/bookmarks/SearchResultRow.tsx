import type { Bookmark } from '@linkhive/shared/domain';
import { BookmarkRow } from '@linkhive/shared/ui';
import { Box, Checkbox, Typography } from '@mui/material';

interface Props {
  bookmark: Bookmark;
  selected: boolean;
  onSelect: (bookmark: Bookmark, selected: boolean) => void;
  onToggleFavourite: (bookmark: Bookmark) => Promise<unknown>;
  onEdit: (bookmark: Bookmark) => void;
  onRead: (bookmark: Bookmark) => void;
  onCheckLink: (bookmark: Bookmark) => Promise<unknown>;
  onUpdateAddress: (bookmark: Bookmark, address: string) => Promise<unknown>;
  onOpenPromotor: (bookmark: Bookmark) => void;
  /** Set on paid plans only: Recommended websites. */
  onRecommend?: (bookmark: Bookmark) => void;
  recommendingId?: string | null;
}

/** One result: a selection box, then the shared row with the category and the full address. */
export function SearchResultRow({ bookmark, selected, onSelect, ...actions }: Props) {
  return (
    <BookmarkRow
      bookmark={bookmark}
      {...actions}
      leading={
        <Checkbox
          size="small"
          checked={selected}
          onChange={(e) => onSelect(bookmark, e.target.checked)}
          slotProps={{ input: { 'aria-label': `Select ${bookmark.title}` } }}
          sx={{ p: 0.5 }}
        />
      }
      details={
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          <Box component="span" sx={{ color: 'text.primary', fontWeight: 500 }}>
            {bookmark.category}
          </Box>
          {' · '}
          {bookmark.link}
        </Typography>
      }
    />
  );
}
