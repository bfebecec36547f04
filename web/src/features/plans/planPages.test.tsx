// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp, signedOut } from '../../testing/renderApp';
import { plansAnswer } from '../../testing/plans';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('plan pages', () => {
  it.each([
    ['pro', 'Pro plan', 'Up to 10 workspace groups'],
    ['business', 'Business plan', 'Up to 20 workspace groups'],
    ['enterprise', 'Enterprise plan', 'Unlimited workspace groups'],
  ])('/subscriptions/%s lists its features and highlights its card', async (key, title, feature) => {
    fakeServer({ 'GET /api/auth/me': signedOut, 'GET /api/plans': plansAnswer });
    renderApp(`/subscriptions/${key}`);
    await h1(title);
    const included = await screen.findByRole('list', { name: /includes$/ });
    expect(within(included).getAllByRole('listitem')[0]!.textContent).toBe(feature);
    await waitFor(() =>
      expect(document.querySelector('[data-highlighted="true"]')?.getAttribute('data-plan')).toBe(key),
    );
    expect(document.querySelectorAll('[data-highlighted="true"]')).toHaveLength(1);
  });

  it('has no page for the free plan or unknown plans', async () => {
    fakeServer({ 'GET /api/auth/me': signedOut, 'GET /api/plans': plansAnswer });
    renderApp('/subscriptions/gold');
    await h1('Page not found');
    await waitFor(() => expect(document.title).toBe('Page not found | Linkhive'));
  });
});
