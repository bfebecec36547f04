import type Stripe from 'stripe';
import { stripeClient } from './client.js';
import type { StripeClient } from './types.js';

/** Where the SDK sends its requests: Stripe itself unless STRIPE_API_BASE names another endpoint. */
export function apiBaseOptions(apiBase: string | null): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const u = new URL(apiBase);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

/**
 * The Stripe client, or null when no key is set (billing is then off). The SDK is imported only
 * when a key is set, so a server without billing does not load it at start.
 */
export async function createStripe(opts: { key: string | null; apiBase: string | null }): Promise<StripeClient | null> {
  if (!opts.key) return null;
  const { default: StripeSdk } = await import('stripe');
  return stripeClient(
    new StripeSdk(opts.key, {
      ...apiBaseOptions(opts.apiBase),
      // Stripe's own retries use idempotency keys, so a retried customer creation makes one customer.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    }),
  );
}
