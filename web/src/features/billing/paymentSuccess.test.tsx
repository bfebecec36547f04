// @vitest-environment jsdom
import { billingMessages, type CheckoutState } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paymentPolling } from './usePaymentConfirmation';
import { fakeServer, makeMe, renderApp, signedOut } from '../../testing/renderApp';
import { paymentTexts } from './PaymentSuccessPage';
import { expectShown } from '@linkhive/shared/testing';

// No sleeping: the page asks again at once, and gives up after a few tries instead of sixty.
const real = { ...paymentPolling };
beforeEach(() => Object.assign(paymentPolling, { delayMs: 0, maxAttempts: 3 }));
afterEach(() => {
  Object.assign(paymentPolling, real);
  cleanup();
  vi.unstubAllGlobals();
});

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const sessionCalls = (calls: { url: string }[]) => calls.filter((c) => c.url.startsWith('/api/billing/sessions/'));
const answer = (status: CheckoutState['status']) => ({ status: 200, body: { status, subscription: null } });

describe('/payment/success', () => {
  it('waits for the webhook, then reads the new plan and says the subscription is activated', async () => {
    let paid = false;
    let open = () => {};
    const webhookHandled = new Promise<void>((resolve) => (open = resolve));
    let asked = 0;
    const { calls } = fakeServer({
      'GET /api/auth/me': () => ({ status: 200, body: makeMe({ subscriptionBusiness: paid }) }),
      'GET /api/billing/sessions/cs_test_1': () => answer(paid ? 'complete' : 'pending'),
    });
    // The second question waits until the test has seen the waiting screen, however slow the run.
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/api/billing/sessions/') && ++asked === 2) await webhookHandled;
      return original(input, init);
    });
    renderApp('/payment/success?session_id=cs_test_1');
    await h1('Confirming your payment');
    expect(screen.getByRole('status').textContent).toBe(billingMessages.waitingForPayment);
    // A spinner: no measure of how long the webhook takes.
    expect(screen.getByRole('progressbar', { name: 'Confirming your payment' }).hasAttribute('aria-valuenow')).toBe(
      false,
    );
    await waitFor(() => expect(asked).toBe(2));
    paid = true;
    open();
    await h1('Thank you!');
    expect(screen.getByRole('status').textContent).toBe(billingMessages.activated);
    expect(screen.getByRole('link', { name: 'View my subscription' }).getAttribute('href')).toBe('/profile');
    expect(sessionCalls(calls)).toHaveLength(2);
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
    // The flags are read again only after the server said the checkout is complete.
    expect(calls.map((c) => c.url).slice(-1)).toEqual(['/api/auth/me']);
    expect(calls.filter((c) => c.url === '/api/auth/me')).toHaveLength(2);
  });

  it('says it is taking longer after the last try, and can ask again', async () => {
    let status: CheckoutState['status'] = 'pending';
    const { calls } = fakeServer({
      'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
      'GET /api/billing/sessions/cs_test_2': () => answer(status),
    });
    renderApp('/payment/success?session_id=cs_test_2');
    expect((await screen.findByText(paymentTexts.slow)).getAttribute('role')).toBe('status');
    expect(sessionCalls(calls)).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'View my subscription' }).getAttribute('href')).toBe('/profile');
    status = 'complete';
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await h1('Thank you!');
  });

  it('shows a clear error for an expired checkout', async () => {
    fakeServer({
      'GET /api/auth/me': () => ({ status: 200, body: makeMe() }),
      'GET /api/billing/sessions/cs_old': () => answer('expired'),
    });
    renderApp('/payment/success?session_id=cs_old');
    await h1('Checkout not completed');
    expect(screen.getByRole('alert').textContent).toBe(paymentTexts.expired);
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/subscriptions');
  });

  it("says a checkout that is not the user's does not exist, without asking again", async () => {
    const { calls } = fakeServer({ 'GET /api/auth/me': () => ({ status: 200, body: makeMe() }) });
    renderApp('/payment/success?session_id=cs_someone_else');
    await h1('Checkout not completed');
    expect(screen.getByRole('alert').textContent).toBe(billingMessages.sessionNotFound);
    expect(sessionCalls(calls)).toHaveLength(1);
  });

  it('keeps asking through a network failure', async () => {
    let failures = 1;
    fakeServer({ 'GET /api/auth/me': () => ({ status: 200, body: makeMe() }) });
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (!String(input).startsWith('/api/billing/sessions/')) return original(input, init);
      if (failures-- > 0) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ status: 'complete', subscription: null }), { status: 200 });
    });
    renderApp('/payment/success?session_id=cs_test_3');
    await h1('Thank you!');
  });

  it('sends a visitor without a checkout to the profile, and a signed-out one to sign in', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/me': signedOut });
    const first = renderApp('/payment/success');
    await h1('Check your subscription');
    expect(screen.getByRole('status').textContent).toBe(paymentTexts.noSession);
    expect(screen.getByRole('link', { name: 'View my subscription' }).getAttribute('href')).toBe('/profile');
    expect(sessionCalls(calls)).toHaveLength(0);
    first.unmount();
    fakeServer({ 'GET /api/auth/me': signedOut, 'GET /api/billing/sessions/cs_test_4': signedOut });
    renderApp('/payment/success?session_id=cs_test_4');
    expectShown(await screen.findByText(paymentTexts.signedOut));
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?redirect=%2Fprofile');
  });
});
