import { z } from 'zod';
import { limits } from './constants.js';
import { keptTitle } from './link-titles.js';
import { siteMessages } from './site.js';
import { snippetSchema } from './snippet.js';
import { searchScopes, type SearchScope } from './search.js';
import { linkHealthValues, type LinkHealthValue } from './link-health.js';

export { autoTitle, domainOf, domainOfUrl, importedTitle } from './link-titles.js';

/** An example home address for the messages where the original wording left one out as `{host}`. */
export const exampleHosts = ['https://www.example.com', 'https://example.com'] as const;

// Word for word as users have always read them, slips included ('alpha numberic'): do not reword.
export const bookmarkMessages = {
  titleRequired: 'Title is required',
  titleTooLong: 'Maximum character count of 50 has been exceeded',
  linkRequired: 'Web site is required',
  linkInvalid: `Invalid URL use e.g. ${exampleHosts[0]} or ${exampleHosts[1]}`,
  editLinkInvalid: 'Wrong format. use e.g. http(s)://www.example.com',
  rssInvalid: `Invalid URL use e.g. ${exampleHosts[0]}/feed.xml`,
  categoryRequired: 'Category is required',
  categoryCharacters: 'Must contain alpha numberic characters',
  categoryTooLong: 'Name must be less than 25 characters',
  // Not in the spec, which sets no length for addresses: the title's wording for the same kind of rule.
  addressTooLong: `Maximum character count of ${limits.addressMax} has been exceeded`,
  categoryNameTooLong: `Maximum character count of ${limits.importedCategoryMax} has been exceeded`,
  duplicateLink: 'This link has already been added to your bookmarks',
  addFailed: 'Failed to add link',
  notFound: 'This bookmark does not exist',
  bookmarked: (title: string, category: string) => `${title} in ${category} has been bookmarked!`,
  bookmarkedTitle: 'Bookmarked',
  linkUpdated: 'Link Updated',
  linkDeleted: 'Link Deleted',
  favouriteSaved: 'Favourite saved',
  favouriteRemoved: 'Favourite removed',
  noFavourites: 'You have no favourites',
  noBookmarks: 'No bookmarks have been added.',
  noResults: 'No results found',
  allCategories: 'All Categories',
  // Newer texts of this product's own dialogs and cards: these may be reworded.
  updateFailed: 'The link could not be updated. Please try again.',
  deleteFailed: 'The link could not be deleted. Please try again.',
  deleteConfirm: (title: string) => `Delete ${title}? This cannot be undone.`,
  clipboardFailed: 'The clipboard could not be read. Paste the address into the field instead.',
  screenshotAfterSave: 'A screenshot of the page will be taken after saving.',
  /** Kept with the site's texts, which the landing page's code carries: its loading state says it first. */
  openingLibrary: siteMessages.openingLibrary,
  screenshotPending: 'Taking a screenshot…',
  screenshotRemoved: 'The screenshot will be removed when you save.',
} as const;

/** The prefix an empty address field fills in when clicked (the spec's '{host}'). */
export const addressPrefix = 'https://';

/** The page preview (title and RSS lookup) starts this long after the address stops changing. */
export const previewDelayMs = 400;

export const isHttpUrl = (value: string) => {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
};

/** Letters (any script), digits and spaces; the first letter is capitalised on entry. */
export const categoryPattern = /^[\p{L}\p{N} ]+$/u;

export function capitaliseFirst(value: string): string {
  return value.charAt(0).toLocaleUpperCase() + value.slice(1);
}

export const titleSchema = z
  .string({ error: bookmarkMessages.titleRequired })
  .trim()
  .min(1, bookmarkMessages.titleRequired)
  .max(limits.titleMax, bookmarkMessages.titleTooLong);

export const linkSchema = (invalid: string) =>
  z
    .string({ error: bookmarkMessages.linkRequired })
    .trim()
    .min(1, bookmarkMessages.linkRequired)
    .max(limits.addressMax, bookmarkMessages.addressTooLong)
    .refine((v) => v !== addressPrefix && isHttpUrl(v), invalid);

export const categorySchema = z
  .string({ error: bookmarkMessages.categoryRequired })
  .trim()
  .min(1, bookmarkMessages.categoryRequired)
  .regex(categoryPattern, bookmarkMessages.categoryCharacters)
  .max(limits.customCategoryMax, bookmarkMessages.categoryTooLong)
  .transform((v) => capitaliseFirst(v.replace(/\s+/g, ' ')));

/**
 * A category picked from the user's own: required, and kept as it is, since an import keeps folder
 * names whole (limits.importedCategoryMax). A name that is not one of the user's categories yet is
 * new and follows categorySchema; the server checks which it is (bookmarks service).
 */
export const pickedCategorySchema = z
  .string({ error: bookmarkMessages.categoryRequired })
  .trim()
  .min(1, bookmarkMessages.categoryRequired)
  .max(limits.importedCategoryMax, bookmarkMessages.categoryNameTooLong);

export const rssSchema = z
  .string()
  .trim()
  .max(limits.addressMax, bookmarkMessages.addressTooLong)
  .refine((v) => v === '' || isHttpUrl(v), bookmarkMessages.rssInvalid)
  .nullish()
  .transform((v) => v || null);

const promotorSchema = z
  .string()
  .trim()
  .max(120)
  // An advert's slug (domain/adverts.ts slugPattern): the display name's letters, digits, hyphens and full stops.
  .regex(/^[a-z0-9.-]*$/, 'Invalid promotor')
  .nullish()
  .transform((v) => v || null);

/**
 * A title the browser gave (a tab's title, a link's text) rather than one a person typed: kept as
 * the page has it, as an import keeps a file's titles (issue 26), up to limits.importedTitleMax.
 */
export const pageTitleSchema = z
  .string({ error: bookmarkMessages.titleRequired })
  .transform(keptTitle)
  .pipe(z.string().min(1, bookmarkMessages.titleRequired));

const newBookmarkFields = {
  link: linkSchema(bookmarkMessages.linkInvalid),
  favourite: z.boolean().default(false),
  rssFeed: rssSchema,
  promotor: promotorSchema,
};

/**
 * POST /api/bookmarks. `titleFrom` says whose the title is. Absent or 'typed': a person typed it in
 * a dialog, and the spec's 50 characters hold, with its message. 'page': the extension's one-click
 * save, context menu, shortcut or 'Save all tabs' took it from the browser with nobody to shorten
 * it, so it is kept whole, as imports keep theirs; the person may shorten it later in the dialogs.
 */
const createBookmarkSchemaWith = (category: typeof pickedCategorySchema | typeof categorySchema) =>
  z.discriminatedUnion(
    'titleFrom',
    [
      z.object({ ...newBookmarkFields, category, title: titleSchema, titleFrom: z.literal('typed').optional() }),
      z.object({ ...newBookmarkFields, category, title: pageTitleSchema, titleFrom: z.literal('page') }),
    ],
    { error: "titleFrom is 'typed' or 'page'" },
  );
export const createBookmarkSchema = createBookmarkSchemaWith(pickedCategorySchema);

export const updateBookmarkSchema = z
  .object({
    link: linkSchema(bookmarkMessages.editLinkInvalid),
    title: titleSchema,
    category: pickedCategorySchema,
    favourite: z.boolean(),
    rssFeed: rssSchema,
  })
  .partial();

/**
 * The edit form's check of one bookmark. The 50-character rule is for a title a person types: an
 * imported title that is longer (limits.importedTitleMax) passes while it is left as it is, so its
 * category or address can be changed without cutting it (issue 26); the form then sends only the
 * fields that changed. A title the person edits follows the rule again.
 */
export function updateBookmarkSchemaFor(current: { title: string }, categoryMode: CategoryMode = 'pick') {
  return updateBookmarkSchema.extend({
    category: (categoryMode === 'custom' ? categorySchema : pickedCategorySchema).optional(),
    title: z
      .string({ error: bookmarkMessages.titleRequired })
      .trim()
      .min(1, bookmarkMessages.titleRequired)
      .refine((v) => v === current.title || v.length <= limits.titleMax, bookmarkMessages.titleTooLong)
      .optional(),
  });
}

/** How the add and edit forms take a category: picked from the user's own, or typed as a new one. */
export type CategoryMode = 'pick' | 'custom';

/** The add form's check: a typed category follows the custom rules, a picked one is kept as it is. */
export const createBookmarkSchemaFor = (categoryMode: CategoryMode) =>
  categoryMode === 'custom' ? createBookmarkSchemaWith(categorySchema) : createBookmarkSchema;

/**
 * The server's check of a category a request names: one the user has is kept as it is (an import
 * kept its folder's name); a new one follows the custom rules, capitalised. Answers the name to
 * store, or the message to refuse it with.
 */
export function checkCategoryName(
  name: string,
  hasCategory: boolean,
): { category: string; error?: undefined } | { category?: undefined; error: string } {
  if (hasCategory) return { category: name };
  const custom = categorySchema.safeParse(name);
  return custom.success ? { category: custom.data } : { error: custom.error.issues[0]!.message };
}

export const bulkDeleteSchema = z.object({ ids: z.array(z.string().min(1)).min(1).max(1000) });

export const bookmarkListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  /** Where `q` looks: everywhere (title, address, the saved page's text) or in titles only. */
  in: z.enum(searchScopes).optional(),
  /** Only bookmarks whose link is in this state: `broken` for the Broken links filter. */
  health: z.enum(linkHealthValues).optional(),
  category: z.string().trim().max(100).optional(),
  favourite: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(25),
});

export const previewSchema = z.object({ url: linkSchema(bookmarkMessages.linkInvalid) });

export type CreateBookmarkInput = z.input<typeof createBookmarkSchema>;
export type UpdateBookmarkInput = z.input<typeof updateBookmarkSchema>;
export interface BookmarkListQuery {
  q?: string;
  in?: SearchScope;
  health?: LinkHealthValue;
  category?: string;
  favourite?: boolean;
  page?: number;
  pageSize?: number;
}

export const screenshotStatuses = ['pending', 'ready', 'failed', 'off'] as const;
export type ScreenshotStatus = (typeof screenshotStatuses)[number];

/** A bookmark as the API answers it. */
export const bookmarkSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  link: z.string(),
  domain: z.string(),
  category: z.string(),
  favourite: z.boolean(),
  /** Served from /files/ while the bookmark is a favourite and its screenshot exists. */
  screenshot: z.string().nullable(),
  screenshotStatus: z.enum(screenshotStatuses).nullable(),
  faviconUrl: z.string(),
  rssFeed: z.string().nullable(),
  promotor: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** A link that moved, may be broken or is (features/link-health); absent while it works or is unchecked. */
  health: z.object({ health: z.enum(['redirected', 'failing', 'broken']), finalUrl: z.string().nullable() }).optional(),
  /** In a search's results: where the words were found in the saved page, when they were. */
  snippet: snippetSchema.optional(),
});
export type Bookmark = z.output<typeof bookmarkSchema>;

export const categorySummarySchema = z.object({ name: z.string(), count: z.number().int().nonnegative() });
export type CategorySummary = z.output<typeof categorySummarySchema>;

export const pagePreviewSchema = z.object({
  title: z.string().nullable(),
  rssFeed: z.string().nullable(),
  /** Whether the server can take a screenshot (Chromium present) once the link is a favourite. */
  screenshot: z.boolean(),
});
export type PagePreview = z.output<typeof pagePreviewSchema>;

/** A list as every list endpoint answers it: `{ items, total, page, pageSize }`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    /** A search that matched more than it counts: `total` is then the cap ('1,000+'). */
    capped: z.boolean().optional(),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  capped?: boolean;
}
