/** '24 November 2026': Stripe's period end is an instant; the day is read in UTC so every visitor sees one date. */
export function formatBillingDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
