// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupPages } from '../../testing/extensionPages';
import { renderWithQueries } from '../../testing/renderWithQueries';
import { watchExtensionSession } from '../session';
import { PopupApp } from './PopupApp';

vi.mock('../extension', async () => (await import('../../testing/extensionPages')).pageModule);

afterEach(cleanup);

describe('the popup in Firefox', () => {
  it("opens the bookmarks in Firefox's sidebar from 'My bookmarks', then closes", async () => {
    const ext = await setupPages({ browser: 'firefox' });
    await ext.openTab('https://example.com/in-firefox', 'Read in Firefox');
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    // What the popup's page does on opening (ui/mount): read the signed-in state.
    watchExtensionSession();
    renderWithQueries(<PopupApp />);
    // The click on the toolbar icon has saved the page, as in Chrome.
    await screen.findByRole('region', { name: 'Saved' });
    expect(ext.server.stored().map((b) => b.link)).toEqual(['https://example.com/in-firefox']);
    fireEvent.click(screen.getByRole('button', { name: 'My bookmarks' }));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(ext.panelsOpened).toEqual(['sidebar']);
  });
});
