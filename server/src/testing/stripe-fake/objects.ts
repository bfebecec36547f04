import { randomBytes } from 'node:crypto';

/** Objects as Stripe's API answers them (the fields this product and its tests read, and a few more). */
export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);
const day = 86_400;

export interface FakeProduct {
  id: string;
  object: 'product';
  active: boolean;
  name: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  updated: number;
  livemode: false;
}

export interface FakePrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  product: string;
  unit_amount: number;
  recurring: { interval: 'month' | 'year'; interval_count: 1; usage_type: 'licensed' };
  type: 'recurring';
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  subscription: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Not in Stripe's answer unless expanded; kept for the tests to read what was asked. */
  line_items: { price: string; quantity: number }[];
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  created: number;
  start_date: number;
  metadata: Record<string, string>;
  livemode: false;
  items: {
    object: 'list';
    has_more: false;
    url: string;
    data: {
      id: string;
      object: 'subscription_item';
      subscription: string;
      quantity: number;
      price: string;
      current_period_start: number;
      current_period_end: number;
      created: number;
    }[];
  };
}

export function periodEnd(start: number, interval: 'month' | 'year') {
  return start + (interval === 'year' ? 365 : 30) * day;
}

export function subscriptionOf(customer: string, price: FakePrice, status = 'active'): FakeSubscription {
  const id = newId('sub');
  const start = now();
  return {
    id,
    object: 'subscription',
    customer,
    status,
    cancel_at_period_end: false,
    canceled_at: null,
    created: start,
    start_date: start,
    metadata: {},
    livemode: false,
    items: {
      object: 'list',
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          subscription: id,
          quantity: 1,
          price: price.id,
          current_period_start: start,
          current_period_end: periodEnd(start, price.recurring.interval),
          created: start,
        },
      ],
    },
  };
}

export const list = <T>(url: string, data: T[]) => ({ object: 'list' as const, url, has_more: false, data });
