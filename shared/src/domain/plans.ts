import type { z } from 'zod';
// The schemas live in billing.ts: every page imports this file (plan names, flags), and a schema
// here would bring zod with it to the first load.
import type {
  planPriceSchema,
  planSchema,
  billingRedirectSchema,
  subscriptionSummarySchema,
  billingStateSchema,
  checkoutStateSchema,
  webhookReceiptSchema,
} from './billing.js';
import type { PermissionFlag, Permissions } from './constants.js';

// The one plan module (issue 29): plan keys, the flag each paid plan gives, names and limits. Every
// layer reads these; none writes its own list of plans.
export const planKeys = ['free', 'pro', 'business', 'enterprise'] as const;
export type PlanKey = (typeof planKeys)[number];
/** The plans sold through billing, lowest first. */
export const paidPlanKeys = ['pro', 'business', 'enterprise'] as const satisfies readonly PlanKey[];
export type PaidPlanKey = (typeof paidPlanKeys)[number];
/** Whether a key (a URL segment, a Stripe product's metadata) names a paid plan. */
export const isPaidPlan = (key: string | null | undefined): key is PaidPlanKey =>
  (paidPlanKeys as readonly string[]).includes(key ?? '');
export type PlanInterval = 'month' | 'year';

export type PlanPrice = z.output<typeof planPriceSchema>;
export type Plan = z.output<typeof planSchema>;

export const yearlyDiscountPercent = 10;

/** Workspace groups each plan may own; null is unlimited. */
export const groupLimits: Record<PlanKey, number | null> = { free: 1, pro: 10, business: 20, enterprise: null };

/**
 * Links one workspace group may hold, by its owner's plan. A group's page, its counts and deleting
 * it all grow with its links, so a group stays bounded; one constant a plan.
 */
export const groupLinkCapFree = 1_000;
export const groupLinkCapPro = 10_000;
export const groupLinkCapBusiness = 50_000;
export const groupLinkCapEnterprise = 100_000;
export const groupLinkLimits: Record<PlanKey, number> = {
  free: groupLinkCapFree,
  pro: groupLinkCapPro,
  business: groupLinkCapBusiness,
  enterprise: groupLinkCapEnterprise,
};

/**
 * The yearly price in whole pounds: twelve months less 10%, rounded up to a whole pound.
 * Worked in pence so that 4.99 gives 54, not 53.99999.
 */
export function yearlyPricePounds(monthlyMinor: number): number {
  return Math.ceil((monthlyMinor * 12 * (100 - yearlyDiscountPercent)) / 10_000);
}

/** Twelve monthly payments, the struck-through figure beside the yearly price. */
export function undiscountedYearlyMinor(monthlyMinor: number): number {
  return monthlyMinor * 12;
}

/** '£4.99', '£54', '£59.88': pence only when there are any. */
export function formatPounds(minor: number): string {
  const pounds = minor / 100;
  return `£${Number.isInteger(pounds) ? pounds.toFixed(0) : pounds.toFixed(2)}`;
}

export interface DisplayPrice {
  /** What the card shows as the price for the chosen interval. */
  amount: string;
  interval: PlanInterval;
  /** Yearly only: the undiscounted twelve months, struck through. */
  struck?: string;
  saveLabel?: string;
}

export function displayPrice(monthlyMinor: number, interval: PlanInterval): DisplayPrice {
  if (monthlyMinor === 0) return { amount: formatPounds(0), interval };
  if (interval === 'month') return { amount: formatPounds(monthlyMinor), interval };
  return {
    amount: formatPounds(yearlyPricePounds(monthlyMinor) * 100),
    interval,
    struck: formatPounds(undiscountedYearlyMinor(monthlyMinor)),
    saveLabel: `SAVE ${yearlyDiscountPercent}%`,
  };
}

export const billingMessages = {
  notConfigured: 'Billing is not configured on this server',
  unknownPrice: 'This plan or price does not exist',
  // Newer texts of this product's own: these may be reworded.
  alreadySubscribed: 'You already have a subscription. Change or cancel it with Manage billing.',
  noBillingAccount: 'There is no billing account for this user yet. Choose a plan first.',
  returnUrlInvalid: 'The return address must be a page of this site.',
  webhookSignature: 'The webhook signature could not be verified.',
  checkoutFailed: 'The checkout could not be started. Please try again.',
  portalFailed: 'The billing portal could not be opened. Please try again.',
  tooManyCheckouts: 'Too many checkouts were started in the last hour. Please try again later.',
  waitingForPayment: 'Waiting for the payment to be confirmed…',
  activated: 'Your subscription is activated.',
  sessionNotFound: 'This checkout does not exist.',
  cancelled: 'Cancelled',
  endsOn: (date: string) => `Ends on ${date}`,
  renewsOn: (date: string) => `Renews on ${date}`,
} as const;

export type BillingRedirect = z.output<typeof billingRedirectSchema>;
export type SubscriptionSummary = z.output<typeof subscriptionSummarySchema>;
export type BillingState = z.output<typeof billingStateSchema>;
export type CheckoutState = z.output<typeof checkoutStateSchema>;
export type WebhookReceipt = z.output<typeof webhookReceiptSchema>;

/** The permission flag that gives each paid plan, whoever set it (billing, an admin, the operator). */
export const planFlags: Record<PaidPlanKey, PermissionFlag> = {
  pro: 'subscriptionPro',
  business: 'subscriptionBusiness',
  enterprise: 'subscriptionEnterprise',
};

/** The plan the flags give: the highest paid flag, else Free. Every gate and every screen reads this. */
export function planOfPermissions(p: Permissions): PlanKey {
  for (let i = paidPlanKeys.length - 1; i >= 0; i--) if (p[planFlags[paidPlanKeys[i]!]]) return paidPlanKeys[i]!;
  return 'free';
}

/** Whether any paid plan's flag is set: the gate of paid features (feeds beyond the free limit, recommendations). */
export const hasPaidPlan = (p: Permissions): boolean => planOfPermissions(p) !== 'free';

/**
 * The user's current plan as GET /api/auth/me answers it, the one source of every screen that names
 * it (profile, plan cards, admin). `grant`: an admin or the operator (`npm run admin -- grant`) gave
 * the flag, so there is no subscription to show or manage; `billing`: a Stripe subscription did.
 */
export interface CurrentPlan {
  key: PlanKey;
  source: 'free' | 'billing' | 'grant';
}

export const planNames: Record<PlanKey, string> = {
  free: 'Free',
  pro: 'Pro',
  business: 'Business',
  enterprise: 'Enterprise',
};

/** 'Free plan', 'Pro plan', 'Pro, granted by an admin' (issue 26: a granted plan says so). */
export function currentPlanLabel(plan: CurrentPlan): string {
  const name = planNames[plan.key];
  return plan.source === 'grant' ? `${name}, granted by an admin` : `${name} plan`;
}
