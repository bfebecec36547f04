import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, expect, test as base, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { baseChromiumArgs, chromiumPath } from './chromium.js';
import { password, uniqueEmail } from './accounts.js';
import { startRestartableServer, type RestartableServer } from './appServer.js';

// The built Chrome extension, loaded into Chromium for each test (a fresh profile: fresh extension
// storage), talking to a server of its own that a test may stop and start again.

// The extension API inside worker.evaluate and page.evaluate callbacks, which run in Chromium.
declare const chrome: any;

// The test build (scripts/build.mjs): the store build has no `globalThis.linkhive` hook.
export const extensionDir = path.resolve(import.meta.dirname, '../../extension/.output/test/chrome-mv3');
/** The store build, as users get it. */
export const storeExtensionDir = path.resolve(import.meta.dirname, '../../extension/.output/chrome-mv3');

interface Fixtures {
  extensionId: string;
  /** The extension's service worker, where the background runs. */
  worker: Worker;
  ext: ExtensionHelpers;
}

interface WorkerFixtures {
  server: RestartableServer;
}

export const test = base.extend<Fixtures & { context: BrowserContext }, WorkerFixtures>({
  server: [
    // Playwright reads a fixture's dependencies from this pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      if (!fs.existsSync(path.join(extensionDir, 'manifest.json')))
        throw new Error('The extension is not built: run `node scripts/build.mjs --force` first.');
      // 'localhost' may be fetched: the fixture pages stand in for the outside web.
      const server = await startRestartableServer({ FETCH_ALLOW_HOSTS: 'localhost' });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  // eslint-disable-next-line no-empty-pattern
  context: async ({}, use) => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-ext-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath(),
      headless: true,
      args: [`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`, ...baseChromiumArgs],
    });
    await use(context);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  },
  worker: async ({ context }, use) => {
    await use(context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker')));
  },
  extensionId: async ({ worker }, use) => {
    await use(new URL(worker.url()).host);
  },
  ext: async ({ context, worker, extensionId, server }, use) => {
    // Every test starts with the extension pointed at its server, as the options page would leave it.
    await worker.evaluate(
      (serverUrl) => chrome.storage.local.set({ settings: { serverUrl, defaultCategory: null } }),
      server.url,
    );
    await use(new ExtensionHelpers(context, worker, extensionId, server));
  },
});

export { expect };

export class ExtensionHelpers {
  constructor(
    readonly context: BrowserContext,
    readonly worker: Worker,
    readonly id: string,
    readonly server: RestartableServer,
  ) {}

  url(page: string) {
    return `chrome-extension://${this.id}/${page}`;
  }

  /** A new account on the test server, signed in for the web app in this browser (cookie). */
  async signUp(firstName = 'Ann') {
    const email = uniqueEmail('ext');
    const res = await this.context.request.post(`${this.server.url}/api/auth/signup`, {
      data: { firstName, email, password },
      headers: { origin: this.server.url },
    });
    expect(res.status()).toBe(201);
    return { email, password };
  }

  /** Signs the extension in without its screens (the popup's sign-in has its own test). */
  async signInExtension(account: { email: string; password: string }) {
    await this.worker.evaluate(
      (values) => (globalThis as unknown as { linkhive: Linkhive }).linkhive.api.signIn(values),
      account,
    );
  }

  /** Opens a page in a tab of its own and answers the browser's id for that tab. */
  async openTab(url: string): Promise<{ page: Page; tabId: number }> {
    const page = await this.context.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const tabId = await this.worker.evaluate(async (href) => {
      const [tab] = await chrome.tabs.query({ url: href });
      return tab?.id ?? -1;
    }, page.url());
    expect(tabId).toBeGreaterThan(0);
    return { page, tabId };
  }

  /** The popup, opened as a page of its own for the given tab (a toolbar click cannot be automated). */
  async openPopup(tabId: number): Promise<Page> {
    const popup = await this.context.newPage();
    await popup.setViewportSize({ width: 400, height: 600 });
    await popup.goto(this.url(`popup.html?tabId=${tabId}`));
    return popup;
  }

  async badge(tabId: number): Promise<string> {
    return this.worker.evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);
  }

  /** The signed-in web user's bookmarks, read over the API with the browser's cookie. */
  async bookmarks(query = ''): Promise<{ items: { title: string; link: string; category: string }[] }> {
    const res = await this.context.request.get(`${this.server.url}/api/bookmarks?pageSize=200${query}`);
    expect(res.status()).toBe(200);
    return res.json();
  }

  async createBookmark(values: { link: string; title: string; category: string; favourite?: boolean }) {
    const res = await this.context.request.post(`${this.server.url}/api/bookmarks`, {
      data: values,
      headers: { origin: this.server.url },
    });
    expect(res.status()).toBe(201);
  }
}

/** What the background exposes on its global for tests (entrypoints/background.ts). */
interface Linkhive {
  api: { signIn(values: { email: string; password: string }): Promise<unknown> };
  onMenuClick(click: Record<string, unknown>, tab: Record<string, unknown> | null): Promise<unknown>;
}

export type { Linkhive };
