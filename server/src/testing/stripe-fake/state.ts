import type { FakePrice, FakeProduct, FakeSession, FakeSubscription } from './objects.js';

/** The fake's whole memory: what Stripe would hold for one test account. */
export class FakeState {
  baseUrl = '';
  customers = new Map<string, { id: string; email: string | null; metadata: Record<string, string> }>();
  sessions = new Map<string, FakeSession>();
  portals = new Map<string, { id: string; customer: string; return_url: string | null; url: string }>();
  subscriptions = new Map<string, FakeSubscription>();
  products = new Map<string, FakeProduct>();
  prices = new Map<string, FakePrice>();
  idempotent = new Map<string, { status: number; body: unknown }>();
  /** Subscription reads whose answers wait for the test (holdNextSubscriptionRead), first come first held. */
  subscriptionReadHolds: { arrived: () => void; released: Promise<void> }[] = [];

  /** A session as Stripe answers it: line items are not part of the answer unless expanded. */
  sessionJson(s: FakeSession) {
    const { line_items: _items, ...rest } = s;
    return rest;
  }

  /** A subscription with its item's price object, and the price's product expanded when asked. */
  subscriptionJson(sub: FakeSubscription, expandProduct: boolean) {
    return {
      ...sub,
      items: {
        ...sub.items,
        data: sub.items.data.map((item) => {
          const price = this.prices.get(item.price)!;
          return {
            ...item,
            price: { ...price, product: expandProduct ? this.products.get(price.product) : price.product },
          };
        }),
      },
    };
  }
}
