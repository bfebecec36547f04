/**
 * The recommendations' keys in the server-data cache. A request is a mutation, not a cached query:
 * each click asks again (the server counts it against the daily limit) and its answer belongs to
 * that click only.
 */
export const recommendationKeys = {
  all: ['recommendations'] as const,
};
