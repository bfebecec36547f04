import { ApiError } from '@linkhive/shared/api';
import { bookmarkMessages, copyMessages, type Copy } from '@linkhive/shared/domain';
import { failureMessage } from '@linkhive/shared/ui';
import { Alert, Box, Button, CircularProgress, Container, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../api';
import { usePageTitle } from '../../layout/usePageTitle';
import { copyKeys } from './queries';
import { articleStyles } from './articleStyles';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const missing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * /read/:id, the Reader view: the article a bookmark's page held when the crawler read it, cleaned
 * on the server (content/readable.ts) and shown in our own type, with its pictures through the
 * server's relay. The original stays one click away; a page with no copy yet says so.
 */
export function ReaderPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const bookmark = useQuery({ queryKey: copyKeys.bookmark(id), queryFn: () => api.bookmarks.get(id) });
  const copy = useQuery({ queryKey: copyKeys.copy(id), queryFn: () => api.bookmarks.copy(id) });
  const title = copy.data?.title ?? bookmark.data?.title ?? copyMessages.readerView;
  usePageTitle(title);

  const back = (
    // Back where the user came from; opened on its own (the side panel's tab), to the categories.
    <Button
      onClick={() => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/categories'))}
      sx={{ alignSelf: 'flex-start' }}
    >
      Back
    </Button>
  );
  if (bookmark.isError || (copy.isError && !missing(copy.error))) {
    const error = bookmark.error ?? copy.error;
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Stack spacing={2}>
          {back}
          <Typography component="h1" variant="h4">
            {copyMessages.readerView}
          </Typography>
          <Alert severity="error">
            {missing(bookmark.error) ? bookmarkMessages.notFound : failureMessage(error, copyMessages.noCopy)}
          </Alert>
        </Stack>
      </Container>
    );
  }
  if (bookmark.isPending || copy.isPending) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <CircularProgress aria-label={copyMessages.loading} />
      </Container>
    );
  }
  const original = (
    <Link href={bookmark.data.link} target="_blank" rel="noopener noreferrer">
      {copyMessages.openOriginal}
    </Link>
  );
  if (!copy.data) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Stack spacing={2}>
          {back}
          <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
            {bookmark.data.title}
          </Typography>
          <Alert severity="info">
            {copyMessages.noCopy} {copyMessages.noCopyHint}
          </Alert>
          {original}
        </Stack>
      </Container>
    );
  }
  return <Article copy={copy.data} fallbackTitle={bookmark.data.title} back={back} original={original} />;
}

function Article({
  copy,
  fallbackTitle,
  back,
  original,
}: {
  copy: Copy;
  fallbackTitle: string;
  back: ReactNode;
  original: ReactNode;
}) {
  // A site that signs its articles with its own name (BBC News · BBC News) says it once.
  const byline = copy.byline === copy.siteName ? null : copy.byline;
  const about = [copy.siteName, byline, copyMessages.minutes(copy.wordCount)].filter(Boolean).join(' · ');
  return (
    <Container maxWidth="md" sx={{ py: 4 }} component="article" lang={copy.lang ?? undefined}>
      <Stack spacing={2}>
        {back}
        <Typography component="h1" variant="h4" sx={{ overflowWrap: 'anywhere' }}>
          {copy.title ?? fallbackTitle}
        </Typography>
        <Typography color="text.secondary">{about}</Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          {original}
          <Typography variant="body2" color="text.secondary">
            {copyMessages.savedOn(dateFormat.format(new Date(copy.fetchedAt)))}
          </Typography>
        </Stack>
        {/* Cleaned on the server down to reading markup (no scripts, styles or handlers); the
            pages' content security policy allows no inline script besides. */}
        <Box sx={articleStyles} dangerouslySetInnerHTML={{ __html: copy.html }} />
      </Stack>
    </Container>
  );
}
