import { z } from 'zod';

/**
 * Link health (issue 30): whether a bookmark's address still leads to its page.
 *
 * - 'ok': the last check reached a page (2xx) at the bookmark's own address.
 * - 'redirected': it reached a page, but at another address (`finalUrl`): offered as an update.
 * - 'failing': it met a lasting failure (404/410, a name that no longer resolves, a broken TLS
 *   certificate) that is not yet confirmed by a second one days later.
 * - 'broken': confirmed: at least `brokenAfterFailures` lasting failures in a row, the first at
 *   least `brokenAfterDays` before the latest.
 * - 'unchecked': never checked, or no check has had a lasting answer yet (a timeout, a 5xx, a 429,
 *   a network error or a refused private address never decide anything).
 */
export const linkHealthValues = ['ok', 'redirected', 'broken', 'failing', 'unchecked'] as const;
export type LinkHealthValue = (typeof linkHealthValues)[number];

/** The rules of link health and of its re-checks, in days. */
export const linkHealthRules = {
  /** Lasting failures in a row before a link is broken. */
  brokenAfterFailures: 2,
  /** The first of those failures is at least this long before the latest. */
  brokenAfterDays: 3,
  /** A link that answered is checked again after this long, */
  recheckOkDays: 30,
  /** plus up to this much at random, so that a large import does not come due all at once. */
  recheckJitterDays: 3,
  /** A failing link is checked again no sooner than this, and not before brokenAfterDays have passed. */
  retryFailingDays: 1,
  /** A broken link is still checked now and then: a site may come back. */
  recheckBrokenDays: 30,
  /** A check with no lasting answer (a timeout, a 5xx) is tried again after this long. */
  retryUnsureDays: 7,
} as const;

/** This product's own texts. */
export const linkHealthMessages = {
  checkBudgetSpent: 'Links were checked very often in the last 10 minutes. Try again in a few minutes.',
  labels: {
    ok: 'Link works',
    redirected: 'Link moved',
    broken: 'Broken link',
    failing: 'Link may be broken',
    unchecked: 'Not checked yet',
  } satisfies Record<LinkHealthValue, string>,
} as const;

/** A bookmark's link health as the API answers it. */
export const linkHealthSchema = z.object({
  health: z.enum(linkHealthValues),
  /** The HTTP status of the last check; null when the site gave none (or never checked). */
  status: z.number().int().nullable(),
  /** Where the address leads now, when that is another address than the bookmark's. */
  finalUrl: z.string().nullable(),
  /** When the link was last checked (ISO 8601); null when never. */
  checkedAt: z.string().nullable(),
});
export type LinkHealth = z.infer<typeof linkHealthSchema>;
