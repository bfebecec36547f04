import type { BookmarkFeed } from '@linkhive/shared/domain';
import { feedMessages } from '@linkhive/shared/domain';
import { FeedDialog, useNotify } from '@linkhive/shared/ui';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api';

/** Whatever has a feed: a bookmark, or a workspace group's link. */
interface FeedOwner {
  id: string;
  title: string;
}

type FeedQuery = { page: number; refresh: boolean };

interface Props {
  /** The bookmark (or link) whose feed is open, or null when the dialog is closed. */
  bookmark: FeedOwner | null;
  onClose: () => void;
  /** Where its feed comes from; a bookmark's by default. */
  load?: (id: string, query: FeedQuery) => Promise<BookmarkFeed>;
}

const bookmarkFeed = (id: string, query: FeedQuery) => api.feeds.bookmarkFeed(id, query);

/** Loads a feed page by page into the shared dialog; a failure also raises the spec's notice. */
export function FeedDialogHost({ bookmark, onClose, load = bookmarkFeed }: Props) {
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ feed: BookmarkFeed | null; loading: boolean; failed: boolean }>({
    feed: null,
    loading: false,
    failed: false,
  });
  const id = bookmark?.id ?? null;
  const retried = useRef(0);
  // The latest loader, without making a new one (an inline arrow) ask again on every render.
  const loader = useRef(load);
  loader.current = load;

  // Another bookmark starts on its first page with nothing on screen; the last one stays named while the dialog closes.
  const [shown, setShown] = useState(bookmark);
  if (bookmark && bookmark.id !== shown?.id) {
    setShown(bookmark);
    setPage(1);
    setState({ feed: null, loading: false, failed: false });
  }

  useEffect(() => {
    if (!id) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    // Only the request right after Try Again asks the site; later pages come from the cache.
    const refresh = attempt > retried.current;
    retried.current = attempt;
    loader.current(id, { page, refresh }).then(
      (feed) => live && setState({ feed, loading: false, failed: false }),
      () => {
        if (!live) return;
        setState((s) => ({ ...s, loading: false, failed: true }));
        notify({ title: feedMessages.noticeTitle, message: feedMessages.noticeText, severity: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [id, page, attempt, notify]);

  return (
    <FeedDialog
      open={bookmark !== null}
      title={shown?.title ?? ''}
      feed={state.feed}
      loading={state.loading}
      failed={state.failed}
      onPageChange={setPage}
      onRetry={() => setAttempt((n) => n + 1)}
      onClose={onClose}
    />
  );
}
