import { defineConfig } from 'wxt';
import { omniboxKeyword } from './src/core/omnibox';
import { defaultServerUrl, hostPermissionFor, normaliseServerUrl, storeBuildWarning } from './src/core/serverAddress';
import { saveCommand } from './src/core/shortcut';

// The server a build talks to out of the box. Another one is chosen in the options page, which
// asks for its host permission then (optional_host_permissions).
const serverUrl = normaliseServerUrl(process.env.LINKHIVE_SERVER_URL || defaultServerUrl);
if (!serverUrl) throw new Error(`LINKHIVE_SERVER_URL is not an http(s) address: ${process.env.LINKHIVE_SERVER_URL}`);

// Test builds (LINKHIVE_TEST_BUILD=1) expose the background on `globalThis.linkhive`, for what
// automation cannot click (a context menu, the address bar), and go to .output/test so that the
// store build beside them never carries that hook.
const testBuild = process.env.LINKHIVE_TEST_BUILD === '1';
const warning = testBuild ? null : storeBuildWarning(process.env.LINKHIVE_SERVER_URL);
if (warning) console.warn(`\n⚠ ${warning.replace(/\n/g, '\n  ')}\n`);

/**
 * Firefox's add-on settings. MV3 add-ons must carry an id, which also keeps their storage across
 * updates. 140 is the ESR line that has everything used here: host permissions granted at install
 * (127), MV3 optional_host_permissions and storage.session, and the data-collection consent that
 * addons.mozilla.org asks of new add-ons. What leaves the browser for the user's Linkhive server:
 * the sign-in, the pages saved and their copies, the imported bookmarks, the address-bar searches.
 */
const firefoxSettings = {
  id: 'linkhive@linkhive.app',
  strict_min_version: '140.0',
  data_collection_permissions: {
    required: ['authenticationInfo', 'browsingActivity', 'websiteContent', 'bookmarksInfo', 'searchTerms'],
  },
};

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  outDir: testBuild ? '.output/test' : '.output',
  // Explicit imports everywhere: a reader (and the type checker) sees where `browser` comes from.
  imports: false,
  // Manifest V3 everywhere, Firefox included (WXT would build Firefox as MV2). The code calls
  // `browser.action` (MV2 Firefox has only `browserAction`), the `_execute_action` command and
  // `optional_host_permissions` for another server (WXT drops that key from an MV2 manifest, so the
  // options page could not ask for the new server's address). Firefox runs every part used here in
  // MV3: the background as an event page (background.scripts), the popup, menus, commands, omnibox,
  // bookmarks, notifications, alarms, scripting and storage.session.
  manifestVersion: 3,
  manifest: ({ browser }) => ({
    name: 'Linkhive',
    description: 'Save the page you are on to Linkhive in one click, and find your bookmarks in the side panel.',
    // Chrome's and Edge's alone: the Chrome that has sidePanel.open() from the popup (116), which
    // Firefox ignores, and the side panel's permission, which Firefox does not know (it warns).
    // Firefox gets its sidebar_action from the sidepanel entrypoint (WXT) and sidebarAction.open().
    ...(browser === 'firefox' ? {} : { minimum_chrome_version: '116' }),
    permissions: [
      'activeTab', // the page a click, a menu or the shortcut was on: its link text, and its HTML for the readable copy
      'tabs', // the address of every tab, for the saved badge per tab
      'contextMenus',
      'bookmarks', // import from the browser
      'storage',
      'notifications', // what became of a save made from the menu or the shortcut
      'alarms', // retrying saves that waited for the server
      'scripting', // reading a link's text (Chrome's menu gives its address only), and a saved page's HTML
      ...(browser === 'firefox' ? [] : ['sidePanel']),
    ],
    // Firefox grants MV3 host permissions at install (as Chrome does) since Firefox 127.
    host_permissions: [hostPermissionFor(serverUrl)],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
    commands: {
      [saveCommand]: {
        suggested_key: { default: 'Alt+Shift+S' },
        description: 'Save the current page to Linkhive',
      },
      // Opens the popup, as a click on the toolbar icon does (which saves at once unless 'ask first').
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+L' },
      },
    },
    omnibox: { keyword: omniboxKeyword },
    ...(browser === 'firefox' && { browser_specific_settings: { gecko: firefoxSettings } }),
  }),
  vite: () => ({
    define: { __LINKHIVE_SERVER_URL__: JSON.stringify(serverUrl), __LINKHIVE_TEST_BUILD__: JSON.stringify(testBuild) },
    build: {
      // Pages load from the extension's own files; `npm run bench` reports their gzip sizes.
      chunkSizeWarningLimit: 1000,
      // Shared modules have no import-time effects: what a page does not use is not in its bundle.
      rolldownOptions: { treeshake: { moduleSideEffects: [{ test: /[\\/]shared[\\/]src[\\/]/, sideEffects: false }] } },
    },
  }),
  zip: {
    artifactTemplate: 'linkhive-{{version}}-{{browser}}.zip',
    // WXT would also zip extension/ as the Firefox add-on's sources for addons.mozilla.org's review,
    // but the add-on is built from shared/ too: a reviewer needs the repository (`git archive`).
    zipSources: false,
  },
});
