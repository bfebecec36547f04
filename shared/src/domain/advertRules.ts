// The advert rules that need no zod: the page address, the length count and the limits. Kept
// apart from the schemas (adverts.ts) so that a page showing an advert's status or link does not
// carry zod on its first load.

export const advertLimits = {
  titleMax: 100,
  descriptionMin: 200,
  descriptionMax: 5000,
  /**
   * The description as sent, markup included. Five thousand characters with every word bold and
   * every sentence a paragraph stay under 40,000; past this it is markup, not text.
   */
  descriptionHtmlMax: 60_000,
  logoMaxBytes: 2 * 1024 * 1024,
  backgroundMaxBytes: 5 * 1024 * 1024,
  /** A logo is shown at most 256 px wide; twice that stays sharp on high-density screens. */
  logoMaxSide: 512,
  /** A banner across a wide screen, at a weight a phone can load. */
  backgroundMaxWidth: 1920,
  backgroundMaxHeight: 1080,
  /** Refused before decoding: a small file can claim a huge canvas (a decompression bomb). */
  imageMaxPixels: 40_000_000,
} as const;

/**
 * Letters, the digits 1 to 9, spaces, hyphens, full stops and apostrophes: the rule and its
 * message word for word (the digit 0 was never in it).
 */
export const advertTitlePattern = /^[A-Za-z1-9 .'-]+$/;

/** The page address from the display name: spaces to hyphens, apostrophes removed, lower case. */
export function advertSlug(title: string): string {
  return title.trim().replace(/ /g, '-').replace(/'/g, '').toLowerCase();
}

/** What a slug may hold; also what a bookmark's `promotor` may name. */
export const slugPattern = /^[a-z0-9.-]+$/;

/**
 * The description's length as the rule counts it: characters of its text, without line breaks
 * and without the whitespace around it. The editor's text and the stored copy's text count alike.
 */
export function descriptionLength(plainText: string): number {
  return Array.from(plainText.replace(/[\r\n]+/g, '').trim()).length;
}

export const isDescriptionLengthValid = (n: number) =>
  n >= advertLimits.descriptionMin && n <= advertLimits.descriptionMax;

/** The advert's public page, as links and QR codes name it. */
export const promoPath = (slug: string) => `/promo/${encodeURIComponent(slug)}`;
