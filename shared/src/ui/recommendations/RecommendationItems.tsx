import { Box, Button, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { cutRecommendationSnippet, type Recommendation } from '../../domain/index.js';
import { Favicon } from '../bookmarks/Favicon.js';

export interface RecommendationItemsProps {
  items: readonly Recommendation[];
  /** Names the list for assistive technology. */
  label: string;
  onAdd: (item: Recommendation) => void;
  faviconSrc: (displayLink: string) => string;
  promoHref: (slug: string) => string;
}

/** The recommended sites: icon, title, address, description, then Open, Add and a promotor's page link. */
export function RecommendationItems({ items, label, onAdd, faviconSrc, promoHref }: RecommendationItemsProps) {
  return (
    <List aria-label={label} disablePadding>
      {items.map((item) => (
        <ListItem key={item.link} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
            <Box sx={{ pt: 0.25 }}>
              <Favicon src={faviconSrc(item.displayLink)} />
            </Box>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography component="h3" variant="subtitle2" sx={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                {item.displayLink}
              </Typography>
              {/* The server cuts descriptions already; cut again so an older cached answer cannot overflow. */}
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {cutRecommendationSnippet(item.snippet)}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Button
                  size="small"
                  variant="outlined"
                  href={item.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`Open ${item.title}`}
                >
                  Open
                </Button>
                <Button size="small" variant="contained" onClick={() => onAdd(item)} aria-label={`Add ${item.title}`}>
                  Add
                </Button>
                {item.promoSlug && (
                  <Link href={promoHref(item.promoSlug)} variant="body2">
                    Promotor&apos;s Page
                  </Link>
                )}
              </Stack>
            </Box>
          </Box>
        </ListItem>
      ))}
    </List>
  );
}
