// @vitest-environment jsdom
import { extensionMessages, importMessages } from '@linkhive/shared/domain';
import { NotificationProvider } from '@linkhive/shared/ui';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrowserBookmarkNode } from '../../platform/browser';
import { setupPages } from '../../testing/extensionPages';
import { ImportSection } from './ImportSection';

vi.mock('../extension', async () => (await import('../../testing/extensionPages')).pageModule);

afterEach(cleanup);

// Issue 25 defect 10: the same page twice in the browser's own bookmarks, in two folders.
const tree: BrowserBookmarkNode[] = [
  {
    id: '0',
    title: '',
    children: [
      {
        id: '1',
        title: 'Bookmarks bar',
        children: [
          { id: '10', title: 'Tracker', url: 'https://tracker.example.com/' },
          {
            id: '11',
            title: 'Work',
            children: [{ id: '12', title: 'Tracker again', url: 'https://tracker.example.com' }],
          },
          { id: '13', title: 'Docs', url: 'https://docs.example.com/api' },
        ],
      },
    ],
  },
];

async function runImport() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Import bookmarks' })));
  return waitFor(() => {
    const done = screen.getAllByRole('status').find((n) => n.classList.contains('MuiAlert-root'));
    expect(done).toBeDefined();
    return done!;
  });
}

describe("the options page's import of the browser's bookmarks", () => {
  it('says how many duplicates were merged, and that a re-run added nothing instead of a green 0', async () => {
    const ext = await setupPages();
    ext.setBookmarkTree(tree);
    render(
      <NotificationProvider>
        <ImportSection />
      </NotificationProvider>,
    );
    expect((await screen.findByText(extensionMessages.importFound(3, 1))).textContent).toBe(
      extensionMessages.importFound(3, 1),
    );

    const first = await runImport();
    expect(first.textContent).toBe(
      "2 bookmarks have been imported successfully 1 duplicate inside your browser's bookmarks was merged.",
    );
    expect(first.className).toContain('MuiAlert-colorSuccess');
    // Said once: no snackbar repeats the notice's headline over the page.
    expect(screen.queryByTestId('notification')).toBeNull();
    expect(screen.getAllByText(/bookmarks have been imported successfully/)).toHaveLength(1);
    expect(ext.server.stored().map((b) => b.link)).toEqual([
      'https://tracker.example.com/',
      'https://docs.example.com/api',
    ]);

    cleanup();
    render(
      <NotificationProvider>
        <ImportSection />
      </NotificationProvider>,
    );
    await screen.findByText(extensionMessages.importFound(3, 1));
    const again = await runImport();
    expect(again.textContent).toBe(
      "Everything in this browser's bookmarks was already saved: no bookmarks were added. 1 duplicate inside your browser's bookmarks was merged.",
    );
    expect(again.textContent).not.toContain(importMessages.success(0, false));
    expect(again.className).toContain('MuiAlert-colorInfo');
    expect(screen.queryByTestId('notification')).toBeNull();
    expect(screen.getAllByText(new RegExp(importMessages.nothingNewInBrowser.slice(0, 30)))).toHaveLength(1);
    expect(ext.server.stored()).toHaveLength(2);
  });
});
