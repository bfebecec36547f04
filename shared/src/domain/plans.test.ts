import { describe, expect, it } from 'vitest';
import { permissionFlags, type Permissions } from './constants.js';
import {
  displayPrice,
  formatPounds,
  hasPaidPlan,
  isPaidPlan,
  paidPlanKeys,
  planFlags,
  planOfPermissions,
  yearlyPricePounds,
} from './plans.js';

describe('plan prices', () => {
  it.each([
    ['Pro', 499, 54, '£59.88'],
    ['Business', 999, 108, '£119.88'],
    ['Enterprise', 1999, 216, '£239.88'],
  ])('%s: yearly is twelve months less 10%%, rounded up to a whole pound', (_plan, monthly, yearly, struck) => {
    expect(yearlyPricePounds(monthly)).toBe(yearly);
    expect(displayPrice(monthly, 'year')).toEqual({
      amount: `£${yearly}`,
      interval: 'year',
      struck,
      saveLabel: 'SAVE 10%',
    });
  });

  it.each([
    [499, '£4.99'],
    [999, '£9.99'],
    [1999, '£19.99'],
  ])('monthly %i pence shows as %s with no discount', (monthly, shown) => {
    expect(displayPrice(monthly, 'month')).toEqual({ amount: shown, interval: 'month' });
  });

  it('shows a free plan as £0 on both intervals', () => {
    expect(displayPrice(0, 'month').amount).toBe('£0');
    expect(displayPrice(0, 'year')).toEqual({ amount: '£0', interval: 'year' });
  });

  it('rounds a fraction of a pound up and keeps whole pounds', () => {
    expect(yearlyPricePounds(1000)).toBe(108);
    expect(yearlyPricePounds(926)).toBe(101);
    expect(formatPounds(5400)).toBe('£54');
  });
});

describe('the plan a user has', () => {
  const none = Object.fromEntries(permissionFlags.map((f) => [f, false])) as Permissions;
  const withFlags = (...flags: (keyof Permissions)[]) => ({
    ...none,
    ...Object.fromEntries(flags.map((f) => [f, true])),
  });

  it('is the highest paid plan whose flag is set, else Free', () => {
    expect(planOfPermissions(none)).toBe('free');
    expect(planOfPermissions(withFlags('admin', 'advertiser'))).toBe('free');
    expect(planOfPermissions(withFlags('subscriptionPro'))).toBe('pro');
    expect(planOfPermissions(withFlags('subscriptionPro', 'subscriptionBusiness'))).toBe('business');
    expect(planOfPermissions(withFlags('subscriptionEnterprise', 'subscriptionPro'))).toBe('enterprise');
    for (const key of paidPlanKeys) expect(hasPaidPlan(withFlags(planFlags[key]))).toBe(true);
    expect(hasPaidPlan(withFlags('admin'))).toBe(false);
  });

  it('names paid plans by their keys only', () => {
    expect(paidPlanKeys.filter(isPaidPlan)).toEqual(['pro', 'business', 'enterprise']);
    for (const other of ['free', 'Pro', '', null, undefined, 'enterprise ']) expect(isPaidPlan(other)).toBe(false);
  });
});
