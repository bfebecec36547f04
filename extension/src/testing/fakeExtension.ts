import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackground } from '../background/createBackground';
import { listen } from '../background/listen';
import { createExtensionApi } from '../core/api';
import { writeSettings } from '../core/settings';
import { createPlatform, documentInPage, type BrowserBookmarkNode, type MenuItem } from '../platform/browser';
import { createFakeServer } from './fakeServer';

// The extension as unit tests see it: WXT's in-memory fake browser (storage, tabs, badges, alarms,
// notifications, messages), the few APIs it does not fake filled in below, a fake Linkhive server
// behind a fake fetch, and the background put together and listening exactly as in the worker.

/** An event like the browser's, whose trigger waits for the listeners (as the fake browser's do). */
function fakeEvent<A extends unknown[]>() {
  const listeners: ((...args: A) => unknown)[] = [];
  return {
    addListener: (l: (...args: A) => unknown) => void listeners.push(l),
    removeListener: (l: (...args: A) => unknown) => void listeners.splice(listeners.indexOf(l), 1),
    hasListener: (l: (...args: A) => unknown) => listeners.includes(l),
    trigger: (...args: A) => Promise.all(listeners.map((l) => l(...args))),
  };
}

export interface SetupOptions {
  version?: string;
  signedIn?: boolean;
  now?: () => number;
  /** The background's request deadline (by default shared/api's). */
  timeoutMs?: number;
  /**
   * Firefox: the same fake, with Firefox's sidebar where Chrome has the side panel, and
   * `runtime.getBrowserInfo`, which Firefox alone has.
   */
  browser?: 'chrome' | 'firefox';
}

/** Runs a page script as if in a page with this document (the unit tests have no DOM). */
function inPage<T>(page: { html: string; url: string }, run: () => T): T {
  const g = globalThis as Record<string, unknown>;
  g.document = { documentElement: { outerHTML: page.html } };
  g.location = { href: page.url };
  try {
    return run();
  } finally {
    delete g.document;
    delete g.location;
  }
}

export async function setupExtension(options: SetupOptions = {}) {
  fakeBrowser.reset();
  const server = createFakeServer();
  const menus: MenuItem[] = [];
  const linkTexts = new Map<string, string>();
  let bookmarkTree: BrowserBookmarkNode[] = [];
  const openedOptions: number[] = [];

  const menuClicked = fakeEvent<[info: Record<string, unknown>, tab?: unknown]>();
  const command = fakeEvent<[name: string]>();
  Object.assign(fakeBrowser.runtime, {
    getManifest: () => ({ manifest_version: 3, name: 'Linkhive', version: options.version ?? '0.1.0' }),
    openOptionsPage: async () => void openedOptions.push(Date.now()),
  });
  Object.assign(fakeBrowser.contextMenus, {
    removeAll: async () => void menus.splice(0),
    create: (item: MenuItem) => menus.push(item),
    onClicked: menuClicked,
  });
  Object.assign(fakeBrowser.commands, {
    onCommand: command,
    getAll: async () => [{ name: 'save-page', shortcut: 'Alt+Shift+S' }],
  });
  // What each tab's page holds, for the script that reads a saved page's document. A tab with none
  // is one the browser refuses scripts in (its own pages, the web store, no access), as it does.
  const pageDocuments = new Map<number, { html: string; url?: string } | Error>();
  Object.assign(fakeBrowser.scripting, {
    executeScript: async ({
      target,
      func,
      args,
    }: {
      target: { tabId: number };
      func: (...a: unknown[]) => unknown;
      args: unknown[];
    }) => {
      if (func !== documentInPage) return [{ result: linkTexts.get(args[0] as string) ?? null }];
      const page = pageDocuments.get(target.tabId);
      if (!page) throw new Error('Cannot access contents of the page. Extension manifest must request permission.');
      if (page instanceof Error) throw page;
      const url = page.url ?? (await fakeBrowser.tabs.get(target.tabId)).url ?? '';
      // The page script itself, run against the tab's document.
      return [{ result: inPage({ html: page.html, url }, () => documentInPage(...(args as [number]))) }];
    },
  });
  Object.assign(fakeBrowser.bookmarks, { getTree: async () => bookmarkTree });
  // The address bar after the keyword: typing, with Chrome's callback for the suggestions, and Enter.
  const omniboxTyped = fakeEvent<[text: string, show: (s: unknown[]) => void]>();
  const omniboxEntered = fakeEvent<[text: string, where: string]>();
  let defaultSuggestion: string | null = null;
  Object.assign(fakeBrowser.omnibox, {
    onInputChanged: omniboxTyped,
    onInputEntered: omniboxEntered,
    setDefaultSuggestion: ({ description }: { description: string }) => void (defaultSuggestion = description),
  });
  // What opened beside the page: Chrome's side panel (in a window) or Firefox's sidebar.
  const panelsOpened: ({ sidePanel: number } | 'sidebar')[] = [];
  Object.assign(fakeBrowser.sidePanel, {
    open: async ({ windowId }: { windowId: number }) => void panelsOpened.push({ sidePanel: windowId }),
  });
  const extensionApi =
    options.browser === 'firefox'
      ? {
          ...fakeBrowser,
          runtime: { ...fakeBrowser.runtime, getBrowserInfo: async () => ({ name: 'Firefox' }) },
          sidePanel: undefined,
          sidebarAction: { open: async () => void panelsOpened.push('sidebar') },
        }
      : fakeBrowser;

  // A focused browser window, which new tabs open in and 'the current window' means.
  await fakeBrowser.windows.create({ focused: true });
  const p = createPlatform(extensionApi);
  await writeSettings(p, { serverUrl: server.origin });
  const bg = createBackground(p, { fetch: server.fetch, now: options.now, timeoutMs: options.timeoutMs });
  listen(p, bg);
  // What another extension page (the popup, the options page) uses: the same storage, its own client.
  const pageApi = createExtensionApi(p, { fetch: server.fetch });
  if (options.signedIn ?? true) await pageApi.signIn({ email: 'ann@example.com', password: 'Passw0rd!' });

  return {
    p,
    bg,
    server,
    pageApi,
    browser: fakeBrowser,
    menus,
    openedOptions,
    clickMenu: (info: Record<string, unknown>, tab?: unknown) => menuClicked.trigger(info, tab),
    pressShortcut: (name = 'save-page') => command.trigger(name),
    /** Types in the address bar after `lh `, and answers the suggestions Chrome would show. */
    typeInAddressBar: (text: string) => new Promise<unknown[]>((resolve) => void omniboxTyped.trigger(text, resolve)),
    enterInAddressBar: (text: string, where = 'currentTab') => omniboxEntered.trigger(text, where),
    setLinkText: (href: string, text: string) => linkTexts.set(href, text),
    /**
     * What the page in the tab holds: its HTML (and its address, when it moved on from the tab's),
     * or the error the browser throws at a script there.
     */
    setPageDocument: (tabId: number, page: { html: string; url?: string } | Error) => pageDocuments.set(tabId, page),
    setBookmarkTree: (tree: BrowserBookmarkNode[]) => {
      bookmarkTree = tree;
    },
    /** Opens a tab on `url` and makes it the active one, as a user switching to it would. */
    async openTab(url: string, title?: string) {
      const tab = await fakeBrowser.tabs.create({ url, active: true });
      // A real tab takes its title from the page; the fake keeps whatever it is given.
      if (title) await fakeBrowser.tabs.update(tab.id!, { title } as { url?: string });
      return tab.id!;
    },
    panelsOpened,
    /** The address bar's first line while typing, as the background set it. */
    defaultSuggestion: () => defaultSuggestion,
    badgeOf: (tabId: number) => fakeBrowser.action.getBadgeText({ tabId }),
    notes: () => Object.values(fakeBrowser.notifications.getAllCreateOptions()),
    alarm: (name: string) => fakeBrowser.alarms.get(name),
  };
}

export type TestExtension = Awaited<ReturnType<typeof setupExtension>>;
