import { ApiError } from '@linkhive/shared/api';
import {
  bookmarkMessages,
  categorySchema,
  linkSchema,
  promoMessages,
  signupSchema,
  titleSchema,
} from '@linkhive/shared/domain';
import type { FollowState } from '@linkhive/shared/domain';
import type { z } from 'zod';
import { api } from '../../api';
import { useSession } from '../../session/store';

/** The sign-up dialog with the link to save: the account fields plus the bookmark's own rules. */
export const signupWithLinkSchema = signupSchema.extend({
  title: titleSchema,
  link: linkSchema(bookmarkMessages.linkInvalid),
  category: categorySchema,
});

export type PromoSignupValues = z.output<typeof signupSchema> & Partial<z.output<typeof signupWithLinkSchema>>;

/** The promotor the visitor follows on the way: its slug and the title the notice names. */
export interface PromoTarget {
  slug: string;
  title: string;
}

/**
 * The steps already done. Kept between attempts: when a later step fails, the account exists and the
 * visitor is signed in, so a second Sign Up goes on from the failed step instead of signing up again.
 */
export interface PromoSignupProgress {
  account?: boolean;
  follow?: FollowState;
  saved?: boolean;
  profile?: boolean;
}

/** The follow request; a slug that names no page (any more) is the share link's fault, said so. */
export async function followPromotor(slug: string): Promise<FollowState> {
  try {
    return await api.promo.follow(slug);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      throw new Error(`${promoMessages.shareInvalid}: ${promoMessages.notFound.toLowerCase()}.`);
    }
    throw error;
  }
}

/**
 * Sign-up with promo, in the spec's order: the account is created (and the session store told),
 * the visitor becomes a follower, the link is saved with the promotor's slug (when the dialog asked
 * for one), and the profile is marked as a follower's. Without a promotor only the account and the
 * link are made.
 */
export async function signUpWithPromo(
  values: PromoSignupValues,
  promo: PromoTarget | null,
  progress: PromoSignupProgress,
): Promise<PromoSignupProgress> {
  if (!progress.account) {
    const { firstName, email, password } = values;
    useSession.getState().setMe(await api.auth.signup({ firstName, email, password }));
    progress.account = true;
  }
  if (promo && !progress.follow) progress.follow = await followPromotor(promo.slug);
  if (values.link && !progress.saved) {
    await api.bookmarks.create({
      link: values.link,
      title: values.title ?? '',
      category: values.category ?? '',
      favourite: false,
      promotor: promo?.slug ?? null,
    });
    progress.saved = true;
  }
  if (promo && !progress.profile) {
    await api.profile.update({ follower: true });
    progress.profile = true;
  }
  return progress;
}
