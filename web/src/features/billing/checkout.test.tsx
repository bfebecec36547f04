// @vitest-environment jsdom
import { billingMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, renderApp, signedOut } from '../../testing/renderApp';
import { plansAnswer } from '../../testing/plans';
import { leaveForCheckout } from './leaveForCheckout';

vi.mock('./leaveForCheckout', () => ({ leaveForCheckout: vi.fn() }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(leaveForCheckout).mockClear();
});

const signedIn = () => ({ status: 200, body: makeMe() });
const card = async (key: string) => {
  await screen.findAllByRole('button', { name: /^Choose / });
  return within(document.querySelector<HTMLElement>(`[data-plan="${key}"]`)!);
};

describe('checkout from the plans', () => {
  it('sends a visitor to sign up first, with the way back to the plan page', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/me': signedOut, 'GET /api/plans': plansAnswer });
    const { location } = renderApp('/subscriptions/pro');
    fireEvent.click((await card('pro')).getByRole('button', { name: 'Choose Pro' }));
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    expect(location().pathname + location().search).toBe('/signup?redirect=%2Fsubscriptions%2Fpro');
    expect(calls.some((c) => c.url === '/api/billing/checkout')).toBe(false);
  });

  it('checks out the chosen yearly price and shows the server refusal on its card', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/me': signedIn,
      'GET /api/plans': plansAnswer,
      'POST /api/billing/checkout': () => ({
        status: 503,
        body: { error: { code: 'billing_not_configured', message: billingMessages.notConfigured } },
      }),
    });
    renderApp('/subscriptions');
    fireEvent.click(await screen.findByRole('switch', { name: 'Yearly billing' }));
    const business = await card('business');
    fireEvent.click(business.getByRole('button', { name: 'Choose Business' }));
    expect(await business.findByRole('alert')).toHaveProperty(
      'textContent',
      'Billing is not configured on this server',
    );
    expect(calls.find((c) => c.url === '/api/billing/checkout')?.body).toEqual({ priceId: 'plan_business_year' });
    expect((business.getByRole('button', { name: 'Choose Business' }) as HTMLButtonElement).disabled).toBe(false);
    expect(leaveForCheckout).not.toHaveBeenCalled();
  });

  it('waits on the button while the checkout starts, then goes to the payment page', async () => {
    let release = () => {};
    const pending = new Promise<void>((resolve) => (release = resolve));
    fakeServer({ 'GET /api/auth/me': signedIn, 'GET /api/plans': plansAnswer });
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/api/billing/checkout') return original(input, init);
      await pending;
      return new Response(JSON.stringify({ url: 'https://checkout.stripe.com/c/pay/cs_test_1' }), { status: 200 });
    });
    renderApp('/subscriptions/enterprise');
    const enterprise = await card('enterprise');
    const button = enterprise.getByRole('button', { name: 'Choose Enterprise' }) as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(button.querySelector('[role="progressbar"]')).not.toBeNull();
    expect(((await card('pro')).getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
  });

  it('says the checkout could not be started when the server cannot be reached', async () => {
    fakeServer({ 'GET /api/auth/me': signedIn, 'GET /api/plans': plansAnswer });
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/billing/checkout') throw new TypeError('Failed to fetch');
      return original(input, init);
    });
    renderApp('/subscriptions');
    const pro = await card('pro');
    fireEvent.click(pro.getByRole('button', { name: 'Choose Pro' }));
    expect(await pro.findByRole('alert')).toHaveProperty('textContent', billingMessages.checkoutFailed);
    expect((pro.getByRole('button', { name: 'Choose Pro' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends a user who already pays to the billing portal, coming back to the profile', async () => {
    const alreadySubscribed = () => ({
      status: 409,
      body: { error: { code: 'already_subscribed', message: billingMessages.alreadySubscribed } },
    });
    const { calls } = fakeServer({
      'GET /api/auth/me': signedIn,
      'GET /api/plans': plansAnswer,
      'POST /api/billing/checkout': alreadySubscribed,
      'POST /api/billing/portal': () => ({ status: 200, body: { url: 'https://billing.stripe.com/p/session/1' } }),
    });
    renderApp('/subscriptions');
    fireEvent.click((await card('business')).getByRole('button', { name: 'Choose Business' }));
    await waitFor(() => expect(leaveForCheckout).toHaveBeenCalledWith('https://billing.stripe.com/p/session/1'));
    expect(calls.find((c) => c.url === '/api/billing/portal')?.body).toEqual({
      returnUrl: `${window.location.origin}/profile`,
    });
    expect(leaveForCheckout).toHaveBeenCalledTimes(1);
  });

  it('shows the portal failure on the card when a subscriber cannot be sent there', async () => {
    fakeServer({
      'GET /api/auth/me': signedIn,
      'GET /api/plans': plansAnswer,
      'POST /api/billing/checkout': () => ({
        status: 409,
        body: { error: { code: 'already_subscribed', message: billingMessages.alreadySubscribed } },
      }),
      'POST /api/billing/portal': () => ({
        status: 502,
        body: { error: { code: 'billing_failed', message: billingMessages.portalFailed } },
      }),
    });
    renderApp('/subscriptions');
    const pro = await card('pro');
    fireEvent.click(pro.getByRole('button', { name: 'Choose Pro' }));
    expect(await pro.findByRole('alert')).toHaveProperty('textContent', billingMessages.portalFailed);
    expect(leaveForCheckout).not.toHaveBeenCalled();
  });

  it('marks the plan a subscriber already has and sends the free card to the bookmarks', async () => {
    fakeServer({
      'GET /api/auth/me': () => ({ status: 200, body: makeMe({ subscriptionPro: true }) }),
      'GET /api/plans': plansAnswer,
    });
    renderApp('/subscriptions');
    const pro = await card('pro');
    expect((pro.getByRole('button', { name: 'Your current plan' }) as HTMLButtonElement).disabled).toBe(true);
    expect((await card('free')).getByRole('link', { name: 'Go to my bookmarks' }).getAttribute('href')).toBe(
      '/categories',
    );
  });
});
