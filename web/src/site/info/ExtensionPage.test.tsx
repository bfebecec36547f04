// @vitest-environment jsdom
import type { ExtensionOffer } from '@linkhive/shared/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderApp, signedOut } from '../../testing/renderApp';

// Issue 26, defect 7: 'Get the Chrome extension' leads here, to this server's own offer.

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(offer: ExtensionOffer) {
  fakeServer({ 'GET /api/auth/me': signedOut, 'GET /api/extension': () => ({ status: 200, body: offer }) });
  renderApp('/extension');
  return screen.findByRole('heading', { level: 1, name: 'Get the browser extension' });
}

describe('the extension page', () => {
  it('explains how to load the zip this server serves when the extension is in no store', async () => {
    await open({ storeUrl: null, downloads: { chrome: '/downloads/linkhive-chrome.zip', edge: null, firefox: null } });
    const steps = within(await screen.findByRole('region', { name: 'Load it into Chrome' }));
    expect(steps.getByRole('link', { name: 'the extension (zip)' }).getAttribute('href')).toBe(
      '/downloads/linkhive-chrome.zip',
    );
    expect(steps.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Download the extension (zip) and unzip it into a folder of its own.',
      'Open chrome://extensions in the address bar and turn on Developer mode.',
      'Click Load unpacked and choose the unzipped folder.',
      `Open the extension's options and check that its server address is ${window.location.origin}, then sign in.`,
    ]);
    expect(screen.queryByRole('link', { name: 'Open the store listing' })).toBeNull();
    expect(screen.queryByRole('link', { name: /chromewebstore/ })).toBeNull();
  });

  it('explains how to load the Firefox add-on as a temporary add-on', async () => {
    await open({
      storeUrl: null,
      downloads: { chrome: '/downloads/linkhive-chrome.zip', edge: null, firefox: '/downloads/linkhive-firefox.zip' },
    });
    const steps = within(await screen.findByRole('region', { name: 'Load it into Firefox' }));
    expect(steps.getByRole('link', { name: 'the Firefox add-on (zip)' }).getAttribute('href')).toBe(
      '/downloads/linkhive-firefox.zip',
    );
    expect(steps.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Download the Firefox add-on (zip).',
      'Open about:debugging#/runtime/this-firefox in the address bar, click Load Temporary Add-on… and choose the zip.',
      `Open the add-on's options and check that its server address is ${window.location.origin}, then sign in.`,
    ]);
    expect(screen.getByRole('region', { name: 'Load it into Chrome' })).toBeTruthy();
  });

  it('sends to the store listing when EXTENSION_STORE_URL names one', async () => {
    const storeUrl = 'https://chromewebstore.google.com/detail/linkhive/abcdefghijklmnopabcdefghijklmnop';
    await open({ storeUrl, downloads: { chrome: null, edge: null, firefox: null } });
    const store = await screen.findByRole('link', { name: 'Open the store listing' });
    expect(store.getAttribute('href')).toBe(storeUrl);
    expect(screen.queryByRole('link', { name: 'the extension (zip)' })).toBeNull();
  });

  it('says so when the server has neither', async () => {
    await open({ storeUrl: null, downloads: { chrome: null, edge: null, firefox: null } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      "This server has no extension build to offer yet. Its owner can build one with npm run build, or set EXTENSION_STORE_URL to the extension's store listing.",
    );
  });
});
