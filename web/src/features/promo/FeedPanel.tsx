import LockIcon from '@mui/icons-material/LockOutlined';
import { promoMessages } from '@linkhive/shared/domain';
import type { PromoPage } from '@linkhive/shared/domain';
import { Box, Button, CircularProgress, Pagination, Paper, Stack, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { usePosts } from './usePosts';
import { RetryAlert } from '../../components/RetryAlert';
import { PostList } from './PostList';

// The editor (Quill) is for the owner only: visitors never load it.
const PostForm = lazy(() => import('./PostForm').then((m) => ({ default: m.PostForm })));

export interface FeedPanelProps {
  page: PromoPage;
  onFollow: () => void;
  followBusy: boolean;
}

/** The Feed tab: the owner's new-post form and the posts, or 'Follow to See Posts' for everyone else. */
export function FeedPanel({ page, onFollow, followBusy }: FeedPanelProps) {
  const locked = <LockedFeed onFollow={onFollow} busy={followBusy} />;
  if (!page.isOwner && !page.following) return locked;
  return <Posts slug={page.advert.slug} isOwner={page.isOwner} locked={locked} />;
}

function LockedFeed({ onFollow, busy }: { onFollow: () => void; busy: boolean }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <LockIcon color="action" fontSize="large" aria-hidden />
      <Typography component="h2" variant="h6" sx={{ my: 1 }}>
        {promoMessages.followToSee}
      </Typography>
      <Button variant="contained" onClick={onFollow} loading={busy}>
        {promoMessages.followNow}
      </Button>
    </Paper>
  );
}

function Posts({ slug, isOwner, locked }: { slug: string; isOwner: boolean; locked: ReactNode }) {
  const { page, setPage, state, reload } = usePosts(slug);
  const spinner = (
    <Box sx={{ py: 4, textAlign: 'center' }}>
      <CircularProgress aria-label="Loading posts" />
    </Box>
  );
  let body: ReactNode;
  if (state.status === 'loading') body = spinner;
  else if (state.status === 'error') body = <RetryAlert message={state.message} onRetry={reload} />;
  // The server is the judge of who may read: a stale page state still shows the lock.
  else if (state.data.locked) body = locked;
  else if (!state.data.items.length)
    body = (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {isOwner ? 'No posts yet. Your first post will show here.' : 'No posts yet.'}
      </Typography>
    );
  else {
    const pages = Math.ceil(state.data.total / state.data.pageSize);
    body = (
      <>
        <PostList posts={state.data.items} />
        {pages > 1 && (
          <Pagination
            count={pages}
            page={page}
            onChange={(_e, next) => setPage(next)}
            sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
            getItemAriaLabel={(type, n, selected) =>
              type === 'page'
                ? `${selected ? '' : 'Go to '}page ${n} of the posts`
                : `Go to the ${type} page of the posts`
            }
          />
        )}
      </>
    );
  }
  return (
    <Stack spacing={3}>
      {isOwner && (
        <Suspense fallback={spinner}>
          <PostForm slug={slug} onCreated={() => reload(true)} />
        </Suspense>
      )}
      <Box aria-busy={state.status === 'loading'}>{body}</Box>
    </Stack>
  );
}
