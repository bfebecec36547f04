import { z } from 'zod';
import { nameSchema } from './auth.js';

export const profileMessages = {
  updatedTitle: 'Profile updated',
  updated: 'Profile has been successfully updated!',
  updateFailed: 'Update failed',
  colorUpdated: 'Color Updated',
  colorUpdateFailed: 'Update Failed',
  pngOnly: 'Images must be PNG files',
  imageTooLarge: 'The picture must be 2 MB or smaller',
  fileRequired: 'Choose a PNG picture to upload',
} as const;

/** The spec gives two defaults for the tab colour: one on the categories page, one elsewhere. */
export const categoryTabColorDefaults = { categories: '#E53935', favourites: '#1976D2', profile: '#1976D2' } as const;

/** Saved this long after the last change of the colour picker. */
export const colorSaveDelayMs = 500;
export const profilePhotoMaxBytes = 2 * 1024 * 1024;

const colorSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || /^#[0-9a-fA-F]{6}$/.test(v), 'Colours are written as #RRGGBB')
  .nullable()
  .transform((v) => (v ? v.toUpperCase() : null));

export const updateProfileSchema = z.object({
  displayName: nameSchema.optional(),
  /** Set once by the sign-up through a promo page: the account came as a follower. */
  follower: z.literal(true).optional(),
  settings: z
    .object({
      categoryTabColor: colorSchema.optional(),
      layoutPreference: z.enum(['list', 'grid']).optional(),
      /** 'Keep readable copies': off, no page of the user's is read and their copies are deleted. */
      keepCopies: z.boolean().optional(),
    })
    .optional(),
});

export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const profileSchema = z.object({
  displayName: z.string(),
  email: z.string(),
  photoURL: z.string().nullable(),
  settings: z.object({
    /** null: the page's own default (categoryTabColorDefaults). */
    categoryTabColor: z.string().nullable(),
    layoutPreference: z.enum(['list', 'grid']),
    keepCopies: z.boolean(),
  }),
});
export type Profile = z.output<typeof profileSchema>;
