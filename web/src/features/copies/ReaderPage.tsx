import { ApiError } from '@linkhive/shared/api';
import { bookmarkMessages, copyMessages } from '@linkhive/shared/domain';
import { copyOrNone, failureMessage, ReaderView } from '@linkhive/shared/ui';
import { Container } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../api';
import { usePageTitle } from '../../layout/usePageTitle';
import { copyKeys } from './queries';

const missing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * /read/:id, the Reader view (shared/ui's ReaderView): the article a bookmark's page held when the
 * crawler read it, cleaned on the server (content/readable.ts) and shown in our own type, with its
 * pictures through the server's relay. The original stays one click away; a page with no copy yet
 * says so.
 */
export function ReaderPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const bookmark = useQuery({ queryKey: copyKeys.bookmark(id), queryFn: () => api.bookmarks.get(id) });
  const copy = useQuery({ queryKey: copyKeys.copy(id), queryFn: () => copyOrNone(api.bookmarks.copy(id)) });
  const title = (copy.data === 'later' ? null : copy.data?.title) ?? bookmark.data?.title ?? copyMessages.readerView;
  usePageTitle(title);

  let error = null;
  if (bookmark.isError)
    error = missing(bookmark.error) ? bookmarkMessages.notFound : failureMessage(bookmark.error, copyMessages.noCopy);
  else if (copy.isError) error = failureMessage(copy.error, copyMessages.noCopy);
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <ReaderView
        bookmark={bookmark.data}
        copy={copy.data}
        error={error}
        // Back where the user came from; opened on its own (a link from elsewhere), to the categories.
        onBack={() => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/categories'))}
      />
    </Container>
  );
}
