import type { FeedListQuery } from '@linkhive/shared/domain';

/** The feeds' keys in the server-data cache. */
export const feedKeys = {
  all: ['feeds'] as const,
  /** The RSS page's sources loaded in a round: 0 on arrival, then one more for each Refresh All. */
  sources: (round: number) => ['feeds', 'sources', round] as const,
  /** A page of the RSS page's merged list, in a round (a new round starts with no items). */
  list: (round: number, filters: Omit<FeedListQuery, 'refresh'>) => ['feeds', 'list', round, filters] as const,
  /**
   * A page of the feed dialog: a bookmark's feed, or another owner's that the dialog's caller
   * loads (a workspace group's link). `retried` counts Try Again on the page: each one is a new
   * request, the only kind that asks the site rather than the server's cache.
   */
  dialogPage: (owner: 'bookmark' | 'other', id: string, page: number, retried: number) =>
    ['feeds', 'dialog', owner, id, { page, retried }] as const,
};
