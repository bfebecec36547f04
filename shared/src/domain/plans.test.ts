import { describe, expect, it } from 'vitest';
import { displayPrice, formatPounds, yearlyPricePounds } from './plans.js';

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
