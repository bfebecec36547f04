/** The sign-in's keys in the server-data cache. */
export const authKeys = {
  /** Who is signed in, asked by /auth on each arrival to finish a sign-in. */
  finalise: ['auth', 'finalise'] as const,
};
