// Extension figures for `npm run bench`, in headless Chromium with the built Chrome extension loaded,
// against a production server of its own:
// - popup open to interactive: from the popup page's navigation start to the moment its form (or
//   its 'already saved' panel) is usable, which is after the server has said whether the tab's page
//   is saved; read from the popup's own performance mark;
// - the JavaScript the popup and the side panel load, gzip level 9 (their entry and every chunk it
//   preloads), plus the background worker's;
// - a save's round trip: from the click on Save to the popup showing the server's answer, which
//   comes once the row is stored (each row is then checked over the API), in "ask first" mode;
// - toolbar click to saved and save all tabs (50), in extension-popup.ts.
// The store build is measured, as users get it: it is signed in through its storage.
// It never fails: a problem is reported in the figures.
//
// Run on its own: npx jiti scripts/bench/extension.ts [/usr/bin/chromium]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';
import { baseChromiumArgs, findChromium } from '../../server/src/integrations/screenshots/chromium.js';
import {
  interactiveMark,
  measureOneClick,
  measureSaveAllTabs,
  setAskFirst,
  signInExtension,
} from './extension-popup.js';
import { median, root, round, sessionCookie, startBenchServer, type BenchServer } from './support.js';

// The extension API inside worker.evaluate and page.evaluate callbacks, which run in Chromium.
declare const chrome: any;

const extensionDir = path.join(root, 'extension/.output/chrome-mv3');
const runs = 7;
const chromiumArgs = [
  `--disable-extensions-except=${extensionDir}`,
  `--load-extension=${extensionDir}`,
  ...baseChromiumArgs,
];

/** KB gzip of a page's JavaScript: its module entry and the chunks it preloads. */
function pageScriptsKb(html: string) {
  const file = path.join(extensionDir, html);
  const text = fs.readFileSync(file, 'utf8');
  const refs = [...text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)];
  const files = [...new Set(refs.map((m) => m[1]!))];
  const bytes = files.reduce((sum, f) => {
    const body = fs.readFileSync(path.join(extensionDir, f.replace(/^\//, '')));
    return sum + zlib.gzipSync(body, { level: 9 }).length;
  }, 0);
  return round(bytes / 1024);
}

const gzipKb = (file: string) =>
  round(zlib.gzipSync(fs.readFileSync(path.join(extensionDir, file)), { level: 9 }).length / 1024);

/** A tab on a page of the server (any path serves the web app), and the browser's id for it. */
async function openTab(context: BrowserContext, worker: Worker, url: string) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const tabId: number | undefined = await worker.evaluate(
    (href) => chrome.tabs.query({ url: href }).then(([t]: { id?: number }[]) => t?.id),
    page.url(),
  );
  return { page, tabId };
}

async function openPopup(context: BrowserContext, id: string, tabId: number | undefined) {
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 400, height: 600 });
  await popup.goto(`chrome-extension://${id}/popup.html?tabId=${tabId}`);
  await popup.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, interactiveMark);
  return popup;
}

async function measureInBrowser(chromiumPath: string, server: BenchServer) {
  const email = `bench-ext-${Date.now()}@example.com`;
  const password = 'Passw0rd!';
  const signup = await fetch(`${server.base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base },
    body: JSON.stringify({ firstName: 'Bench', email, password }),
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
  const cookie = sessionCookie(signup);

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    await signInExtension(worker, server, { email, password }, { defaultCategory: 'Bench', askFirst: false });

    // One click: the first open saves /aboutus, the others find it saved and show it.
    const opens: number[] = [];
    const { tabId } = await openTab(context, worker, `${server.base}/aboutus`);
    for (let i = 0; i < runs; i++) {
      const popup = await openPopup(context, id, tabId);
      opens.push(await popup.evaluate((mark) => performance.getEntriesByName(mark)[0]!.startTime, interactiveMark));
      await popup.close();
    }

    const oneClick = await measureOneClick(context, worker, id, server, cookie, runs, (url) =>
      openTab(context, worker, url),
    );

    // "Ask first": the form, and a click on Save.
    await setAskFirst(worker, server, true);
    const saves: number[] = [];
    for (let i = 0; i < runs; i++) {
      const link = `${server.base}/aboutus?bench=${i}`;
      const tab = await openTab(context, worker, link);
      const popup = await openPopup(context, id, tab.tabId);
      // Timed in the page: the click, then the server's answer on screen.
      saves.push(
        await popup.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const save = [
                ...document.querySelectorAll<HTMLButtonElement>('form[aria-label="Add Link"] button[type="submit"]'),
              ][0];
              if (!save) return reject(new Error('no Save button'));
              const done = () => document.querySelector('section[aria-label="Saved"]');
              const t0 = performance.now();
              new MutationObserver((_, observer) => {
                if (!done()) return;
                observer.disconnect();
                resolve(performance.now() - t0);
              }).observe(document.body, { childList: true, subtree: true });
              save.click();
            }),
        ),
      );
      const stored = (await fetch(`${server.base}/api/bookmarks/lookup?url=${encodeURIComponent(link)}`, {
        headers: { cookie },
      }).then((r) => r.json())) as { bookmark: unknown };
      if (!stored.bookmark) throw new Error(`the save of ${link} is not stored`);
      await popup.close();
      await tab.page.close();
    }
    const saveAll = await measureSaveAllTabs(context, worker, id, server, cookie, 50);
    return { opens, saves, oneClick, saveAll };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Measures the extension. Builds it first when it has not been built; needs server/dist (the bench
 * builds it). Answers the figures, or what kept them from being measured.
 */
export async function measureExtension(chromiumPath: string | null) {
  if (!chromiumPath) return 'Chromium not found: extension not measured';
  if (!fs.existsSync(path.join(extensionDir, 'manifest.json'))) {
    const built = spawnSync('npm', ['run', 'build', '-w', 'extension'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (built.status !== 0) return 'The extension did not build: not measured';
  }
  let server: BenchServer | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-ext-'));
  try {
    const javascriptKbGzip = {
      popup: pageScriptsKb('popup.html'),
      sidePanel: pageScriptsKb('sidepanel.html'),
      options: pageScriptsKb('options.html'),
      background: gzipKb('background.js'),
    };
    server = await startBenchServer({
      dataDir,
      env: { AUTH_RATE_LIMIT: '100000', SCREENSHOTS: 'off' },
      pollMs: 50,
    });
    const { opens, saves, oneClick, saveAll } = await measureInBrowser(chromiumPath, server);
    return {
      toolbarClickToSavedMs: { p50: round(median(oneClick)), max: round(Math.max(...oneClick)), runs, goal: '< 300' },
      popupOpenToInteractiveMs: { median: round(median(opens)), first: round(opens[0]!), runs, goal: '< 300' },
      saveAllTabs50Ms: { ms: round(saveAll.ms), summary: saveAll.summary },
      javascriptKbGzip,
      saveRoundTripMs: { median: round(median(saves)), max: round(Math.max(...saves)), runs },
      peers: 'none measured: no peer extension runs on this machine',
    };
  } catch (e) {
    return { error: `Extension not measured: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  console.log(JSON.stringify(await measureExtension(findChromium(process.argv[2])), null, 2));
}
