// The public site and the installed app: timings, limits and texts, each kept to the product's value.

/** The hero slides (and the promotors carousel) move on every 8 seconds. */
export const carouselIntervalMs = 8_000;

/** A dismissed install banner stays away for 7 days. */
export const installBannerDismissDays = 7;
export const installBannerDismissMs = installBannerDismissDays * 24 * 60 * 60 * 1000;

/** Meta descriptions are cut to 160 characters. */
export const metaDescriptionMax = 160;

export const siteMessages = {
  updatePrompt: 'A new version is found. Refresh to load it?',
  offline: 'You are offline. Changes will not be saved until you reconnect.',
  /** While a page's code is on its way (issue 26: the page area stood blank meanwhile). */
  loadingPage: 'Loading the page…',
  /** While /categories or /favourites checks whether the user has any bookmarks (issue 26). */
  openingLibrary: 'Opening your bookmarks…',
} as const;

/** Cuts a description to the spec's 160 characters, on a word boundary when one is near, with an ellipsis. */
export function cutDescription(text: string, max = metaDescriptionMax): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > max * 0.6 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,.;:]+$/, '')}…`;
}

/** True while a dismissal made at `dismissedAt` (ms since the epoch) still hides the install banner. */
export function installBannerSnoozed(dismissedAt: number | null, now: number): boolean {
  if (dismissedAt === null || !Number.isFinite(dismissedAt)) return false;
  // A dismissal time in the future (a clock set back) hides the banner only for the snooze length from now.
  return now - dismissedAt < installBannerDismissMs && dismissedAt - now < installBannerDismissMs;
}

export const qrCode = {
  sizeMin: 60,
  sizeMax: 320,
  sizeDefault: 160,
  errorCorrectionLevel: 'H',
  /** The example home address the 'Invalid URL' message offers. */
  exampleUrl: 'https://www.example.com',
} as const;

export const qrMessages = {
  required: 'Web address required',
  invalid: `Invalid URL use e.g. ${qrCode.exampleUrl}`,
} as const;

/**
 * The QR tool's rule: a web address is required and must be a full http(s) address with a host
 * name, because a phone that scans the code opens exactly what it holds.
 */
export function qrUrlError(value: string): string | null {
  const text = value.trim();
  if (!text) return qrMessages.required;
  if (!/^https?:\/\/[^\s/?#]/i.test(text) || /\s/.test(text)) return qrMessages.invalid;
  try {
    const url = new URL(text);
    const host = url.hostname;
    const named = host === 'localhost' || (host.includes('.') && !host.startsWith('.') && !host.endsWith('.'));
    return named ? null : qrMessages.invalid;
  } catch {
    return qrMessages.invalid;
  }
}

export function clampQrSize(size: number): number {
  if (!Number.isFinite(size)) return qrCode.sizeDefault;
  return Math.min(qrCode.sizeMax, Math.max(qrCode.sizeMin, Math.round(size)));
}
