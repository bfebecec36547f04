// @vitest-environment jsdom
import { advertMessages, type AdminUser } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeMe, renderApp } from '../../testing/renderApp';
import { adminUserTexts } from './AdminUsersPage';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pat: AdminUser = {
  id: 'u2',
  email: 'pat@example.com',
  name: 'Pat',
  emailVerified: true,
  permissions: {
    admin: false,
    advertiser: false,
    subscriptionPro: true,
    subscriptionBusiness: true,
    subscriptionEnterprise: false,
  },
  recentChanges: [{ at: '2026-11-20T09:00:00.000Z', actorEmail: 'boss@example.com', change: { advertiser: false } }],
};

function adminServer(setAnswer?: (body: { permissions: Partial<AdminUser['permissions']> }) => unknown) {
  return fakeServer({
    'GET /api/auth/me': () => ({ status: 200, body: makeMe({ admin: true }) }),
    'GET /api/admin/users': (url) =>
      url.includes('pat%40example.com')
        ? { status: 200, body: pat }
        : { status: 404, body: { error: { code: 'not_found', message: advertMessages.userNotFound } } },
    'POST /api/admin/permissions': (_url, init) => {
      const body = JSON.parse(String(init.body));
      return setAnswer
        ? { status: 500, body: setAnswer(body) }
        : { status: 200, body: { ...pat, permissions: { ...pat.permissions, ...body.permissions } } };
    },
  });
}

async function find(email: string) {
  renderApp('/admin/users');
  await screen.findByRole('heading', { level: 1, name: 'Users' });
  fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Find user' }));
}

describe('/admin/users', () => {
  it('finds a user by email and shows the plan, each flag and the recent changes', async () => {
    const { calls } = adminServer();
    await find(' pat@example.com ');
    const card = within(await screen.findByRole('region', { name: 'Pat' }));
    expect(calls.find((c) => c.url.startsWith('/api/admin/users'))?.url).toBe(
      '/api/admin/users?email=pat%40example.com',
    );
    expectShown(card.getByText('pat@example.com'));
    expectShown(card.getByText('Email verified: Yes'));
    expectShown(card.getByText('Plan: Business'));
    expect(
      within(card.getByRole('list', { name: 'Flags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Admin: No', 'Advertiser: No', 'Pro: Yes', 'Business: Yes', 'Enterprise: No']);
    expect(within(card.getByRole('list', { name: 'Recent changes' })).getByRole('listitem').textContent).toBe(
      '20 November 2026, boss@example.com: Advertiser off',
    );
  });

  it('says when nobody has the email', async () => {
    adminServer();
    await find('nobody@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(advertMessages.userNotFound);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('sets advertiser at once and says so', async () => {
    const { calls } = adminServer();
    await find('pat@example.com');
    fireEvent.click(await screen.findByRole('switch', { name: 'Advertiser' }));
    expect((await screen.findByRole('status')).textContent).toBe(adminUserTexts.saved);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'pat@example.com',
      permissions: { advertiser: true },
    });
    expect((screen.getByRole('switch', { name: 'Advertiser' }) as HTMLInputElement).checked).toBe(true);
  });

  it('asks before making someone an admin, and changes nothing on Cancel', async () => {
    const { calls } = adminServer();
    await find('pat@example.com');
    fireEvent.click(await screen.findByRole('switch', { name: 'Admin' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Make administrator' }));
    expectShown(dialog.getByText(adminUserTexts.confirmGrant('pat@example.com')));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    // The page behind the dialog is hidden from the accessibility tree until the dialog has gone.
    const adminSwitch = (await screen.findByRole('switch', { name: 'Admin' })) as HTMLInputElement;
    expect(adminSwitch.checked).toBe(false);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(adminSwitch);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('status')).textContent).toBe(adminUserTexts.saved);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'pat@example.com',
      permissions: { admin: true },
    });
  });

  it("shows the server's error when a change fails", async () => {
    adminServer(() => ({ error: { code: 'internal', message: 'Something went wrong' } }));
    await find('pat@example.com');
    fireEvent.click(await screen.findByRole('switch', { name: 'Advertiser' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
    expect((screen.getByRole('switch', { name: 'Advertiser' }) as HTMLInputElement).checked).toBe(false);
  });

  it('is listed among the admin tasks', async () => {
    adminServer();
    renderApp('/admin');
    const tasks = within(await screen.findByRole('list', { name: 'Admin tasks' }));
    expect(tasks.getByRole('link', { name: /^Users/ }).getAttribute('href')).toBe('/admin/users');
  });
});
