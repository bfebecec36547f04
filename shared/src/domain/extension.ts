import { z } from 'zod';
import {
  bookmarkSchema,
  categorySummarySchema,
  pagePreviewSchema,
  pageSchema,
  type Bookmark,
  type CategorySummary,
  type PagePreview,
} from './bookmarks.js';
import { importProgressSchema, importResultSchema, type ImportProgress, type ImportResult } from './import.js';

// The browser extension's contract with the server: the version handshake, its own texts, and the
// shapes of the answers it relies on. The server's contract test parses real answers with these
// schemas, and the extension parses every answer with them, so a change of shape is caught by a
// test before release, and shown as 'please update' rather than as a broken popup after it.

/** The header every extension request carries: its version from the manifest, such as '0.1.0'. */
export const extensionVersionHeader = 'X-Linkhive-Extension';

/** Extensions older than this are refused with 426 and `extensionMessages.outdated`. */
export const minExtensionVersion = '0.1.0';

export const extensionMessages = {
  outdated: 'This version of the Linkhive extension is no longer supported. Please update the extension.',
  /** The server answered in a shape this version does not know: a newer server, an older extension. */
  unexpectedAnswer:
    'The Linkhive server answered in a way this version of the extension does not understand. Please update the extension.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  signInToSave: 'Sign in to Linkhive to save links. Your save is kept and will be sent once you are signed in.',
  queued: 'The server cannot be reached. The link is kept and will be saved when the server answers again.',
  serverUnreachable: 'The Linkhive server cannot be reached. Check the address in the options and your connection.',
  serverTrouble: 'The server could not save the link just now. It is kept and will be sent again.',
  alreadySavedIn: (category: string) => `Already saved in ${category}`,
  pendingSaves: (n: number) => (n === 1 ? '1 save is waiting to be sent' : `${n} saves are waiting to be sent`),
  serverAddressInvalid: 'Enter the address of a Linkhive server, e.g. https://linkhive.example.com',
  unencryptedServer:
    'This address is not encrypted (http): your password and bookmarks would cross the network in clear. Use https:// unless the server is on your own network.',
  permissionRefused: 'The extension needs permission to reach this server. The address was not changed.',
  importFound: (links: number, folders: number) =>
    `${links} ${links === 1 ? 'link' : 'links'} in ${folders} ${folders === 1 ? 'folder' : 'folders'} found`,
  importNothing: 'No web links were found in your browser bookmarks.',
} as const;

/**
 * Where the web app's drawer sends Chrome and Edge users for the extension: this server's own page,
 * which knows whether a store listing exists (EXTENSION_STORE_URL) or only the build it serves
 * (issue 26: a store search for a build that is in no store found nothing).
 */
export const extensionPagePath = '/extension';

export type ExtensionBrowserName = 'chrome' | 'edge' | 'firefox';

/** GET /api/extension: how this server's users get the extension. */
export const extensionOfferSchema = z.object({
  /** The store listing (EXTENSION_STORE_URL); null when the extension is in no store. */
  storeUrl: z.string().nullable(),
  /** The zip this server serves for loading unpacked, by browser; null when none was built. */
  downloads: z.object({
    chrome: z.string().nullable(),
    edge: z.string().nullable(),
    /** The Firefox add-on (issue 32), unsigned: Firefox loads it as a temporary add-on. */
    firefox: z.string().nullable(),
  }),
});
export type ExtensionOffer = z.output<typeof extensionOfferSchema>;

/** 'major.minor.patch' as numbers; anything else (a pre-release tag, garbage) is null. */
export function parseVersion(value: string): [number, number, number] | null {
  const m = /^(\d{1,6})\.(\d{1,6})(?:\.(\d{1,6}))?(?:\.\d{1,6})?$/.exec(value.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : null;
}

/** Whether the server still serves an extension of this version; an unreadable version is not served. */
export function isSupportedExtensionVersion(value: string, minimum: string = minExtensionVersion): boolean {
  const given = parseVersion(value);
  const min = parseVersion(minimum);
  if (!given || !min) return false;
  for (let i = 0; i < 3; i++) if (given[i] !== min[i]) return given[i]! > min[i]!;
  return true;
}

// Answer schemas: the contract's own (issue 28), made lenient where the extension only passes a
// field along, so that a server adding a new status does not break the extension. Fields it shows
// or acts on stay strict.
const nullableText = z.string().nullable().catch(null);

export const bookmarkAnswerSchema = bookmarkSchema.extend({
  screenshot: nullableText,
  screenshotStatus: bookmarkSchema.shape.screenshotStatus.catch(null),
  faviconUrl: z.string().catch(''),
  rssFeed: nullableText,
  promotor: nullableText,
  // A passage the side panel can do without: one it cannot read is left out, not an error.
  snippet: bookmarkSchema.shape.snippet.catch(undefined),
  health: bookmarkSchema.shape.health.catch(undefined),
});

export const bookmarkPageAnswerSchema = pageSchema(bookmarkAnswerSchema);

/** GET /api/bookmarks/lookup?url=: the user's bookmark of that address, or null. */
export const bookmarkLookupAnswerSchema = z.object({ bookmark: bookmarkAnswerSchema.nullable() });

export const categoriesAnswerSchema = z.object({ items: z.array(categorySummarySchema) });

export const suggestedCategoriesAnswerSchema = z.object({ items: z.array(z.string()) });

export const meAnswerSchema = z.object({
  user: z.object({ id: z.string().min(1), email: z.string(), firstName: z.string() }),
});

/** The extension signs in with `?mode=token` and keeps only the token and who it belongs to. */
export const tokenLoginAnswerSchema = meAnswerSchema.extend({ token: z.string().min(20) });

export const pagePreviewAnswerSchema = pagePreviewSchema.extend({
  title: nullableText,
  rssFeed: nullableText,
  screenshot: z.boolean().catch(false),
});

export const importResultAnswerSchema = importResultSchema.extend({
  skippedTooLong: importResultSchema.shape.skippedTooLong.catch(0),
});

export const importProgressAnswerSchema = importProgressSchema.extend({
  result: importResultAnswerSchema.nullable(),
  error: importProgressSchema.shape.error.catch(null),
});

export const okAnswerSchema = z.object({ ok: z.literal(true) });

/** The one shape of every error answer. */
export const apiErrorAnswerSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), field: z.string().optional() }),
});

export type BookmarkLookup = z.output<typeof bookmarkLookupAnswerSchema>;

// The parsed answers must still be what the shared types (and so the shared components) expect.
type Assignable<A extends B, B> = A;
export type ExtensionAnswerTypesAgree = [
  Assignable<z.output<typeof bookmarkAnswerSchema>, Bookmark>,
  Assignable<z.output<typeof categoriesAnswerSchema>['items'][number], CategorySummary>,
  Assignable<z.output<typeof pagePreviewAnswerSchema>, PagePreview>,
  Assignable<z.output<typeof importResultAnswerSchema>, ImportResult>,
  Assignable<z.output<typeof importProgressAnswerSchema>, ImportProgress>,
];
