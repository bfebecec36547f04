// @vitest-environment jsdom
import { billingMessages, type BillingState } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, renderApp } from '../../testing/renderApp';
import { plansAnswer } from '../../testing/plans';
import { leaveForCheckout } from './leaveForCheckout';
import { expectShown } from '@linkhive/shared/testing';

vi.mock('./leaveForCheckout', () => ({ leaveForCheckout: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(leaveForCheckout).mockClear();
});

const pro = {
  plan: 'pro',
  interval: 'year',
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-24T10:00:00.000Z',
} as const;

function profileWith(
  billing: BillingState,
  extra: Parameters<typeof fakeServer>[0] = {},
  me = makeMe({ subscriptionPro: true }),
) {
  return fakeServer({
    'GET /api/auth/me': () => ({ status: 200, body: me }),
    'GET /api/plans': plansAnswer,
    'GET /api/billing/subscription': () => ({ status: 200, body: billing }),
    ...extra,
  });
}

async function box() {
  renderApp('/profile');
  const section = await screen.findByRole('region', { name: 'Your subscription' });
  await within(section).findByTestId('subscription-plan');
  return within(section);
}

describe('the subscription box of the profile', () => {
  it('shows the plan, its interval and renewal date, and the pricing tiles', async () => {
    profileWith({ enabled: true, canManage: true, subscription: pro });
    const view = await box();
    expect(view.getByTestId('subscription-plan').textContent).toBe('Pro plan');
    expectShown(view.getByText('Yearly'));
    expectShown(view.getByText(billingMessages.renewsOn('24 December 2026')));
    expect(view.queryByText(billingMessages.cancelled)).toBeNull();
    const plans = screen.getByRole('region', { name: 'Plans' });
    const current = within(plans).getByRole('button', { name: 'Your current plan' });
    expect(current).toHaveProperty('disabled', true);
    expect(current.closest('[data-plan]')?.getAttribute('data-plan')).toBe('pro');
    const business = within(plans)
      .getByRole('heading', { level: 3, name: 'Business' })
      .closest<HTMLElement>('[data-plan]')!;
    expect(within(business).getByRole('button', { name: 'Choose Business' })).toHaveProperty('disabled', false);
  });

  it('shows a subscription ending at the period end as cancelled, with its end date', async () => {
    profileWith({
      enabled: true,
      canManage: true,
      subscription: { ...pro, interval: 'month', cancelAtPeriodEnd: true },
    });
    const view = await box();
    expectShown(view.getByText('Monthly'));
    expectShown(view.getByText(billingMessages.cancelled));
    expectShown(view.getByText(billingMessages.endsOn('24 December 2026')));
  });

  it('shows the Free plan without a subscription, and quietly says when billing is off', async () => {
    profileWith({ enabled: false, canManage: false, subscription: null }, {}, makeMe());
    const view = await box();
    expect(view.getByTestId('subscription-plan').textContent).toBe('Free plan');
    expectShown(view.getByText(billingMessages.notConfigured));
    expect(view.queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('shows the Free plan with a note for a subscription that no longer counts', async () => {
    profileWith({ enabled: true, canManage: true, subscription: { ...pro, status: 'past_due' } }, {}, makeMe());
    const view = await box();
    expect(view.getByTestId('subscription-plan').textContent).toBe('Free plan');
    expectShown(view.getByText('Your Pro subscription is past due.'));
  });

  it('shows a plan an admin granted as that plan, the same in the box and the plan cards (issue 26)', async () => {
    profileWith(
      { enabled: false, canManage: false, subscription: null },
      {},
      makeMe({ subscriptionPro: true }, 'grant'),
    );
    const view = await box();
    expect(view.getByTestId('subscription-plan').textContent).toBe('Pro, granted by an admin');
    expect(view.queryByText(billingMessages.notConfigured)).toBeNull();
    expect(screen.queryByText('Free plan')).toBeNull();
    const plans = screen.getByRole('region', { name: 'Plans' });
    const current = within(plans).getByRole('button', { name: 'Your current plan' });
    expect(current.closest('[data-plan]')?.getAttribute('data-plan')).toBe('pro');
    expect(within(plans).getAllByRole('button', { name: 'Your current plan' })).toHaveLength(1);
  });

  it('opens the billing portal with the profile as the way back', async () => {
    const { calls } = profileWith(
      { enabled: true, canManage: true, subscription: pro },
      { 'POST /api/billing/portal': () => ({ status: 200, body: { url: 'https://billing.stripe.com/p/session/2' } }) },
    );
    const view = await box();
    fireEvent.click(view.getByRole('button', { name: 'Manage billing' }));
    await vi.waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('https://billing.stripe.com/p/session/2'));
    expect(calls.find((c) => c.url === '/api/billing/portal')?.body).toEqual({
      returnUrl: `${window.location.origin}/profile`,
    });
  });

  it("shows the server's refusal, or the portal failure when it cannot be reached, and stops loading", async () => {
    let reachable = true;
    profileWith(
      { enabled: true, canManage: true, subscription: pro },
      {
        'POST /api/billing/portal': () => ({
          status: 404,
          body: { error: { code: 'not_found', message: billingMessages.noBillingAccount } },
        }),
      },
    );
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/billing/portal' && !reachable) throw new TypeError('Failed to fetch');
      return original(input, init);
    });
    const view = await box();
    const button = view.getByRole('button', { name: 'Manage billing' }) as HTMLButtonElement;
    fireEvent.click(button);
    expect((await view.findByRole('alert')).textContent).toBe(billingMessages.noBillingAccount);
    expect(button.disabled).toBe(false);
    reachable = false;
    fireEvent.click(button);
    await vi.waitFor(() => expect(view.getByRole('alert').textContent).toBe(billingMessages.portalFailed));
    expect(leaveForCheckout).not.toHaveBeenCalled();
  });
});
