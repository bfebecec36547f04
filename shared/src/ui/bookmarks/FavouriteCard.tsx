import { Box, Card, Chip, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { bookmarkMessages } from '../../domain/index.js';
import type { Bookmark, LayoutPreference } from '../../domain/index.js';
import { ActionButton } from './ActionButton.js';
import { BookmarkActionButtons } from './BookmarkActionButtons.js';
import { Favicon } from './Favicon.js';
import { RefreshIcon, ShareIcon } from './icons.js';
import { TitleLink } from './TitleLink.js';
import type { BookmarkActions } from './bookmarkActions.js';

export interface FavouriteCardProps extends BookmarkActions {
  bookmark: Bookmark;
  variant: LayoutPreference;
  /** Native share on the web, the clipboard elsewhere: the host's choice. */
  onShare: (bookmark: Bookmark) => void;
  onRefreshScreenshot: (bookmark: Bookmark) => Promise<unknown> | void;
  actions?: ReactNode;
}

/** One favourite: its screenshot (or the site's icon until there is one), link, category and actions. */
export function FavouriteCard(props: FavouriteCardProps) {
  const {
    bookmark,
    variant,
    onShare,
    onRefreshScreenshot,
    onToggleFavourite,
    onEdit,
    onRead,
    onOpenPromotor,
    actions,
  } = props;
  const [refreshing, setRefreshing] = useState(false);
  const grid = variant === 'grid';
  const pending = bookmark.screenshotStatus === 'pending';

  const refresh = async () => {
    setRefreshing(true);
    try {
      await onRefreshScreenshot(bookmark);
    } catch {
      // Screenshot failures are the host's to report (the spec only logs them).
    } finally {
      setRefreshing(false);
    }
  };

  const picture = (
    <Box
      sx={{
        flexShrink: 0,
        width: grid ? '100%' : 128,
        aspectRatio: '16 / 10',
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {bookmark.screenshot ? (
        <Box
          component="img"
          src={bookmark.screenshot}
          alt={`Screenshot of ${bookmark.domain}`}
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'top' }}
        />
      ) : (
        <Favicon src={bookmark.faviconUrl} size={grid ? 48 : 32} />
      )}
    </Box>
  );

  return (
    <Card
      component="article"
      sx={{ display: 'flex', flexDirection: grid ? 'column' : 'row', alignItems: grid ? 'stretch' : 'center' }}
    >
      {picture}
      <Box sx={{ p: 1.5, minWidth: 0, flex: 1 }}>
        {/* h2: the cards sit right under the page's h1, and headings go down one level at a time. */}
        {/* The title cut by an ellipsis, whole on hover or focus, as in the bookmark and group rows. */}
        <Typography variant="subtitle1" component="h2">
          <TitleLink title={bookmark.title} href={bookmark.link} />
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Chip size="small" label={bookmark.category} />
          <Typography variant="caption" color="text.secondary" noWrap>
            {bookmark.domain}
          </Typography>
        </Stack>
        {pending && (
          <Typography variant="caption" color="text.secondary" role="status" component="p" sx={{ mt: 0.5 }}>
            {bookmarkMessages.screenshotPending}
          </Typography>
        )}
        <Stack direction="row" sx={{ mt: 0.5, flexWrap: 'wrap' }}>
          <BookmarkActionButtons
            bookmark={bookmark}
            onToggleFavourite={onToggleFavourite}
            onEdit={onEdit}
            onRead={onRead}
            onOpenPromotor={onOpenPromotor}
          >
            <ActionButton label="Share" onClick={() => onShare(bookmark)}>
              <ShareIcon fontSize="small" />
            </ActionButton>
            <ActionButton label="Refresh screenshot" onClick={refresh} disabled={refreshing || pending}>
              <RefreshIcon fontSize="small" />
            </ActionButton>
          </BookmarkActionButtons>
          {actions}
        </Stack>
      </Box>
    </Card>
  );
}
