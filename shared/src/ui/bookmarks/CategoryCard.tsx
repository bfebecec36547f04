import { Box, Card, CardContent, Chip, IconButton, List, Tooltip, Typography } from '@mui/material';
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { Bookmark } from '../../domain/index.js';
import { textColorOn } from '../contrast.js';
import { BookmarkRow } from './BookmarkRow.js';
import type { BookmarkActions } from './bookmarkActions.js';
import { AddIcon } from './icons.js';
import { visuallyHidden } from './visuallyHidden.js';

export interface CategoryCardProps extends BookmarkActions {
  category: string;
  /** The tab colour from the profile (or the page's default). */
  color: string;
  bookmarks: readonly Bookmark[];
  /** All the category holds; defaults to the bookmarks shown (a search may show fewer). */
  count?: number;
  /** The plus button: opens the add dialog with this category picked. */
  onAdd: (category: string) => void;
  /** Extra actions for each row. */
  renderActions?: (bookmark: Bookmark) => ReactNode;
}

export function CategoryCard(props: CategoryCardProps) {
  const { category, color, bookmarks, count = bookmarks.length, onAdd, renderActions, ...actions } = props;
  const headingId = useId();
  return (
    // min-width 0: a card in a grid or flex column is never wider than its column, whatever its titles.
    <Card component="section" aria-labelledby={headingId} sx={{ borderTop: 4, borderTopColor: color, minWidth: 0 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {/* The title sits on the tab colour, in black or white by that colour: the user picks it,
                and no one text colour reads well on every pick (or on the card around it). */}
            <Typography
              id={headingId}
              variant="h6"
              component="h2"
              noWrap
              // The whole name on hover where a phone cuts it off (the add button's name has it too).
              title={category}
              sx={{
                display: 'inline-block',
                maxWidth: '100%',
                verticalAlign: 'middle',
                px: 1.25,
                borderRadius: 1,
                bgcolor: color,
                color: textColorOn(color),
              }}
            >
              {category}
            </Typography>
          </Box>
          <Chip
            size="small"
            label={
              <>
                {count}
                <span style={visuallyHidden}>{count === 1 ? ' link' : ' links'}</span>
              </>
            }
          />
          <Tooltip title={`Add link to ${category}`}>
            <IconButton aria-label={`Add link to ${category}`} onClick={() => onAdd(category)} size="small">
              <AddIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <List dense disablePadding>
          {bookmarks.map((bookmark) => (
            <BookmarkRow key={bookmark.id} bookmark={bookmark} actions={renderActions?.(bookmark)} {...actions} />
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
