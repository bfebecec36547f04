export const limits = {
  nameMax: 50,
  passwordMin: 8,
  titleMax: 50,
  customCategoryMax: 25,
  /**
   * The longest web address kept (a bookmark's link or RSS address, saved or imported). Browsers
   * open addresses of about 2 MB, but web servers refuse a request line past 8 KB by default
   * (Apache 8,190 bytes, nginx 8 KB buffers), so a longer address opens on almost no site; real
   * bookmarks stay under a few kB. The cap keeps one row from holding 100 kB of junk.
   */
  addressMax: 8192,
} as const;

/**
 * Outside fetches one account may cause per window, counted apart for feed fetches (each asks one
 * site once) and site-icon lookups (each asks one site for at most ten small files). Kept in the
 * database so every server process shares one count; the window starts at the account's first
 * fetch. FETCH_BUDGET overrides the number.
 *
 * 500 in 10 minutes is far above real use: feeds are cached for 15 minutes and site icons for a
 * week, so only Refresh All and new sites fetch, and 500 is five Refresh Alls of 100 feeds, or five
 * pages of 100 newly imported sites. It still stops an account from turning each of its requests
 * into dozens of fetches of other people's servers (40 failing feeds, each refresh).
 */
export const outsideFetchBudget = { perAccount: 500, windowMs: 10 * 60_000 } as const;

/**
 * Password-reset mails one address may be sent per hour, whoever asks and from however many client
 * addresses (the per-client AUTH_RATE_LIMIT does not stop that). Past it, "Forgot password" still
 * answers its usual success, so nobody learns anything about the address, and simply queues no more
 * mail: someone who lost a mail can ask again within the hour, and an inbox cannot be flooded.
 */
export const resetMailLimit = { perAddress: 3, windowMs: 60 * 60_000 } as const;

export const fetchBudgetMessages = {
  // A newer text of this product's own: it may be reworded.
  feedsSpent:
    'Feeds were refreshed very often in the last 10 minutes, so saved items are shown. Try again in a few minutes.',
} as const;

/** Added to a feed answer that was served from the cache because the account's fetch budget was spent. */
export interface FetchBudgetNote {
  fetchBudgetSpent?: true;
  notice?: string;
}

export const mobileBreakpointPx = 600;

export const permissionFlags = [
  'admin',
  'advertiser',
  'subscriptionPro',
  'subscriptionBusiness',
  'subscriptionEnterprise',
] as const;

export type PermissionFlag = (typeof permissionFlags)[number];
export type Permissions = Record<PermissionFlag, boolean>;

export function hasPaidPlan(p: Permissions): boolean {
  return p.subscriptionPro || p.subscriptionBusiness || p.subscriptionEnterprise;
}
