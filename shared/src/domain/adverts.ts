import { z } from 'zod';
import { bookmarkMessages, categorySchema, linkSchema } from './bookmarks.js';
import { advertMessages } from './promoMessages.js';
import { permissionFlags } from './constants.js';
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

export const threatStatuses = ['not_checked', 'pending', 'clean', 'flagged', 'failed'] as const;
/**
 * The threat check of the advert's address: `not_checked` without a Safe Browsing key, `pending`
 * while the job waits or retries, `failed` when every retry failed.
 */
export type ThreatStatus = (typeof threatStatuses)[number];

export const advertSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  slug: z.string(),
  category: z.string(),
  link: z.string(),
  domain: z.string(),
  /** Sanitised HTML: the only copy a client ever receives. */
  description: z.string(),
  /** The description's first 200 plain-text characters, plus an ellipsis when longer. */
  summary: z.string(),
  /** Served from /files/, or null before an upload. */
  logo: z.string().nullable(),
  background: z.string().nullable(),
  /** true: approved and public; false: waiting for approval. */
  status: z.boolean(),
  approvedDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Advert = z.output<typeof advertSchema>;

export const advertThreatSchema = z.object({
  status: z.enum(threatStatuses),
  /** The matched threat types (MALWARE, SOCIAL_ENGINEERING, ...) when flagged. */
  types: z.array(z.string()),
  checkedAt: z.string().nullable(),
});
export type AdvertThreat = z.output<typeof advertThreatSchema>;

export const pendingAdvertSchema = advertSchema.extend({
  owner: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  threat: advertThreatSchema,
});
export type PendingAdvert = z.output<typeof pendingAdvertSchema>;

const flags = <T extends z.ZodType>(flag: T) =>
  z.object(Object.fromEntries(permissionFlags.map((f) => [f, flag])) as { [K in (typeof permissionFlags)[number]]: T });

export const adminPermissionsSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, advertMessages.emailRequired).max(320),
  permissions: flags(z.boolean().optional()).refine(
    (p) => Object.values(p).some((v) => v !== undefined),
    advertMessages.permissionsRequired,
  ),
});

export type AdminPermissionsInput = z.input<typeof adminPermissionsSchema>;

/** One admin change of a user's permissions: the flags set, by whom (null once that account is gone). */
export const adminAuditEntrySchema = z.object({
  at: z.string(),
  actorEmail: z.string().nullable(),
  change: flags(z.boolean().optional()),
});
export type AdminAuditEntry = z.output<typeof adminAuditEntrySchema>;

export const adminUserSchema = z.object({
  id: z.string().min(1),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  permissions: flags(z.boolean()),
  /** The last 10 admin changes of this user's permissions, newest first. */
  recentChanges: z.array(adminAuditEntrySchema).optional(),
});
export type AdminUser = z.output<typeof adminUserSchema>;
