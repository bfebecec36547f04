/** The adverts' keys in the server-data cache. */
export const advertKeys = {
  all: ['adverts'] as const,
  /** The signed-in user's own advert (null when they have none), under their id. */
  mine: (userId: string) => ['adverts', 'mine', userId] as const,
  /** The adverts waiting for an admin's approval. */
  pending: ['adverts', 'pending'] as const,
};
