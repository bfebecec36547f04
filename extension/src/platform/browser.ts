import type { Browser } from 'wxt/browser';

/**
 * The one place that touches the extension API. Everything else receives a Platform, so the core
 * logic runs the same on WXT's `browser` (Chrome, Edge, Firefox) and on `fakeBrowser` in unit tests,
 * and a change of browser API is a change in this file only: Firefox's sidebar and address bar too.
 *
 * BrowserApi is what it needs of the extension API: WXT's `browser` in the extension, `fakeBrowser`
 * in unit tests.
 */
export type BrowserApi = Pick<
  typeof Browser,
  | 'action'
  | 'alarms'
  | 'bookmarks'
  | 'commands'
  | 'contextMenus'
  | 'notifications'
  | 'omnibox'
  | 'permissions'
  | 'storage'
  | 'tabs'
> & {
  // WXT types these two more narrowly (its public paths); the wrapper needs only what both offer.
  runtime: Pick<
    typeof Browser.runtime,
    'getManifest' | 'onInstalled' | 'onStartup' | 'onMessage' | 'sendMessage' | 'openOptionsPage'
  > & {
    getURL(path: string): string;
    /** Firefox's alone: its presence says the browser is Firefox. */
    getBrowserInfo?: () => Promise<{ name: string }>;
  };
  /** Chrome's and Edge's; Firefox has none (WXT's types are Chrome's, so it may be absent). */
  sidePanel?: Pick<typeof Browser.sidePanel, 'open'>;
  /** Firefox's sidebar, where Chrome has the side panel: it opens in the current window. */
  sidebarAction?: { open(): Promise<void> };
  scripting: {
    executeScript<Args extends unknown[], Result>(injection: {
      target: { tabId: number; frameIds?: number[] };
      func: (...args: Args) => Result;
      args: Args;
    }): Promise<{ result?: unknown }[]>;
  };
};

export interface TabInfo {
  id: number;
  windowId: number;
  url: string;
  title: string;
}

/**
 * One address-bar suggestion: `description` is Chrome's small XML (<match>, <url>, <dim>), escaped;
 * the wrapper hands Firefox, which passes it through as text, its plain form (omniboxPlainText).
 */
export interface OmniboxSuggestion {
  content: string;
  description: string;
}

export type OmniboxDisposition = 'currentTab' | 'newForegroundTab' | 'newBackgroundTab';

export interface MenuClick {
  menuItemId: string;
  linkUrl?: string;
  pageUrl?: string;
  selectionText?: string;
  frameId?: number;
}

export interface MenuItem {
  id: string;
  title: string;
  contexts: ['link' | 'page', ...('link' | 'page')[]];
}

export interface BrowserBookmarkNode {
  id: string;
  title: string;
  url?: string;
  dateAdded?: number;
  children?: BrowserBookmarkNode[];
}

export interface StorageArea {
  get<T>(key: string): Promise<T | undefined>;
  /** Several keys in one read, as one snapshot: values that belong together (the account) never mix two moments. */
  getMany(keys: readonly string[]): Promise<Record<string, unknown>>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

type Handler<A extends unknown[]> = (...args: A) => unknown;

/**
 * Runs an event handler; a failure is logged, never left as an unhandled rejection in the worker.
 * The promise is handed back to the event, which Chrome ignores and the fake browser awaits.
 */
function run<A extends unknown[]>(handler: Handler<A>, ...args: A): Promise<void> {
  try {
    return Promise.resolve(handler(...args)).then(
      () => undefined,
      (e: unknown) => console.error('Linkhive:', e),
    );
  } catch (e) {
    console.error('Linkhive:', e);
    return Promise.resolve();
  }
}

function tabInfo(tab: Browser.tabs.Tab | undefined): TabInfo | null {
  if (!tab || tab.id === undefined || tab.id < 0) return null;
  return { id: tab.id, windowId: tab.windowId, url: tab.url ?? tab.pendingUrl ?? '', title: tab.title ?? '' };
}

function area(storage: Browser.storage.StorageArea): StorageArea {
  return {
    async get<T>(key: string) {
      return (await storage.get(key))[key] as T | undefined;
    },
    getMany: (keys) => storage.get([...keys]),
    set: (key, value) => storage.set({ [key]: value }),
    remove: (key) => storage.remove(key),
  };
}

/** Runs in the page to find a link's text: Chrome's context menu gives the address only. */
function linkTextInPage(href: string): string | null {
  for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
    if (a.href !== href) continue;
    const text = (a.innerText || a.textContent || '').replace(/\s+/g, ' ').trim();
    return text || a.getAttribute('title') || a.getAttribute('aria-label');
  }
  return null;
}

/** A page's document as its tab shows it: its address, and its HTML unless that is over `maxChars`. */
export interface PageDocument {
  url: string;
  /** `document.documentElement.outerHTML`; null when it is longer than asked. */
  html: string | null;
}

/**
 * Runs in the page to read its document as the user sees it (signed in, past a paywall): the HTML
 * crosses to the extension only when it may be sent, a character being at least a byte.
 */
export function documentInPage(maxChars: number): PageDocument {
  const html = document.documentElement.outerHTML;
  return { url: location.href, html: html.length <= maxChars ? html : null };
}

const xmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A suggestion's description for Firefox, which shows it as text (its address bar parses no markup):
 * Chrome's tags and escapes would show as typed. The category in brackets stands for the dimmed text.
 */
export function omniboxPlainText(description: string): string {
  return description
    .replace(/<dim>(.*?)<\/dim>/g, '($1)')
    .replace(/<\/?(match|url|dim)>/g, '')
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => xmlEntities[name]!);
}

export function createPlatform(b: BrowserApi) {
  // Firefox's address bar takes plain text (see omniboxPlainText).
  const omniboxText = b.runtime.getBrowserInfo ? omniboxPlainText : (description: string) => description;
  return {
    version: () => b.runtime.getManifest().version,

    storage: {
      local: area(b.storage.local),
      session: area(b.storage.session),
      /** Calls back with the new (and the old) value whenever a part of the extension changes `key`. */
      onChange(which: 'local' | 'session', key: string, handler: Handler<[value: unknown, old: unknown]>) {
        const listener = (changes: Record<string, Browser.storage.StorageChange>, name: string) => {
          if (name === which && key in changes) return run(handler, changes[key]!.newValue, changes[key]!.oldValue);
        };
        b.storage.onChanged.addListener(listener);
        return () => b.storage.onChanged.removeListener(listener);
      },
    },

    tabs: {
      get: async (id: number) => tabInfo(await b.tabs.get(id).catch(() => undefined)),
      /** The tab the user is looking at: the current window's (the worker's is the last focused one). */
      active: async () => tabInfo((await b.tabs.query({ active: true, currentWindow: true }))[0]),
      /** The active tab of every window, whose badges are the ones on screen. */
      allActive: async () =>
        (await b.tabs.query({ active: true })).map(tabInfo).filter((t): t is TabInfo => t !== null),
      /** The tabs of one window, left to right: 'Save all tabs'. */
      inWindow: async (windowId: number) =>
        (await b.tabs.query({ windowId })).map(tabInfo).filter((t): t is TabInfo => t !== null),
      /** Opens an address where the omnibox's Enter asked: this tab, or a new one. */
      async open(url: string, where: 'currentTab' | 'newForegroundTab' | 'newBackgroundTab' = 'newForegroundTab') {
        if (where === 'currentTab') {
          const [tab] = await b.tabs.query({ active: true, currentWindow: true });
          if (tab?.id !== undefined) return void (await b.tabs.update(tab.id, { url }));
        }
        await b.tabs.create({ url, active: where !== 'newBackgroundTab' });
      },
      /** Every tab of every window: a page saved once may be open in several. */
      all: async () => (await b.tabs.query({})).map(tabInfo).filter((t): t is TabInfo => t !== null),
      onActivated(handler: Handler<[tabId: number]>) {
        b.tabs.onActivated.addListener(({ tabId }) => run(handler, tabId));
      },
      onUpdated(handler: Handler<[tabId: number, change: { url?: string; status?: string }, tab: TabInfo | null]>) {
        b.tabs.onUpdated.addListener((tabId, change, tab) => run(handler, tabId, change, tabInfo(tab)));
      },
      onRemoved(handler: Handler<[tabId: number]>) {
        b.tabs.onRemoved.addListener((tabId) => run(handler, tabId));
      },
    },

    badge: {
      async show(tabId: number, look: { text: string; color: string; title: string }) {
        await Promise.all([
          b.action.setBadgeText({ tabId, text: look.text }),
          b.action.setBadgeBackgroundColor({ tabId, color: look.color }),
          b.action.setTitle({ tabId, title: look.title }),
        ]);
      },
    },

    menus: {
      async install(items: readonly MenuItem[]) {
        // Menu items outlive the worker; a reinstall or an update must not add them twice.
        await b.contextMenus.removeAll();
        for (const item of items) b.contextMenus.create(item);
      },
      onClicked(handler: Handler<[click: MenuClick, tab: TabInfo | null]>) {
        b.contextMenus.onClicked.addListener((info, tab) => {
          const click: MenuClick = {
            menuItemId: String(info.menuItemId),
            linkUrl: info.linkUrl,
            pageUrl: info.pageUrl,
            selectionText: info.selectionText,
            frameId: info.frameId,
          };
          return run(handler, click, tabInfo(tab));
        });
      },
    },

    notifications: {
      async show(id: string, note: { title: string; message: string }) {
        await b.notifications.create(id, {
          type: 'basic',
          iconUrl: b.runtime.getURL('/icon/128.png'),
          title: note.title,
          message: note.message,
        });
      },
      onClicked(handler: Handler<[id: string]>) {
        b.notifications.onClicked.addListener((id) => run(handler, id));
      },
    },

    alarms: {
      async every(name: string, minutes: number) {
        if (await b.alarms.get(name)) return;
        await b.alarms.create(name, { delayInMinutes: minutes, periodInMinutes: minutes });
      },
      clear: async (name: string) => {
        await b.alarms.clear(name);
      },
      onAlarm(handler: Handler<[name: string]>) {
        b.alarms.onAlarm.addListener((alarm) => run(handler, alarm.name));
      },
    },

    omnibox: {
      /**
       * The address bar after the keyword: `suggest` answers the suggestions for what is typed,
       * `enter` gets what was chosen (a suggestion's content or the typed text) and where to open it.
       */
      listen(handlers: {
        /** Null: a newer key press has asked since; its answer is the one to show. */
        suggest: (text: string) => Promise<OmniboxSuggestion[] | null>;
        enter: (text: string, where: OmniboxDisposition) => unknown;
      }) {
        b.omnibox.onInputChanged.addListener((text, show) => {
          void handlers.suggest(text).then(
            (found) => found && show(found.map((s) => ({ ...s, description: omniboxText(s.description) }))),
            (e: unknown) => console.error('Linkhive:', e),
          );
        });
        b.omnibox.onInputEntered.addListener((text, where) => run(handlers.enter, text, where));
      },
      async setDefault(description: string) {
        await b.omnibox.setDefaultSuggestion({ description: omniboxText(description) });
      },
    },

    commands: {
      onCommand(handler: Handler<[name: string]>) {
        b.commands.onCommand.addListener((name) => run(handler, name));
      },
      async shortcut(name: string): Promise<string | null> {
        const found = (await b.commands.getAll()).find((c) => c.name === name);
        return found?.shortcut || null;
      },
    },

    runtime: {
      onInstalled(handler: Handler<[]>) {
        b.runtime.onInstalled.addListener(() => run(handler));
      },
      onStartup(handler: Handler<[]>) {
        b.runtime.onStartup.addListener(() => run(handler));
      },
      /** A handler answers by resolving; returning null leaves the message to other listeners. */
      onMessage(handler: (message: unknown) => Promise<unknown> | null) {
        b.runtime.onMessage.addListener((message, _sender, sendResponse) => {
          const answer = handler(message);
          if (!answer) return false;
          answer.then(sendResponse, (e: unknown) =>
            sendResponse({ failed: e instanceof Error ? e.message : String(e) }),
          );
          return true; // keeps the channel open until sendResponse: Chrome ignores returned promises
        });
      },
      send: (message: unknown) => b.runtime.sendMessage(message) as Promise<unknown>,
      openOptions: () => b.runtime.openOptionsPage(),
    },

    bookmarks: {
      tree: () => b.bookmarks.getTree() as Promise<BrowserBookmarkNode[]>,
    },

    sidePanel: {
      /**
       * Opens the bookmarks beside the page: Chrome's side panel, or Firefox's sidebar. Both browsers
       * allow it only in a click's handler, so the call comes before anything the click awaits.
       */
      open(windowId: number): Promise<void> {
        if (b.sidePanel) return b.sidePanel.open({ windowId });
        if (b.sidebarAction) return b.sidebarAction.open();
        return Promise.reject(new Error('This browser has neither a side panel nor a sidebar.'));
      },
    },

    permissions: {
      has: (origins: string[]) => b.permissions.contains({ origins }),
      /** Must run in the click that asked for it: Chrome refuses requests outside a user gesture. */
      request: (origins: string[]) => b.permissions.request({ origins }),
    },

    pages: {
      /** The visible text of the link to `href` in that tab, or null where the page cannot be read. */
      async linkText(tabId: number, frameId: number | undefined, href: string): Promise<string | null> {
        try {
          const [first] = await b.scripting.executeScript({
            target: frameId === undefined ? { tabId } : { tabId, frameIds: [frameId] },
            func: linkTextInPage,
            args: [href],
          });
          return typeof first?.result === 'string' ? first.result : null;
        } catch {
          // Pages the extension may not read (the browser's own, the web store): the title falls back.
          return null;
        }
      },
      /**
       * The tab's top document: its address and HTML (null when over `maxChars`), or null where the
       * page cannot be read: the browser's own pages and the web store, where the browser refuses
       * scripts, and a tab the extension has no access to (no click on it granted `activeTab`).
       */
      async document(tabId: number, maxChars: number): Promise<PageDocument | null> {
        try {
          const [first] = await b.scripting.executeScript({
            target: { tabId },
            func: documentInPage,
            args: [maxChars],
          });
          const found = first?.result as Partial<PageDocument> | undefined;
          if (typeof found?.url !== 'string') return null;
          return { url: found.url, html: typeof found.html === 'string' ? found.html : null };
        } catch {
          return null;
        }
      },
    },
  };
}

export type Platform = ReturnType<typeof createPlatform>;
