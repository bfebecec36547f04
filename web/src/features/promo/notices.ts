import { promoLimits, promoMessages } from '@linkhive/shared/domain';
import type { Notification } from '@linkhive/shared/ui';

/** 'FOLLOWER ADDED', for the spec's three seconds: after Follow, the share flow and a promo sign-up. */
export const followerAddedNotice = (title: string): Notification => ({
  title: promoMessages.followerAddedTitle,
  message: promoMessages.followerAdded(title),
  severity: 'success',
  duration: promoLimits.followerNoticeMs,
});

export const unfollowingNotice = (title: string): Notification => ({
  title: promoMessages.unfollowingTitle,
  message: promoMessages.unfollowing(title),
  severity: 'info',
});
