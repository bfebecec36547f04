// @vitest-environment jsdom
import { bookmarkMessages, siteMessages } from '@linkhive/shared/domain';
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyPage, preloadPage } from './lazyPage';

afterEach(cleanup);

/** A page whose code never arrives: what shows meanwhile is all the user sees. */
const never = () => new Promise<ComponentType>(() => {});

describe('a page whose code is on its way (issue 26: no blank page)', () => {
  it('says that the page is loading, as a status, with the bar along the top', async () => {
    render(lazyPage('some', never));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe(siteMessages.loadingPage);
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeTruthy();
  });

  it("says what the page is doing when it is more than loading: the library's check", async () => {
    render(lazyPage('library', never, bookmarkMessages.openingLibrary));
    expect((await screen.findByRole('status')).textContent).toBe('Opening your bookmarks…');
  });

  it('shows a page whose code was preloaded in its first frame, with no loading state between', async () => {
    const load = async () => ImportPage;
    await preloadPage(load);
    render(lazyPage('import', load));
    // Synchronously, in the render's own commit: no frame of 'Loading the page…' first.
    expect(screen.getByRole('heading', { name: 'Import Bookmarks' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

function ImportPage() {
  return <h1>Import Bookmarks</h1>;
}
