import { Alert, Box, Button, CircularProgress, Drawer, IconButton, Typography } from '@mui/material';
import { useId } from 'react';
import { recommendationMessages, type Recommendation, type RecommendationList } from '../../domain/index.js';
import { CloseIcon } from './icons.js';
import { RecommendationItems } from './RecommendationItems.js';

export interface RecommendationsDrawerProps {
  open: boolean;
  /** The bookmark's site, shown under the title ('example.com'). */
  site: string;
  /** The last answer; null before one arrives or after a failure. */
  list: RecommendationList | null;
  /** A load (a retry) is under way. */
  loading: boolean;
  /** What to say when the last load failed; null when it did not. */
  error: string | null;
  onRetry: () => void;
  /** Adds a recommended site (the web opens its add dialog, filled in). */
  onAdd: (item: Recommendation) => void;
  onClose: () => void;
  /** The site icon's address; the web's own favicon route by default. */
  faviconSrc?: (displayLink: string) => string;
  /** A promo advert's page; the web's /promo/<slug> by default. */
  promoHref?: (slug: string) => string;
}

const webFavicon = (displayLink: string) => `/api/favicons/${encodeURIComponent(displayLink)}`;
const webPromo = (slug: string) => `/promo/${encodeURIComponent(slug)}`;

/** Recommended websites for one bookmark's site, from the right; the whole width on narrow screens. */
export function RecommendationsDrawer(props: RecommendationsDrawerProps) {
  const { open, site, list, loading, error, onRetry, onAdd, onClose } = props;
  const { faviconSrc = webFavicon, promoHref = webPromo } = props;
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { 'aria-labelledby': titleId, sx: { width: { xs: '100%', sm: 440 } } } }}
    >
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id={titleId} variant="h6" component="h2">
              {recommendationMessages.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {site}
            </Typography>
          </Box>
          <IconButton aria-label="Close" onClick={onClose} size="small">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        {error && !loading ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={onRetry}>
                Retry
              </Button>
            }
          >
            {error}
          </Alert>
        ) : loading || !list ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading recommendations" />
          </Box>
        ) : (
          <>
            <Typography variant="caption" color="text.secondary">
              {recommendationMessages.sourceLabel[list.source]}
              {list.cached && ' · saved answer'}
            </Typography>
            {list.notice && <Alert severity="info">{list.notice}</Alert>}
            {list.items.length === 0 ? (
              <Typography>{recommendationMessages.noneFound}</Typography>
            ) : (
              <RecommendationItems
                items={list.items}
                label={`${recommendationMessages.title} for ${site}`}
                onAdd={onAdd}
                faviconSrc={faviconSrc}
                promoHref={promoHref}
              />
            )}
          </>
        )}
      </Box>
    </Drawer>
  );
}
