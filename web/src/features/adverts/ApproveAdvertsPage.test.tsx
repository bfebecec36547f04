// @vitest-environment jsdom
import type { PendingAdvert } from '@linkhive/shared/domain';
import { advertMessages, authMessages } from '@linkhive/shared/domain';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePending } from '../../testing/adverts';
import { fakeServer, makeMe, renderApp } from '../../testing/renderApp';
import { expectShown } from '@linkhive/shared/testing';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = () => ({ status: 200, body: makeMe({ admin: true }) });

const clean = makePending({
  id: 'a1',
  title: 'Acme Ltd',
  description: '<p>We <strong>sell</strong> anvils.</p>',
});
const flagged = makePending({
  id: 'a2',
  title: 'Free Prizes',
  domain: 'prizes.example.net',
  owner: { id: 'u3', email: 'carol@example.org', name: 'Carol' },
  threat: { status: 'flagged', types: ['SOCIAL_ENGINEERING'], checkedAt: '2026-03-02T10:01:00.000Z' },
});
const unchecked = makePending({
  id: 'a3',
  title: 'Bakery',
  domain: 'bread.example.com',
  owner: { id: 'u4', email: 'dan@example.com', name: 'Dan' },
  threat: { status: 'not_checked', types: [], checkedAt: null },
});

function adminServer(items: PendingAdvert[] = [clean, flagged, unchecked]) {
  return fakeServer({
    'GET /api/auth/me': admin,
    'GET /api/admin/adverts/pending': () => ({ status: 200, body: { items } }),
    'POST /api/admin/adverts/a1/approve': () => ({ status: 200, body: { ...clean, status: true } }),
    'POST /api/admin/adverts/a3/approve': () => ({
      status: 503,
      body: { error: { code: 'threat_check_failed', message: advertMessages.checkFailed } },
    }),
    'POST /api/admin/adverts/a1/reject': () => ({ status: 200, body: { ok: true } }),
  });
}

async function openList() {
  renderApp('/admin/approve-adverts');
  await screen.findByRole('heading', { level: 1, name: 'Approve adverts' });
  return screen.findByRole('list', { name: 'Adverts waiting for approval' });
}

const row = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;
const titles = () => screen.queryAllByTestId('pending-advert').map((li) => within(li).getByRole('heading').textContent);

describe('the approval list', () => {
  it('shows each advert with its owner, domain and threat check; a flagged one can be neither approved nor opened', async () => {
    adminServer();
    await openList();
    expect(titles()).toEqual(['Acme Ltd', 'Free Prizes', 'Bakery']);
    expect(row('Acme Ltd').textContent).toContain('bob@example.com');
    expect(row('Acme Ltd').textContent).toContain('acme.example.com');
    expect(row('Acme Ltd').querySelector('time')?.getAttribute('datetime')).toBe(clean.createdAt);

    const bad = within(row('Free Prizes'));
    expectShown(bad.getByText(`${advertMessages.threatLabels.flagged}: SOCIAL_ENGINEERING`));
    expect((bad.getByRole('button', { name: 'Approve Free Prizes' }) as HTMLButtonElement).disabled).toBe(true);
    expect((bad.getByRole('button', { name: 'Preview Free Prizes' }) as HTMLButtonElement).disabled).toBe(true);
    expect((bad.getByRole('button', { name: 'Reject Free Prizes' }) as HTMLButtonElement).disabled).toBe(false);
    expect(row('Free Prizes').querySelector('[data-threat="flagged"]')?.className).toContain('MuiChip-colorError');

    const notChecked = within(row('Bakery')).getByText(advertMessages.threatLabels.not_checked);
    expect(notChecked.closest('[data-threat]')?.getAttribute('data-threat')).toBe('not_checked');
    expect((within(row('Bakery')).getByRole('button', { name: 'Approve Bakery' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('filters by title, owner email or domain, whatever the case', async () => {
    adminServer();
    await openList();
    const search = screen.getByRole('searchbox', { name: 'Search adverts' });
    fireEvent.change(search, { target: { value: 'CAROL@' } });
    expect(titles()).toEqual(['Free Prizes']);
    fireEvent.change(search, { target: { value: 'Bread.Example' } });
    expect(titles()).toEqual(['Bakery']);
    fireEvent.change(search, { target: { value: 'acme' } });
    expect(titles()).toEqual(['Acme Ltd']);
    fireEvent.change(search, { target: { value: 'nothing like it' } });
    expectShown(screen.getByText('No adverts match your search.'));
  });

  it('previews an advert with its description as the server sent it', async () => {
    adminServer();
    await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Preview Acme Ltd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview' });
    expect(
      within(dialog).getByRole('heading', { name: 'Acme Ltd' }).closest('article')?.getAttribute('aria-label'),
    ).toBe('Preview of Acme Ltd');
    expect(within(dialog).getByTestId('advert-description').innerHTML).toBe(clean.description);
    expect(within(dialog).getByRole('link', { name: clean.link }).getAttribute('href')).toBe(clean.link);
  });

  it('approves an advert: the row leaves the list and a notice says so', async () => {
    const { calls } = adminServer();
    await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Approve Acme Ltd' }));
    expect((await screen.findByTestId('notification')).textContent).toContain(advertMessages.approved);
    await waitFor(() => expect(titles()).toEqual(['Free Prizes', 'Bakery']));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/admin/adverts/a1/approve')).toBe(true);
  });

  it("keeps the row and shows the server's reason when approving fails", async () => {
    adminServer();
    await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Approve Bakery' }));
    expect((await screen.findByTestId('notification')).textContent).toContain(advertMessages.checkFailed);
    expect(titles()).toContain('Bakery');
  });

  it('rejects an advert only after a confirmation', async () => {
    const { calls } = adminServer();
    await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Reject Acme Ltd' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reject Acme Ltd?' });
    expect(calls.some((c) => c.url.endsWith('/reject'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Reject' }));
    expect((await screen.findByTestId('notification')).textContent).toContain(advertMessages.rejected);
    await waitFor(() => expect(titles()).toEqual(['Free Prizes', 'Bakery']));
  });

  it('says when nothing is waiting', async () => {
    adminServer([]);
    renderApp('/admin/approve-adverts');
    expectShown(await screen.findByText(advertMessages.noPending));
  });

  it('refuses a signed-in user who is not an admin, without asking for the list', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/me': () => ({ status: 200, body: makeMe() }) });
    renderApp('/admin/approve-adverts');
    await screen.findByRole('heading', { level: 1, name: authMessages.notAuthorised });
    expectShown(screen.getByText('This page is for administrators.'));
    expect(authMessages.notAuthorised).toBe('You are not authorised');
    expect(calls.some((c) => c.url.startsWith('/api/admin'))).toBe(false);
  });
});
