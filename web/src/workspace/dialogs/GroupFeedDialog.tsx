import type { BookmarkFeed, GroupLink } from '@linkhive/shared/domain';
import { feedMessages } from '@linkhive/shared/domain';
import { FeedDialog, useNotify } from '@linkhive/shared/ui';
import { useEffect, useState } from 'react';
import { api } from '../../api';

/** One group link's feed, with the same answer and paid-plan rule as a bookmark's. */
export function loadGroupLinkFeed(link: GroupLink, page: number): Promise<BookmarkFeed> {
  return api.feeds.groupLinkFeed(link.groupId, link.id, { page });
}

interface Props {
  link: GroupLink | null;
  onClose: () => void;
  load?: (link: GroupLink, page: number) => Promise<BookmarkFeed>;
}

/** The shared RSS feed dialog of bookmark rows, fed with a group link's feed page by page. */
export function GroupFeedDialog({ link, onClose, load = loadGroupLinkFeed }: Props) {
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ feed: BookmarkFeed | null; loading: boolean; failed: boolean }>({
    feed: null,
    loading: false,
    failed: false,
  });
  // The last link stays named while the dialog closes; another link starts on its first page.
  const [shown, setShown] = useState(link);
  if (link && link.id !== shown?.id) {
    setShown(link);
    setPage(1);
    setState({ feed: null, loading: false, failed: false });
  }

  useEffect(() => {
    if (!link) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, failed: false }));
    load(link, page).then(
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
    // The link's identity is its id: a reloaded list must not refetch an open feed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [link?.id, page, attempt, load, notify]);

  return (
    <FeedDialog
      open={link !== null}
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
