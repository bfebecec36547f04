import { z } from 'zod';

/** Readable copies of saved pages (issue 30). These texts are this product's own. */
export const copyMessages = {
  noCopy: 'There is no readable copy of this page yet.',
  /** Said under the message above: the crawler reads a page shortly after it is saved. */
  noCopyHint:
    'Linkhive reads a page shortly after it is saved. Pages that need a sign-in or have no article keep none.',
  loading: 'Loading the readable copy',
  openOriginal: 'Open the original page',
  readerView: 'Reader view',
  /** Reading time at 230 words a minute, at least one minute. */
  minutes: (words: number) => `${Math.max(1, Math.round(words / 230))} min read`,
  savedOn: (date: string) => `Copy of ${date}`,
} as const;

/**
 * A bookmark's readable copy: the article its page held when the crawler read it, cleaned down to
 * reading markup with absolute addresses (no scripts, styles or embedded documents), as the Reader
 * view shows it.
 */
export const copySchema = z.object({
  title: z.string().nullable(),
  byline: z.string().nullable(),
  siteName: z.string().nullable(),
  excerpt: z.string().nullable(),
  lang: z.string().nullable(),
  wordCount: z.number().int().nonnegative(),
  /** The page's own picture for sharing, an absolute http(s) address, or null. */
  leadImage: z.string().nullable(),
  html: z.string(),
  /** When the page was read (ISO 8601). */
  fetchedAt: z.string(),
});
export type Copy = z.infer<typeof copySchema>;
