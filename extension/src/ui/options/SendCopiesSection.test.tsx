// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSettings } from '../../core/settings';
import { setupPages } from '../../testing/extensionPages';
import { pageTexts } from '../texts';
import { SendCopiesSection } from './SendCopiesSection';

vi.mock('../extension', async () => (await import('../../testing/extensionPages')).pageModule);

afterEach(cleanup);

describe("the options page's 'Send a copy of the pages I save'", () => {
  it('is on by default, says what it sends and where, and turned off stops the copies', async () => {
    const ext = await setupPages();
    render(<SendCopiesSection sendCopies={(await readSettings(ext.p)).sendCopies} />);
    const toggle = screen.getByRole('switch', { name: pageTexts.sendCopiesLabel });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    const help = document.getElementById(toggle.getAttribute('aria-describedby')!)!;
    expect(help.textContent).toBe(pageTexts.sendCopiesHelp);
    expect(help.textContent).toContain('Pages behind a sign-in');
    expect(help.textContent).toContain('your own server only');

    await act(async () => fireEvent.click(toggle));
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await vi.waitFor(async () => expect((await readSettings(ext.p)).sendCopies).toBe(false));

    // A save of the page the user is on now sends no copy.
    const link = 'https://members.example.com/story';
    const tabId = await ext.openTab(link, 'Members');
    ext.setPageDocument(tabId, { html: '<html><body><p>Members only</p></body></html>' });
    await ext.browser.runtime.sendMessage({
      type: 'save',
      input: { link, title: 'Members', titleFrom: 'page', category: 'News' },
      tabId,
    });
    await ext.bg.copies.idle();
    expect(ext.server.stored().map((b) => b.link)).toEqual([link]);
    expect(ext.server.allSentPages()).toEqual([]);
  });
});
