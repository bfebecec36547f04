import { Box, Link, List, ListItem, Typography } from '@mui/material';
import { itemDateText, type FeedItem } from '../../domain/index.js';
import { FeedImage } from './FeedImage.js';

export interface FeedItemListProps {
  items: readonly FeedItem[];
  /** The list's accessible name. */
  label: string;
  /** Names each item's source: the merged list has many, a feed's dialog one. */
  showSource?: boolean;
  /** Prefix for the relayed image addresses (the server's address in the extension). */
  imageBase?: string;
  busy?: boolean;
  /** 'Today' is measured from here; tests pin it. */
  now?: Date;
  /** The items' heading level: one below the heading above the list (h3 under a dialog's h2). */
  headingLevel?: 'h2' | 'h3';
}

/** Feed items as plain text: the title links to the post in a new tab; no HTML from a feed is rendered. */
export function FeedItemList(props: FeedItemListProps) {
  const { items, label, showSource, imageBase, busy, now, headingLevel = 'h3' } = props;
  return (
    <List aria-label={label} aria-busy={busy} disablePadding>
      {items.map((item) => (
        <ListItem key={item.id} divider disableGutters sx={{ gap: 2, alignItems: 'flex-start', py: 1.5 }}>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="subtitle1" component={headingLevel} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {item.link ? (
                <Link href={item.link} target="_blank" rel="noopener noreferrer" underline="hover">
                  {item.title}
                </Link>
              ) : (
                item.title
              )}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="p">
              {showSource && <span>{item.sourceTitle}</span>}
              {showSource && item.pubDate && ' · '}
              {item.pubDate && <time dateTime={item.pubDate}>{itemDateText(item.pubDate, now)}</time>}
            </Typography>
            {item.contentSnippet && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                {item.contentSnippet}
              </Typography>
            )}
          </Box>
          <FeedImage src={item.imageSrc} alt="" base={imageBase} maxWidth={96} maxHeight={72} />
        </ListItem>
      ))}
    </List>
  );
}
