// @vitest-environment jsdom
import { advertMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAdvert } from '../../testing/adverts';
import { fakeServer, makeMe, renderApp } from '../../testing/renderApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const profile = () => ({
  status: 200,
  body: {
    displayName: 'Ann Lee',
    email: 'ann@example.com',
    photoURL: null,
    settings: { categoryTabColor: null, layoutPreference: 'list', keepCopies: true },
  },
});

function server(advertiser: boolean) {
  const approved = makeAdvert({ status: true, approvedDate: '2026-03-03T10:00:00.000Z' });
  return fakeServer({
    'GET /api/auth/me': () => ({ status: 200, body: makeMe({ advertiser }) }),
    'GET /api/profile': profile,
    'GET /api/adverts/mine': () => ({ status: 200, body: { advert: approved } }),
    'GET /api/categories/suggested': () => ({ status: 200, body: { items: [] } }),
    // A new website address sends the advert back for approval.
    'PATCH /api/adverts/a1': (_url, init) => ({
      status: 200,
      body: { ...approved, ...JSON.parse(String(init.body)), status: false, approvedDate: null },
    }),
  });
}

describe('the Advertiser Profile panel', () => {
  it('is not shown without the advertiser permission', async () => {
    const { calls } = server(false);
    renderApp('/profile');
    await screen.findByRole('heading', { level: 2, name: 'Default profile' });
    expect(screen.queryByRole('heading', { name: 'Advertiser Profile' })).toBeNull();
    expect(calls.some((c) => c.url === '/api/adverts/mine')).toBe(false);
  });

  it("edits the advertiser's advert, never its address, and tells them a new website waits for approval", async () => {
    const { calls } = server(true);
    renderApp('/profile');
    const panel = (await screen.findByRole('heading', { name: 'Advertiser Profile' })).closest('section')!;
    expect(panel.textContent).toContain('Changing the website address sends the page back for approval');
    const link = await within(panel).findByRole('textbox', { name: /^Website address/ });
    expect((within(panel).getByLabelText('Page address') as HTMLInputElement).value).toBe('/promo/acme-ltd');
    expect(within(panel).getByTestId('advert-status').textContent).toContain('Approved');

    fireEvent.change(link, { target: { value: 'https://anvils.example.com' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Update advert' }));
    expect((await screen.findByTestId('notification')).textContent).toContain(advertMessages.updated);
    await waitFor(() =>
      expect(within(panel).getByTestId('advert-status').textContent).toContain('Waiting for approval'),
    );
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.body).toMatchObject({ link: 'https://anvils.example.com' });
    expect(patch.body).not.toHaveProperty('slug');
  });
});
