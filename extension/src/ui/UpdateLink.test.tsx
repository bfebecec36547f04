// @vitest-environment jsdom
import { extensionMessages, extensionPagePath } from '@linkhive/shared/domain';
import { NotificationProvider } from '@linkhive/shared/ui';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupPages } from '../testing/extensionPages';
import { ServerSection } from './options/ServerSection';
import { PendingSaves } from './PendingSaves';
import { useExtensionSession } from './session';
import { SignInPanel } from './SignInPanel';
import { BookmarkBrowser } from './sidepanel/BookmarkBrowser';
import { pageTexts } from './texts';
import { renderWithQueries } from '../testing/renderWithQueries';

vi.mock('./extension', async () => (await import('../testing/extensionPages')).pageModule);

afterEach(cleanup);

/** A budget for a busy machine, not a wait: each check passes as soon as the page shows it. */
const budget = { timeout: 10_000 };

/** A server that refuses this version of the extension (426), as ours does below its minimum. */
async function refusedByServer(options: { signedIn?: boolean } = {}) {
  const ext = await setupPages(options);
  ext.server.state.minimumVersion = '9.0.0';
  await act(() => useExtensionSession.getState().load());
  return ext;
}

/** The 'please update' with its link to this server's extension page, in `where`. */
async function expectUpdateLink(where: HTMLElement, serverUrl: string) {
  expect(where.textContent).toContain(extensionMessages.outdated);
  const link = within(where).getByRole('link', { name: pageTexts.updateExtension });
  expect(link.getAttribute('href')).toBe(`${serverUrl}${extensionPagePath}`);
}

describe('"please update" comes with the update link wherever it shows', () => {
  it("in the side panel's list", async () => {
    const ext = await refusedByServer();
    renderWithQueries(
      <NotificationProvider>
        <BookmarkBrowser />
      </NotificationProvider>,
    );
    await expectUpdateLink(await screen.findByRole('alert', {}, budget), ext.server.origin);
  });

  it('beside a waiting save the server refused for the version', async () => {
    const ext = await refusedByServer();
    expect(await ext.bg.saver.save({ link: 'https://a.example.com/', title: 'A', category: 'News' })).toMatchObject({
      kind: 'queued',
      reason: 'outdated',
    });
    renderWithQueries(<PendingSaves />);
    await expectUpdateLink(await screen.findByRole('region', { name: 'Pending saves' }, budget), ext.server.origin);
  });

  it('under the sign-in form', async () => {
    const ext = await refusedByServer({ signedIn: false });
    render(<SignInPanel />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Passw0rd!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await expectUpdateLink(await screen.findByRole('alert', {}, budget), ext.server.origin);
  });

  it('on opening the options, when the last answer of the server refused this version', async () => {
    const ext = await refusedByServer();
    await expect(ext.pageApi.list({})).rejects.toMatchObject({ status: 426 });
    renderWithQueries(<ServerSection current={ext.server.origin} />);
    const form = within(screen.getByRole('form', { name: 'Server address' }));
    await expectUpdateLink(await form.findByRole('alert', {}, budget), ext.server.origin);
  });
});
