import type { GroupLink } from '@linkhive/shared/domain';
import { api } from '../../../api';
import { FeedDialogHost } from '../../feeds/FeedDialogHost';

interface Props {
  link: GroupLink | null;
  onClose: () => void;
}

/** The bookmark rows' RSS feed dialog, fed with a group link's feed: same answer, same paid-plan rule. */
export function GroupFeedDialog({ link, onClose }: Props) {
  return (
    <FeedDialogHost
      bookmark={link}
      onClose={onClose}
      load={(id, query) => api.feeds.groupLinkFeed(link?.groupId ?? '', id, query)}
    />
  );
}
