import { Alert, Box, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { promoKeys } from './queries';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const countText = (n: number) => (n === 1 ? '1 person follows this page.' : `${n} people follow this page.`);

/** The Followers tab: the count for everyone; the owner also sees who, newest first. */
export function FollowersPanel({ slug, count, isOwner }: { slug: string; count: number; isOwner: boolean }) {
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>{countText(count)}</Typography>
      {isOwner && <FollowerList slug={slug} count={count} />}
    </Box>
  );
}

function FollowerList({ slug, count }: { slug: string; count: number }) {
  const query = useQuery({
    // A new follower changes the count, and so the key: the list loads again.
    queryKey: promoKeys.followers(slug, count),
    queryFn: () => api.promo.followers(slug),
    // The list on screen stays while the next one loads; opened again, the tab loads afresh.
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
  const followers = query.data ?? null;
  const error = query.error?.message ?? null;

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!followers) return <CircularProgress aria-label="Loading your followers" />;
  const items = followers.items ?? [];
  if (!items.length)
    return <Typography color="text.secondary">No followers yet. Share your page to find some.</Typography>;
  return (
    <List aria-label="Followers" dense disablePadding>
      {items.map((f, i) => (
        <ListItem key={`${f.since}-${i}`} divider>
          <ListItemText primary={f.name} secondary={`Following since ${dateFormat.format(new Date(f.since))}`} />
        </ListItem>
      ))}
    </List>
  );
}
