/** The profile's keys in the server-data cache. */
export const profileKeys = {
  /** The signed-in user's profile: name, photo and display settings. */
  profile: ['profile'] as const,
};
