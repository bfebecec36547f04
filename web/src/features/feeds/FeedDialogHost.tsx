import type { BookmarkFeed } from '@linkhive/shared/domain';
import { feedMessages } from '@linkhive/shared/domain';
import { FeedDialog, useNotify } from '@linkhive/shared/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { feedKeys } from './queries';

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
  const open = bookmark !== null;
  // Another bookmark starts on its first page with nothing on screen; the last one stays named while the dialog closes.
  const [shown, setShown] = useState(bookmark);
  const [at, setAt] = useState({ page: 1, retried: 0 });
  if (bookmark && bookmark.id !== shown?.id) {
    setShown(bookmark);
    setAt({ page: 1, retried: 0 });
  }
  const id = shown?.id ?? '';

  const query = useQuery({
    queryKey: feedKeys.dialogPage(load === bookmarkFeed ? 'bookmark' : 'other', id, at.page, at.retried),
    // Only the request right after Try Again asks the site; later pages come from the cache.
    queryFn: () => load(id, { page: at.page, refresh: at.retried > 0 }),
    enabled: open,
    // The page on screen stays while the next one loads, but never for another bookmark.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === id ? previous : undefined),
    // Each page and each opening asks the server again, and only when the reader does: a retried
    // page asked again on its own would ask the site again.
    gcTime: 0,
    refetchOnReconnect: false,
  });
  const failed = query.isError && !query.isFetching;

  // Each failure on screen raises the notice once (every failed request has an error of its own).
  const failure = open && failed ? query.error : null;
  useEffect(() => {
    if (failure) notify({ title: feedMessages.noticeTitle, message: feedMessages.noticeText, severity: 'error' });
  }, [failure, notify]);

  return (
    <FeedDialog
      open={open}
      title={shown?.title ?? ''}
      feed={query.data ?? null}
      loading={query.isFetching}
      failed={failed}
      onPageChange={(page) => setAt({ page, retried: 0 })}
      onRetry={() => setAt((a) => ({ ...a, retried: a.retried + 1 }))}
      onClose={onClose}
    />
  );
}
