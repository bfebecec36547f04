import type { FeedSource } from '@linkhive/shared/domain';
import { lastUpdatedText } from '@linkhive/shared/domain';
import { CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';

const statusText = (s: FeedSource, now: Date) => {
  if (s.status === 'pending') return 'Loading…';
  if (s.status === 'skipped') return 'Not loaded: free account limit';
  if (s.status === 'error') return s.errorDetail ? `${s.error} ${s.errorDetail}` : s.error;
  const count = `${s.itemCount} ${s.itemCount === 1 ? 'item' : 'items'}`;
  return s.updatedAt ? `${count} · ${lastUpdatedText(s.updatedAt, now)}` : count;
};

/** Each source with its own state: loading, loaded with its items, failed with why, or skipped. */
export function SourceStatusList({ sources, now }: { sources: readonly FeedSource[]; now: Date }) {
  return (
    <section aria-labelledby="feed-sources-title">
      <Typography id="feed-sources-title" variant="subtitle2" component="h2" sx={{ mt: 1 }}>
        Sources
      </Typography>
      <List dense disablePadding aria-label="Sources">
        {sources.map((s) => (
          <ListItem key={s.id} disableGutters sx={{ gap: 1 }}>
            {s.status === 'pending' && <CircularProgress size={14} aria-hidden />}
            <ListItemText
              primary={s.title}
              secondary={statusText(s, now)}
              slotProps={{
                primary: { noWrap: true },
                secondary: { color: s.status === 'error' ? 'error' : 'text.secondary' },
              }}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
}
