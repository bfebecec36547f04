/** Billing's keys in the server-data cache. */
export const billingKeys = {
  /** The user's Stripe subscription, for the profile's subscription box. */
  subscription: ['billing', 'subscription'] as const,
  /** A checkout asked about after the buyer came back, in a round (Try again starts the next). */
  checkout: (sessionId: string, round: number) => ['billing', 'checkout', sessionId, round] as const,
};
