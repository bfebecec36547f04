import type { AddressInfo } from 'node:net';
import express from 'express';
import Stripe from 'stripe';
import { apiRoutes } from './api.js';
import { checkoutPage, portalPage } from './pages.js';
import {
  newId,
  now,
  periodEnd,
  subscriptionOf,
  type FakePrice,
  type FakeProduct,
  type FakeSubscription,
} from './objects.js';
import { FakeState } from './state.js';

export type { FakePrice, FakeProduct, FakeSubscription } from './objects.js';

/** The key and webhook secret a server under test is given; the fake accepts any sk_ key. */
export const fakeSecretKey = 'sk_test_fake';
export const fakeWebhookSecret = 'whsec_test_fake';

export interface Delivery {
  status: number;
  body: any;
}

export interface SubscriptionPatch {
  status?: string;
  cancel_at_period_end?: boolean;
  /** Moves the item to another price (a plan change). */
  price?: string;
  /** Seconds, on the item as in recent API versions. */
  current_period_end?: number;
}

/**
 * A local stand-in for Stripe's API and hosted pages. Start it, give the server under test
 * `fake.env` (STRIPE_API_BASE, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET), then tell the fake where
 * the server's webhook is with `fake.webhookUrl = serverUrl + '/api/billing/webhook'`.
 */
export async function startStripeFake(opts: { webhookSecret?: string; webhookUrl?: string; port?: number } = {}) {
  const secret = opts.webhookSecret ?? fakeWebhookSecret;
  const signer = new Stripe(fakeSecretKey);
  const state = new FakeState();
  const pending = new Set<Promise<unknown>>();
  const app = express();
  app.use('/v1', apiRoutes(state));
  app.use(express.urlencoded({ extended: false }));

  async function deliver(payload: string, signWith: string): Promise<Delivery> {
    if (!fake.webhookUrl) throw new Error('the Stripe fake has no webhookUrl to send to');
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: signWith });
    const res = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* keep the text */
    }
    return { status: res.status, body };
  }

  const eventPayload = (type: string, object: unknown, id?: string) =>
    JSON.stringify({
      id: id ?? newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });

  /** Background deliveries (after a hosted page's redirect) are tracked so that idle() and close() wait. */
  function track<T>(p: Promise<T>): Promise<T> {
    pending.add(p);
    void p.finally(() => pending.delete(p)).catch(() => undefined);
    return p;
  }

  const subJson = (sub: FakeSubscription) => state.subscriptionJson(sub, false);

  const fake = {
    state,
    webhookUrl: opts.webhookUrl ?? '',
    url: '',
    get env() {
      return { STRIPE_API_BASE: fake.url, STRIPE_SECRET_KEY: fakeSecretKey, STRIPE_WEBHOOK_SECRET: secret };
    },

    /** A signed event, as Stripe would send it; `id` repeats one to test replays. */
    sendEvent(type: string, object: unknown, o: { id?: string } = {}): Promise<Delivery> {
      return track(deliver(eventPayload(type, object, o.id), secret));
    },

    /** An event signed with the wrong secret. */
    forge(type: string, object: unknown, o: { id?: string } = {}): Promise<Delivery> {
      return track(deliver(eventPayload(type, object, o.id), 'whsec_not_the_secret'));
    },

    setProduct(p: Partial<FakeProduct> & { name: string }): FakeProduct {
      const old = p.id ? state.products.get(p.id) : undefined;
      const product: FakeProduct = {
        id: newId('prod'),
        object: 'product',
        active: true,
        description: null,
        metadata: {},
        created: now(),
        livemode: false,
        ...old,
        ...p,
        updated: now(),
      };
      state.products.set(product.id, product);
      return product;
    },

    setPrice(
      p: Partial<Omit<FakePrice, 'recurring'>> & { product: string; unit_amount?: number; interval?: 'month' | 'year' },
    ): FakePrice {
      const old = p.id ? state.prices.get(p.id) : undefined;
      const { interval, ...rest } = p;
      const price: FakePrice = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: 'gbp',
        unit_amount: 0,
        type: 'recurring',
        metadata: {},
        created: now(),
        livemode: false,
        ...old,
        ...rest,
        recurring: {
          interval: interval ?? old?.recurring.interval ?? 'month',
          interval_count: 1,
          usage_type: 'licensed',
        },
      };
      state.prices.set(price.id, price);
      return price;
    },

    /** The paid plans as docs/billing.md says to create them: GBP, monthly and yearly. */
    seedPlans() {
      const plans = { pro: [499, 5400], business: [999, 10800], enterprise: [1999, 21600] } as const;
      return Object.fromEntries(
        Object.entries(plans).map(([key, [month, year]]) => {
          const product = fake.setProduct({ name: key[0]!.toUpperCase() + key.slice(1), metadata: { product: key } });
          return [
            key,
            {
              product,
              month: fake.setPrice({ product: product.id, unit_amount: month, interval: 'month' }),
              year: fake.setPrice({ product: product.id, unit_amount: year, interval: 'year' }),
            },
          ];
        }),
      ) as Record<keyof typeof plans, { product: FakeProduct; month: FakePrice; year: FakePrice }>;
    },

    /**
     * Pays a checkout: the subscription is made (active), the session completes, and the two events
     * Stripe sends are delivered, in order; answers the subscription and the deliveries.
     */
    async activate(sessionId: string, o: { status?: string } = {}) {
      const session = state.sessions.get(sessionId);
      if (!session?.customer) throw new Error(`no open checkout session ${sessionId}`);
      const price = state.prices.get(session.line_items[0]!.price)!;
      const sub = subscriptionOf(session.customer, price, o.status ?? 'active');
      state.subscriptions.set(sub.id, sub);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
      const deliveries = [
        await fake.sendEvent('checkout.session.completed', state.sessionJson(session)),
        await fake.sendEvent('customer.subscription.created', subJson(sub)),
      ];
      return { subscription: sub, deliveries };
    },

    /** Changes a subscription as Stripe would (no event is sent: follow with sendEvent). */
    update(subId: string, patch: SubscriptionPatch): FakeSubscription {
      const sub = state.subscriptions.get(subId);
      if (!sub) throw new Error(`no subscription ${subId}`);
      const item = sub.items.data[0]!;
      if (patch.status !== undefined) sub.status = patch.status;
      if (patch.status === 'canceled') sub.canceled_at = now();
      if (patch.cancel_at_period_end !== undefined) sub.cancel_at_period_end = patch.cancel_at_period_end;
      if (patch.price !== undefined) {
        item.price = patch.price;
        item.current_period_end = periodEnd(now(), state.prices.get(patch.price)!.recurring.interval);
      }
      if (patch.current_period_end !== undefined) item.current_period_end = patch.current_period_end;
      return sub;
    },

    /** Updates and sends customer.subscription.updated (or .deleted when the status becomes canceled). */
    change(subId: string, patch: SubscriptionPatch) {
      const sub = fake.update(subId, patch);
      return fake.sendEvent(
        sub.status === 'canceled' ? 'customer.subscription.deleted' : 'customer.subscription.updated',
        subJson(sub),
      );
    },

    /**
     * Holds the answer to the next subscription read (taken as Stripe's state at its arrival) until
     * `release()`; `arrived` resolves once that read has come in.
     */
    holdNextSubscriptionRead() {
      let arrived!: () => void;
      let release!: () => void;
      const arrival = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      state.subscriptionReadHolds.push({ arrived, released });
      return { arrived: arrival, release };
    },

    subscriptionJson: subJson,
    /** The checkout sessions made, with what was asked (mode, line items, urls, customer). */
    sessions: () => [...state.sessions.values()],
    customers: () => [...state.customers.values()],

    /** Waits for deliveries sent in the background by the hosted pages. */
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },

    close: async () => {
      await fake.idle();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };

  // Hosted pages for browser tests: the checkout's Pay button and the portal's Cancel plan.
  app.get('/checkout/:id', (req, res) => {
    const s = state.sessions.get(req.params.id);
    if (!s) return void res.status(404).send('No such checkout');
    const price = state.prices.get(s.line_items[0]!.price)!;
    const product = state.products.get(price.product);
    const amount = `£${(price.unit_amount / 100).toFixed(2)} / ${price.recurring.interval}`;
    res.type('html').send(checkoutPage(s.id, product?.name ?? price.product, amount));
  });
  app.post('/checkout/:id', (req, res) => {
    const s = state.sessions.get(req.params.id);
    if (!s || s.status !== 'open') return void res.status(404).send('No open checkout');
    // Like Stripe, the browser may be back before the webhook arrives: redirect first, deliver after.
    const done = fake.activate(s.id);
    res.redirect(303, s.success_url.replace('{CHECKOUT_SESSION_ID}', s.id));
    track(done);
  });
  app.get('/portal/:id', (req, res) => {
    const p = state.portals.get(req.params.id);
    if (!p) return void res.status(404).send('No such portal session');
    const subs = [...state.subscriptions.values()].filter((s) => s.customer === p.customer);
    const lines = subs.map((s) => {
      const price = state.prices.get(s.items.data[0]!.price)!;
      const name = state.products.get(price.product)?.name ?? price.product;
      return `${name} (${price.recurring.interval}): ${s.status}${s.cancel_at_period_end ? ', cancels at period end' : ''}`;
    });
    const cancellable = subs.some((s) => ['active', 'trialing'].includes(s.status) && !s.cancel_at_period_end);
    res.type('html').send(portalPage(p.id, p.return_url ?? '/', lines, cancellable));
  });
  app.post('/portal/:id/cancel', async (req, res) => {
    const p = state.portals.get(req.params.id);
    if (!p) return void res.status(404).send('No such portal session');
    for (const s of state.subscriptions.values())
      if (s.customer === p.customer && ['active', 'trialing'].includes(s.status))
        await fake.change(s.id, { cancel_at_period_end: true });
    res.redirect(303, `/portal/${p.id}`);
  });

  // Port 0 unless a browser test picked one beforehand (testing/free-port.ts) to put in its config.
  const http = app.listen(opts.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve) => http.once('listening', resolve));
  fake.url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  state.baseUrl = fake.url;
  return fake;
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
