export const limits = {
  nameMax: 50,
  passwordMin: 8,
  /** What a person types as a title in the dialogs (the spec's rule). */
  titleMax: 50,
  /**
   * What an import keeps of a title the file or the browser already had. The 50 above is a rule for
   * typing, not for other people's data: browsers and sites write titles of 100-200 characters, and
   * an import followed by an export must give them back whole (issue 26). 1,000 is far above any real
   * title and still keeps one row from holding a page of junk.
   */
  importedTitleMax: 1000,
  customCategoryMax: 25,
  /**
   * What an import keeps of a folder name as the category. The spec makes the category the folder
   * name; letters, digits, spaces and 25 are its rules for a custom category a person types. Real
   * folders have punctuation ('Self-hosting', 'C++ / Rust') and longer names, and an export must
   * give them back (issue 26); 100 is the longest category the list filter takes.
   */
  importedCategoryMax: 100,
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

/**
 * Page screenshots one account's favourites may start in an hour (a Chromium page each). Past it the
 * favourite is saved at once and shows its site icon; its screenshot waits for a later hour, so an
 * import of thousands of favourites spreads its captures over time instead of filling the lane.
 */
export const screenshotBudget = { perAccount: 100, windowMs: 60 * 60_000 } as const;

/**
 * Mails one account may cause per hour, of every kind together (its welcome and verification
 * mails, the invitations it sends, its promo page's notices). Above each kind's own limit (30
 * invitations an hour, 3 verification resends), so only a mix of kinds far past real use reaches
 * it. Past it the mail is not dropped: it waits for the hour the budget allows, and the mail lane
 * stays free for everyone else.
 */
export const mailBudget = { perAccount: 40, windowMs: 60 * 60_000 } as const;

/**
 * Safe Browsing checks one account may cause per hour through its advert's website address (a
 * submit or a new address queues one check; an edit that keeps the address queues none). Far above
 * real use (a page's address changes a few times, ever), it stops a loop of edits from spending the
 * server's Safe Browsing quota. Past it a new address is refused with 429 and nothing is changed.
 */
export const advertThreatCheckBudget = { perAccount: 20, windowMs: 60 * 60_000 } as const;

/**
 * Links one account may add to workspace groups per day, over all its groups (each add is a row
 * others read and a change every member's page hears of). Past it, 429 with Retry-After.
 */
export const groupLinkDailyBudget = { perAccount: 2000, windowMs: 24 * 60 * 60_000 } as const;

/**
 * Stripe Checkout Sessions one account may have made per hour (issue 24). Asking again for a price
 * reuses the account's open session for it and costs nothing, so this only counts new sessions:
 * six paid prices exist, and 10 lets a buyer try each and come back after one expired. Past it,
 * checkout answers 429 with Retry-After, so one account cannot spend the Stripe account's shared
 * request rate on sessions nobody pays.
 */
export const checkoutSessionBudget = { perAccount: 10, windowMs: 60 * 60_000 } as const;

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
