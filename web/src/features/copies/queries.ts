/** The readable copies' keys in the server-data cache. */
export const copyKeys = {
  /** A bookmark's readable copy (the Reader view). */
  copy: (bookmarkId: string) => ['copies', bookmarkId] as const,
  /** The bookmark the Reader view shows: its title and its address, for the original. */
  bookmark: (bookmarkId: string) => ['copies', bookmarkId, 'bookmark'] as const,
};
