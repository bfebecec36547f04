/** The personal API tokens' keys in the server-data cache. */
export const tokenKeys = {
  list: ['tokens'] as const,
};
