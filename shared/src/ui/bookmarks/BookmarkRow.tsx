import { Box, Link, ListItem, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Bookmark } from '../../domain/index.js';
import { BookmarkActionButtons } from './BookmarkActionButtons.js';
import type { BookmarkActions } from './bookmarkActions.js';
import { Favicon } from './Favicon.js';

export interface BookmarkRowProps extends BookmarkActions {
  bookmark: Bookmark;
  /** Extra actions after the standard ones, such as See RSS Feed on paid plans. */
  actions?: ReactNode;
  /** Before the favicon, such as the search page's selection checkbox. */
  leading?: ReactNode;
  /** Under the title instead of the domain, such as the category and the full address. */
  details?: ReactNode;
}

export function BookmarkRow(props: BookmarkRowProps) {
  const { bookmark, actions, leading, details, ...handlers } = props;
  return (
    <ListItem disableGutters sx={{ gap: 1.5, alignItems: 'center' }}>
      {leading}
      <Favicon src={bookmark.faviconUrl} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Link
          href={bookmark.link}
          target="_blank"
          rel="noopener noreferrer"
          underline="hover"
          sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {bookmark.title}
        </Link>
        {details ?? (
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {bookmark.domain}
          </Typography>
        )}
      </Box>
      <Stack direction="row" sx={{ flexShrink: 0 }}>
        <BookmarkActionButtons bookmark={bookmark} {...handlers} />
        {actions}
      </Stack>
    </ListItem>
  );
}
