// Types only: the SDK itself is imported by createStripe (index.ts), and only when a key is set.
import type Stripe from 'stripe';
import type {
  StripeCheckoutSession,
  StripeClient,
  StripeEvent,
  StripePrice,
  StripeProduct,
  StripeSubscription,
} from './types.js';

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

const isMissing = (err: unknown) => (err as { statusCode?: number } | null)?.statusCode === 404;

/** The answer, or null when Stripe does not know the id. */
async function unlessMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

const pageSize = 100;
const listCap = { limit: 1000 };

function productOf(p: Stripe.Product | Stripe.DeletedProduct): StripeProduct {
  const full = p as Partial<Stripe.Product>;
  return {
    id: p.id,
    name: full.name ?? '',
    description: full.description ?? null,
    active: !!full.active,
    metadata: full.metadata ?? {},
    deleted: !!(p as { deleted?: boolean }).deleted,
  };
}

function priceOf(p: Stripe.Price): StripePrice {
  return {
    id: p.id,
    productId: idOf(p.product)!,
    active: p.active,
    currency: p.currency,
    unitAmount: p.unit_amount ?? null,
    interval: p.recurring?.interval ?? null,
  };
}

/** Stripe's Date header on the answer, in seconds; the SDK gives headers as a record or a Headers. */
function answeredAt(obj: unknown): number | undefined {
  const headers = (obj as { lastResponse?: { headers?: unknown } }).lastResponse?.headers as
    { get?: (name: string) => string | null; date?: string } | undefined;
  const date = typeof headers?.get === 'function' ? headers.get('date') : headers?.date;
  const ms = date ? Date.parse(date) : NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
}

function subscriptionOf(sub: Stripe.Subscription): StripeSubscription {
  return {
    id: sub.id,
    customerId: idOf(sub.customer)!,
    status: sub.status,
    items: sub.items.data.map((item) => {
      const product = item.price.product;
      return {
        price: priceOf(item.price),
        // Read expanded; a deleted product sells nothing.
        product:
          product && typeof product === 'object' && !(product as { deleted?: boolean }).deleted
            ? productOf(product)
            : null,
        currentPeriodEnd: item.current_period_end ?? null,
      };
    }),
    currentPeriodEnd: (sub as unknown as { current_period_end?: number }).current_period_end ?? null,
    cancelAtPeriodEnd: !!sub.cancel_at_period_end,
    created: sub.created,
    endedAt: sub.ended_at ?? null,
    canceledAt: sub.canceled_at ?? null,
    answeredAt: answeredAt(sub),
  };
}

function sessionOf(s: Stripe.Checkout.Session): StripeCheckoutSession {
  return {
    id: s.id,
    url: s.url ?? null,
    expiresAt: s.expires_at,
    customerId: idOf(s.customer),
    subscriptionId: idOf(s.subscription),
    status: s.status ?? null,
  };
}

function eventOf(event: Stripe.Event): StripeEvent {
  const o = (event.data?.object ?? {}) as unknown as Record<string, any>;
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    object: {
      id: o.id,
      // Invoices name their subscription under `parent` in recent API versions.
      subscriptionId: idOf(o.subscription) ?? idOf(o.parent?.subscription_details?.subscription),
      productId: idOf(o.product),
    },
  };
}

/** Billing's calls over one SDK client, answering in our types. */
export function stripeClient(sdk: Stripe): StripeClient {
  return {
    activeProducts: async () =>
      (await sdk.products.list({ active: true, limit: pageSize }).autoPagingToArray(listCap)).map(productOf),

    retrieveProduct: (id) => unlessMissing(async () => productOf(await sdk.products.retrieve(id))),

    pricesOf: async (productId) =>
      (await sdk.prices.list({ product: productId, limit: pageSize }).autoPagingToArray(listCap)).map(priceOf),

    retrieveSubscription: (id) =>
      unlessMissing(async () =>
        subscriptionOf(await sdk.subscriptions.retrieve(id, { expand: ['items.data.price.product'] })),
      ),

    async createCustomer(customer, idempotencyKey) {
      const made = await sdk.customers.create(customer, { idempotencyKey });
      return { id: made.id };
    },

    async createSubscriptionCheckout(ask) {
      const session = await sdk.checkout.sessions.create(
        {
          mode: 'subscription',
          customer: ask.customerId,
          client_reference_id: ask.clientReferenceId,
          line_items: [{ price: ask.priceId, quantity: 1 }],
          success_url: ask.successUrl,
          cancel_url: ask.cancelUrl,
          metadata: ask.metadata,
        },
        { idempotencyKey: ask.idempotencyKey },
      );
      return sessionOf(session);
    },

    retrieveCheckoutSession: (id) => unlessMissing(async () => sessionOf(await sdk.checkout.sessions.retrieve(id))),

    async createPortalSession(customerId, returnUrl) {
      const session = await sdk.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return { url: session.url };
    },

    verifyEvent: (rawBody, signature, secret) => eventOf(sdk.webhooks.constructEvent(rawBody, signature, secret)),
  };
}
