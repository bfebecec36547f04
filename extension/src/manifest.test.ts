import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type InlineConfig } from 'wxt';

// The manifests wxt.config.ts gives each browser, read from real builds (WXT writes the manifest
// only after building the pages it names). They go to a folder of their own: `npm test` runs this
// before `npm run build`, and the builds in .output must stay as the build script made them.

const root = path.resolve(import.meta.dirname, '..');
const serverUrl = 'https://links.example.com';

type Manifest = Record<string, unknown> & {
  permissions: string[];
  host_permissions: string[];
  optional_host_permissions: string[];
  commands: Record<string, { suggested_key?: { default: string }; description?: string }>;
  background: { scripts?: string[]; service_worker?: string };
  action: { default_popup: string };
  browser_specific_settings?: {
    gecko: { id: string; strict_min_version: string; data_collection_permissions: unknown };
  };
  sidebar_action?: { default_panel: string; default_title: string; open_at_install: boolean };
  side_panel?: { default_path: string };
};

/** What WXT warned about while building: a Firefox build without an id or data-collection key warns. */
let warnings: string[] = [];
const quiet = () => undefined;
const heard = (...args: unknown[]) => void warnings.push(args.join(' '));
const logger: InlineConfig['logger'] = {
  level: 3,
  debug: quiet,
  log: quiet,
  info: quiet,
  success: quiet,
  warn: heard,
  error: heard,
  fatal: heard,
};

const outBase = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-manifest-'));
const built: Record<'firefox' | 'chrome', { manifest: Manifest; dir: string; warnings: string[] }> = {} as never;
const previousServer = process.env.LINKHIVE_SERVER_URL;

async function buildFor(browser: 'firefox' | 'chrome') {
  warnings = [];
  // Unminified and silent: only the manifest and the pages' names matter here.
  await build({
    root,
    browser,
    outDir: outBase,
    logger,
    vite: () => ({ logLevel: 'silent', build: { minify: false } }),
  });
  const dir = path.join(outBase, `${browser}-mv3`);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  built[browser] = { manifest, dir, warnings };
}

beforeAll(async () => {
  // A named server, as a store build has: its host permission is the one granted at install.
  process.env.LINKHIVE_SERVER_URL = serverUrl;
  await buildFor('firefox');
  await buildFor('chrome');
}, 120_000);

afterAll(() => {
  if (previousServer === undefined) delete process.env.LINKHIVE_SERVER_URL;
  else process.env.LINKHIVE_SERVER_URL = previousServer;
  fs.rmSync(outBase, { recursive: true, force: true });
});

/** The top-level keys Firefox reads in an MV3 manifest (MDN's manifest.json reference): any other key, it warns about. */
const firefoxKeys = new Set([
  'manifest_version',
  'name',
  'short_name',
  'description',
  'version',
  'author',
  'homepage_url',
  'icons',
  'permissions',
  'host_permissions',
  'optional_permissions',
  'optional_host_permissions',
  'commands',
  'omnibox',
  'browser_specific_settings',
  'background',
  'action',
  'options_ui',
  'sidebar_action',
  'content_scripts',
  'content_security_policy',
  'web_accessible_resources',
  'default_locale',
  'incognito',
]);

describe('the Firefox manifest', () => {
  it('is MV3 with an add-on id, the Firefox it needs and what leaves the browser', () => {
    const { manifest } = built.firefox;
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.browser_specific_settings?.gecko).toEqual({
      id: 'linkhive@linkhive.app',
      strict_min_version: '140.0',
      data_collection_permissions: {
        required: ['authenticationInfo', 'browsingActivity', 'websiteContent', 'bookmarksInfo', 'searchTerms'],
      },
    });
    expect(built.firefox.warnings).toEqual([]);
  });

  it('puts the side panel page in the sidebar, and has the popup, the options page and the background script', () => {
    const { manifest, dir } = built.firefox;
    expect(manifest.sidebar_action).toEqual({
      default_panel: 'sidepanel.html',
      default_title: 'Linkhive bookmarks',
      open_at_install: false,
    });
    expect(fs.readFileSync(path.join(dir, 'sidepanel.html'), 'utf8')).toContain('<title>Linkhive bookmarks</title>');
    expect(manifest.action.default_popup).toBe('popup.html');
    expect(fs.readFileSync(path.join(dir, 'popup.html'), 'utf8')).toContain('<title>Save to Linkhive</title>');
    expect(manifest.options_ui).toEqual({ open_in_tab: true, page: 'options.html' });
    // Firefox runs MV3 backgrounds as event pages: it has no service workers for extensions.
    expect(manifest.background).toEqual({ scripts: ['background.js'] });
    expect(fs.existsSync(path.join(dir, 'background.js'))).toBe(true);
  });

  it('asks for the menu, shortcut, address bar, import, notification, alarm and scripting rights, and the server', () => {
    const { manifest } = built.firefox;
    expect(manifest.permissions.sort()).toEqual(
      ['activeTab', 'alarms', 'bookmarks', 'contextMenus', 'notifications', 'scripting', 'storage', 'tabs'].sort(),
    );
    expect(manifest.host_permissions).toEqual([`${serverUrl}/*`]);
    expect(manifest.optional_host_permissions).toEqual(['http://*/*', 'https://*/*']);
    expect(manifest.commands['save-page']).toEqual({
      suggested_key: { default: 'Alt+Shift+S' },
      description: 'Save the current page to Linkhive',
    });
    expect(manifest.commands._execute_action).toEqual({ suggested_key: { default: 'Alt+Shift+L' } });
    expect(manifest.omnibox).toEqual({ keyword: 'lh' });
  });

  it('has no key Chrome alone reads', () => {
    const { manifest } = built.firefox;
    expect(Object.keys(manifest).filter((key) => !firefoxKeys.has(key))).toEqual([]);
    expect(manifest).not.toHaveProperty('minimum_chrome_version');
    expect(manifest).not.toHaveProperty('side_panel');
    expect(manifest.permissions).not.toContain('sidePanel');
  });
});

describe('the Chrome manifest beside it', () => {
  it('keeps the side panel, its permission and the Chrome it needs, and no Firefox settings', () => {
    const { manifest } = built.chrome;
    expect(manifest.side_panel).toEqual({ default_path: 'sidepanel.html' });
    expect(manifest.permissions).toContain('sidePanel');
    expect(manifest.minimum_chrome_version).toBe('116');
    expect(manifest.background).toEqual({ service_worker: 'background.js' });
    expect(manifest).not.toHaveProperty('browser_specific_settings');
    expect(manifest).not.toHaveProperty('sidebar_action');
    expect(manifest.host_permissions).toEqual([`${serverUrl}/*`]);
    expect(built.chrome.warnings).toEqual([]);
  });
});
