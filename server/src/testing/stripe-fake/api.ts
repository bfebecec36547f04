import express, { type Response, type Router } from 'express';
import { parseForm } from './form.js';
import { list, newId, now, type FakeSession } from './objects.js';
import type { FakeState } from './state.js';

/** Stripe's error shape with a 4xx status. */
export function stripeError(res: Response, status: number, message: string, type = 'invalid_request_error') {
  res.status(status).json({ error: { type, message, ...(status === 404 ? { code: 'resource_missing' } : {}) } });
}

const missing = (res: Response, what: string, id: string) => stripeError(res, 404, `No such ${what}: '${id}'`);

/** The /v1 endpoints this product calls, answering in Stripe's JSON shapes. */
export function apiRoutes(state: FakeState): Router {
  const r = express.Router();
  r.use(express.text({ type: () => true }));
  r.use((req, res, next) => {
    if (!req.headers.authorization?.startsWith('Bearer sk_'))
      return stripeError(res, 401, 'You did not provide an API key.');
    req.body = parseForm(typeof req.body === 'string' ? req.body : '');
    const query = parseForm(new URL(req.url, 'http://x').search.slice(1));
    Object.defineProperty(req, 'query', { value: query });
    next();
  });
  // Stripe answers a repeated idempotency key with the first answer.
  r.use((req, res, next) => {
    const key = req.get('idempotency-key');
    if (req.method !== 'POST' || !key) return next();
    const seen = state.idempotent.get(key);
    if (seen) return void res.status(seen.status).json(seen.body);
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      state.idempotent.set(key, { status: res.statusCode, body });
      return json(body);
    };
    next();
  });

  r.post('/customers', (req, res) => {
    const c = {
      id: newId('cus'),
      object: 'customer',
      email: req.body.email ?? null,
      metadata: req.body.metadata ?? {},
      created: now(),
      livemode: false,
    };
    state.customers.set(c.id, c);
    res.json(c);
  });
  r.get('/customers/:id', (req, res) => {
    const c = state.customers.get(req.params.id!);
    return c ? res.json(c) : missing(res, 'customer', req.params.id!);
  });

  r.post('/checkout/sessions', (req, res) => {
    const b = req.body;
    const items = ((b.line_items ?? []) as { price: string; quantity: string }[]).map((i) => ({
      price: i.price,
      quantity: Number(i.quantity),
    }));
    const price = items[0] && state.prices.get(items[0].price);
    if (!price) return stripeError(res, 400, `No such price: '${items[0]?.price}'`);
    if (!price.active) return stripeError(res, 400, `The price specified is inactive.`);
    if (b.customer && !state.customers.has(b.customer)) return missing(res, 'customer', b.customer);
    const id = newId('cs_test');
    const s: FakeSession = {
      id,
      object: 'checkout.session',
      mode: b.mode,
      customer: b.customer ?? null,
      client_reference_id: b.client_reference_id ?? null,
      metadata: b.metadata ?? {},
      success_url: b.success_url,
      cancel_url: b.cancel_url,
      status: 'open',
      payment_status: 'unpaid',
      subscription: null,
      url: `${state.baseUrl}/checkout/${id}`,
      created: now(),
      expires_at: now() + 86_400,
      livemode: false,
      line_items: items,
    };
    state.sessions.set(id, s);
    res.json(state.sessionJson(s));
  });
  r.get('/checkout/sessions/:id', (req, res) => {
    const s = state.sessions.get(req.params.id!);
    return s ? res.json(state.sessionJson(s)) : missing(res, 'checkout.session', req.params.id!);
  });

  r.post('/billing_portal/sessions', (req, res) => {
    if (!state.customers.has(req.body.customer)) return missing(res, 'customer', req.body.customer);
    const id = newId('bps');
    const p = {
      id,
      object: 'billing_portal.session',
      customer: req.body.customer,
      return_url: req.body.return_url ?? null,
      url: `${state.baseUrl}/portal/${id}`,
      created: now(),
      livemode: false,
    };
    state.portals.set(id, p);
    res.json(p);
  });

  r.get('/subscriptions/:id', async (req, res) => {
    const sub = state.subscriptions.get(req.params.id!);
    if (!sub) return missing(res, 'subscription', req.params.id!);
    const expand = Object.values((req.query as Record<string, any>).expand ?? {}) as string[];
    // The answer is what Stripe holds now, even when it is held on its way (a slow network).
    const answer = structuredClone(state.subscriptionJson(sub, expand.includes('items.data.price.product')));
    const hold = state.subscriptionReadHolds.shift();
    if (hold) {
      hold.arrived();
      await hold.released;
    }
    res.json(answer);
  });

  r.get('/products', (req, res) => {
    const q = req.query as Record<string, any>;
    const items = [...state.products.values()].filter((p) => q.active === undefined || String(p.active) === q.active);
    res.json(list('/v1/products', items));
  });
  r.get('/products/:id', (req, res) => {
    const p = state.products.get(req.params.id!);
    return p ? res.json(p) : missing(res, 'product', req.params.id!);
  });
  r.get('/prices', (req, res) => {
    const q = req.query as Record<string, any>;
    const items = [...state.prices.values()].filter(
      (p) =>
        (q.product === undefined || p.product === q.product) &&
        (q.active === undefined || String(p.active) === q.active),
    );
    res.json(list('/v1/prices', items));
  });

  r.use((req, res) => stripeError(res, 404, `Unrecognized request URL (${req.method}: /v1${req.path}).`));
  return r;
}
