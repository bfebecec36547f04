import { z } from 'zod';
import { bookmarkMessages, categorySchema, linkSchema } from './bookmarks.js';
import { advertMessages } from './promoMessages.js';
import { permissionFlags, type Permissions } from './constants.js';
import { advertLimits, advertTitlePattern } from './advertRules.js';

export const advertTitleSchema = z
  .string({ error: advertMessages.titleRequired })
  .trim()
  .min(1, advertMessages.titleRequired)
  .max(advertLimits.titleMax, advertMessages.titleTooLong)
  .regex(advertTitlePattern, advertMessages.titleCharacters)
  // '...' or "'-'" pass the character rule but would make an empty or dot-only address.
  .refine((v) => /[a-z1-9]/i.test(v), advertMessages.titleNeedsLetter);

const descriptionSchema = z
  .string({ error: advertMessages.descriptionLength })
  .max(advertLimits.descriptionHtmlMax, advertMessages.descriptionTooMuchMarkup);

export const createAdvertSchema = z.object({
  title: advertTitleSchema,
  category: categorySchema,
  link: linkSchema(bookmarkMessages.linkInvalid),
  description: descriptionSchema,
});

export const updateAdvertSchema = z.object({
  title: advertTitleSchema.optional(),
  category: categorySchema.optional(),
  link: linkSchema(bookmarkMessages.linkInvalid).optional(),
  description: descriptionSchema.optional(),
  slug: z.never({ error: advertMessages.slugFixed }).optional(),
});

export type CreateAdvertInput = z.input<typeof createAdvertSchema>;
export type UpdateAdvertInput = Omit<z.input<typeof updateAdvertSchema>, 'slug'>;

/**
 * The threat check of the advert's address: `not_checked` without a Safe Browsing key, `pending`
 * while the job waits or retries, `failed` when every retry failed.
 */
export type ThreatStatus = 'not_checked' | 'pending' | 'clean' | 'flagged' | 'failed';

export interface Advert {
  id: string;
  title: string;
  slug: string;
  category: string;
  link: string;
  domain: string;
  /** Sanitised HTML: the only copy a client ever receives. */
  description: string;
  /** The description's first 200 plain-text characters, plus an ellipsis when longer. */
  summary: string;
  /** Served from /files/, or null before an upload. */
  logo: string | null;
  background: string | null;
  /** true: approved and public; false: waiting for approval. */
  status: boolean;
  approvedDate: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface AdvertThreat {
  status: ThreatStatus;
  /** The matched threat types (MALWARE, SOCIAL_ENGINEERING, ...) when flagged. */
  types: string[];
  checkedAt: string | null;
}

export interface PendingAdvert extends Advert {
  owner: { id: string; email: string; name: string };
  threat: AdvertThreat;
}

export const adminPermissionsSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, advertMessages.emailRequired).max(320),
  permissions: z
    .object(
      Object.fromEntries(permissionFlags.map((f) => [f, z.boolean().optional()])) as {
        [K in (typeof permissionFlags)[number]]: z.ZodOptional<z.ZodBoolean>;
      },
    )
    .refine((p) => Object.values(p).some((v) => v !== undefined), advertMessages.permissionsRequired),
});

export type AdminPermissionsInput = z.input<typeof adminPermissionsSchema>;

/** One admin change of a user's permissions: the flags set, by whom (null once that account is gone). */
export interface AdminAuditEntry {
  at: string;
  actorEmail: string | null;
  change: Partial<Permissions>;
}

export interface AdminUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  permissions: Permissions;
  /** The last 10 admin changes of this user's permissions, newest first. */
  recentChanges?: AdminAuditEntry[];
}
