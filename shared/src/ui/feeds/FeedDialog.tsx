import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Pagination,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useId } from 'react';
import { mobileBreakpointPx, feedMessages, type BookmarkFeed } from '../../domain/index.js';
import { FeedImage } from './FeedImage.js';
import { FeedItemList } from './FeedItemList.js';

export interface FeedDialogProps {
  open: boolean;
  /** The bookmark's title. */
  title: string;
  /** The page of the feed on screen; kept while the next page loads. */
  feed: BookmarkFeed | null;
  loading: boolean;
  /** Set when the feed could not be loaded. */
  failed: boolean;
  onPageChange: (page: number) => void;
  onRetry: () => void;
  onClose: () => void;
  imageBase?: string;
  now?: Date;
}

/** One bookmark's feed, 25 items a page, with the feed's image at most 200 by 100. */
export function FeedDialog(props: FeedDialogProps) {
  const { open, title, feed, loading, failed, onPageChange, onRetry, onClose, imageBase, now } = props;
  const fullScreen = useMediaQuery(`(max-width:${mobileBreakpointPx - 0.05}px)`);
  const titleId = useId();
  const pages = feed ? Math.ceil(feed.total / feed.pageSize) : 0;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" fullScreen={fullScreen} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>RSS Feed: {title}</DialogTitle>
      <DialogContent dividers>
        {feed && !failed && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
            <FeedImage src={feed.source.imageSrc} alt={feed.source.feedTitle ?? title} base={imageBase} />
            <Typography variant="body2" color="text.secondary">
              {feed.source.feedTitle}
              {feed.source.feedTitle && ' · '}
              {feed.total} {feed.total === 1 ? 'item' : 'items'}
            </Typography>
          </Box>
        )}
        {failed ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                Try Again
              </Button>
            }
          >
            {feedMessages.dialogError}
          </Alert>
        ) : !feed ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading RSS feed" />
          </Box>
        ) : feed.total === 0 ? (
          <Typography sx={{ py: 2 }}>This feed has no items yet.</Typography>
        ) : (
          <FeedItemList items={feed.items} label={`Items of ${title}`} busy={loading} imageBase={imageBase} now={now} />
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: pages > 1 ? 'space-between' : 'flex-end' }}>
        {pages > 1 && !failed && feed && (
          <Pagination
            count={pages}
            page={feed.page}
            onChange={(_e, n) => onPageChange(n)}
            disabled={loading}
            size="small"
            aria-label="Feed pages"
          />
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
