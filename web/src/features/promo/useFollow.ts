import { ApiError } from '@linkhive/shared/api';
import { promoMessages } from '@linkhive/shared/domain';
import type { FollowState } from '@linkhive/shared/domain';
import { useNotify } from '@linkhive/shared/ui';
import { useState } from 'react';
import { api } from '../../api';
import { followerAddedNotice, unfollowingNotice } from './notices';

export interface UseFollowOptions {
  slug: string;
  /** The promo page's title, as the notices name it. */
  title: string;
  signedIn: boolean;
  /** Takes the answer's follower count and state. */
  onChange: (state: Partial<FollowState>) => void;
  /** A signed-out visitor who asks to follow gets the sign-up dialog instead. */
  onSignUp: () => void;
}

/** Follow and Unfollow with the spec's notices; one request at a time. */
export function useFollow({ slug, title, signedIn, onChange, onSignUp }: UseFollowOptions) {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const run = async (request: () => Promise<FollowState>, done: () => void) => {
    setBusy(true);
    try {
      onChange(await request());
      done();
    } catch (error) {
      // Nothing to undo when the entry is already gone: the visitor is not following, as they wished.
      if (error instanceof ApiError && error.message === promoMessages.noFollower) onChange({ following: false });
      notify({ message: error instanceof Error ? error.message : String(error), severity: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const follow = () => {
    if (!signedIn) return onSignUp();
    void run(
      () => api.promo.follow(slug),
      () => notify(followerAddedNotice(title)),
    );
  };

  const unfollow = () =>
    void run(
      () => api.promo.unfollow(slug),
      () => notify(unfollowingNotice(title)),
    );

  return { follow, unfollow, busy };
}
