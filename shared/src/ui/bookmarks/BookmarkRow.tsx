import { Box, ListItem, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import type { Bookmark } from '../../domain/index.js';
import { BookmarkActionButtons } from './BookmarkActionButtons.js';
import type { BookmarkActions } from './bookmarkActions.js';
import { Favicon } from './Favicon.js';
import { LinkHealthNotice } from './LinkHealthNotice.js';
import { SearchSnippet } from './SearchSnippet.js';
import { TitleLink } from './TitleLink.js';

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
  const { bookmark, actions, leading, details, onCheckLink, onUpdateAddress, ...handlers } = props;
  return (
    // The actions move under the title when less than 8rem of it would be left beside them (a phone
    // with a paid plan's five buttons), so a title never pushes them out of the card.
    <ListItem disableGutters sx={{ columnGap: 1.5, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}>
      {leading}
      <Favicon src={bookmark.faviconUrl} />
      <Box sx={{ minWidth: 0, flex: '1 1 8rem' }}>
        <TitleLink title={bookmark.title} href={bookmark.link} />
        {details ?? (
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {bookmark.domain}
          </Typography>
        )}
        {bookmark.snippet && <SearchSnippet snippet={bookmark.snippet} />}
        <LinkHealthNotice bookmark={bookmark} onCheckLink={onCheckLink} onUpdateAddress={onUpdateAddress} />
      </Box>
      <Stack direction="row" sx={{ flexShrink: 0, ml: 'auto' }}>
        <BookmarkActionButtons bookmark={bookmark} {...handlers} />
        {actions}
      </Stack>
    </ListItem>
  );
}
