/**
 * What billing reads of Stripe, in our own names: only the fields it uses, so the feature never
 * depends on the SDK's types (which change with each API version). Times are Stripe's, in seconds.
 */

export interface StripeProduct {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  /** Billing's own keys (`product` names the plan a product is sold as). */
  metadata: Record<string, string>;
  /** Stripe still answers for a deleted product, marked so. */
  deleted: boolean;
}

export interface StripePrice {
  id: string;
  productId: string;
  active: boolean;
  currency: string;
  /** In the currency's smallest unit; null for a price without a fixed amount. */
  unitAmount: number | null;
  /** How often a recurring price bills ('month', 'year', ...); null for a one-time price. */
  interval: string | null;
}

export interface StripeSubscriptionItem {
  price: StripePrice;
  /** The price's product, read with the subscription; null when it is deleted. */
  product: StripeProduct | null;
  currentPeriodEnd: number | null;
}

export interface StripeSubscription {
  id: string;
  customerId: string;
  status: string;
  items: StripeSubscriptionItem[];
  /** Older API versions keep the period on the subscription; recent ones on each item. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  created: number;
  endedAt: number | null;
  canceledAt: number | null;
  /**
   * Stripe's time of the answer (its Date header): the state read is at least that new, on the same
   * clock as events' `created`. Undefined when the HTTP client gives no headers.
   */
  answeredAt?: number;
}

export interface StripeCheckoutSession {
  id: string;
  /** Where the buyer pays; null once the session is over. */
  url: string | null;
  expiresAt: number;
  customerId: string | null;
  subscriptionId: string | null;
  /** 'open', 'complete' or 'expired'. */
  status: string | null;
}

export interface SubscriptionCheckoutAsk {
  customerId: string;
  priceId: string;
  /** Stripe's client_reference_id: ours, handed back on the session. */
  clientReferenceId: string;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  /** A retry with the same key gets Stripe's first answer, not a second session. */
  idempotencyKey: string;
}

/** A webhook event: what it is and the ids billing reads off the object it is about. */
export interface StripeEvent {
  id: string;
  type: string;
  created: number;
  object: {
    id: string;
    /** The subscription a checkout session or invoice belongs to. */
    subscriptionId: string | null;
    /** The product a price belongs to. */
    productId: string | null;
  };
}

/**
 * The calls billing makes. A retrieve answers null when Stripe does not know the id (a 404); every
 * other failure is thrown as the SDK threw it.
 */
export interface StripeClient {
  /** Every active product (up to 1,000). */
  activeProducts(): Promise<StripeProduct[]>;
  retrieveProduct(id: string): Promise<StripeProduct | null>;
  /** Every price of a product, active or not (up to 1,000). */
  pricesOf(productId: string): Promise<StripePrice[]>;
  /** Read with each item's price and product. */
  retrieveSubscription(id: string): Promise<StripeSubscription | null>;
  createCustomer(
    customer: { email: string; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /** A Checkout Session that subscribes the customer to one unit of the price. */
  createSubscriptionCheckout(ask: SubscriptionCheckoutAsk): Promise<StripeCheckoutSession>;
  retrieveCheckoutSession(id: string): Promise<StripeCheckoutSession | null>;
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
  /** Checks the signature over the raw body; throws when it does not hold. */
  verifyEvent(rawBody: Buffer, signature: string, secret: string): StripeEvent;
}
