// The one-click popup's figures for `npm run bench` (issue 25), in the browser that
// scripts/bench/extension.ts has started with the store build of the extension loaded:
// - toolbar click to saved: from the popup's navigation start (what a toolbar click opens) to the
//   popup showing the page saved, which is after the server has stored the row (each checked over
//   the API). The popup's own performance mark;
// - save all tabs, 50 tabs: a window of 50 pages of the server, from the click on "Save all tabs"
//   in the popup to its summary on screen; every row checked over the API.
import type { BrowserContext, Page, Worker } from 'playwright-core';
import type { BenchServer } from './support.js';

// The extension API inside worker.evaluate callbacks, which run in Chromium.
declare const chrome: any;

export const interactiveMark = 'linkhive:popup-interactive';

/**
 * Signs the extension in as the store build is: through its storage, with a token from the login
 * API, since only test builds expose the worker's parts. `askFirst` picks the popup's mode.
 */
export async function signInExtension(
  worker: Worker,
  server: BenchServer,
  account: { email: string; password: string },
  settings: { defaultCategory: string | null; askFirst: boolean },
) {
  const res = await fetch(`${server.base}/api/auth/login?mode=token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base },
    body: JSON.stringify(account),
  });
  if (!res.ok) throw new Error(`token login answered ${res.status}`);
  const { token, user } = (await res.json()) as {
    token: string;
    user: { id: string; email: string; firstName: string };
  };
  const session = { token, userId: user.id, email: user.email, firstName: user.firstName, serverUrl: server.base };
  await worker.evaluate(
    ({ session, settings }) =>
      chrome.storage.local.set({
        settings: { serverUrl: session.serverUrl, ...settings },
        auth: { session, problem: null },
      }),
    { session, settings },
  );
}

export function setAskFirst(worker: Worker, server: BenchServer, askFirst: boolean) {
  return worker.evaluate(
    ({ serverUrl, askFirst }) =>
      chrome.storage.local.set({ settings: { serverUrl, defaultCategory: 'Bench', askFirst } }),
    { serverUrl: server.base, askFirst },
  );
}

async function stored(server: BenchServer, cookie: string, link: string) {
  const answer = (await fetch(`${server.base}/api/bookmarks/lookup?url=${encodeURIComponent(link)}`, {
    headers: { cookie },
  }).then((r) => r.json())) as { bookmark: unknown };
  if (!answer.bookmark) throw new Error(`the save of ${link} is not stored`);
}

/** Toolbar click to saved, `runs` times, each on a page not saved before. */
export async function measureOneClick(
  context: BrowserContext,
  worker: Worker,
  id: string,
  server: BenchServer,
  cookie: string,
  runs: number,
  openTab: (url: string) => Promise<{ page: Page; tabId: number | undefined }>,
) {
  await setAskFirst(worker, server, false);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const link = `${server.base}/aboutus?oneclick=${i}`;
    const tab = await openTab(link);
    const popup = await context.newPage();
    await popup.setViewportSize({ width: 400, height: 600 });
    await popup.goto(`chrome-extension://${id}/popup.html?tabId=${tab.tabId}`);
    await popup.waitForSelector('section[aria-label="Saved"] [role="status"]');
    times.push(await popup.evaluate((mark) => performance.getEntriesByName(mark)[0]!.startTime, interactiveMark));
    await stored(server, cookie, link);
    await popup.close();
    await tab.page.close();
  }
  return times;
}

/** "Save all tabs" on a window of `count` tabs; answers the milliseconds and the summary shown. */
export async function measureSaveAllTabs(
  context: BrowserContext,
  worker: Worker,
  id: string,
  server: BenchServer,
  cookie: string,
  count: number,
) {
  await setAskFirst(worker, server, true);
  // The health answer: a small page of the server, so the window's 50 tabs load quickly.
  const links = Array.from({ length: count }, (_, i) => `${server.base}/api/health?tab=${i}`);
  const tabId: number = await worker.evaluate(async (url) => {
    const win = await chrome.windows.create({ url, focused: false });
    for (;;) {
      const tabs = await chrome.tabs.query({ windowId: win.id });
      if (tabs.length === url.length && tabs.every((t: { status: string }) => t.status === 'complete'))
        return tabs[0].id;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, links);
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 400, height: 600 });
  await popup.goto(`chrome-extension://${id}/popup.html?tabId=${tabId}`);
  await popup.getByRole('button', { name: 'Save all tabs' }).click();
  const form = popup.getByRole('form', { name: 'Save all tabs' });
  const submit = form.getByRole('button', { name: 'Save all tabs' });
  await submit.waitFor();
  // Timed in the page: the click, then the summary on screen.
  const ms = await popup.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const form = document.querySelector('form[aria-label="Save all tabs"]');
        const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
        if (!form || !button) return reject(new Error('no Save all tabs button'));
        const t0 = performance.now();
        new MutationObserver((_, observer) => {
          if (!form.querySelector('[role="status"]')) return;
          observer.disconnect();
          resolve(performance.now() - t0);
        }).observe(form, { childList: true, subtree: true });
        button.click();
      }),
  );
  const summary = await form.getByRole('status').textContent();
  for (const link of links) await stored(server, cookie, link);
  await popup.close();
  return { ms, summary };
}
