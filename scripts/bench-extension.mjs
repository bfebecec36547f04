// Extension figures for `npm run bench`, in headless Chromium with the built Chrome extension loaded,
// against a production server of its own:
// - popup open to interactive: from the popup page's navigation start to the moment its form (or
//   its 'already saved' panel) is usable, which is after the server has said whether the tab's page
//   is saved; read from the popup's own performance mark;
// - the JavaScript the popup and the side panel load, gzip level 9 (their entry and every chunk it
//   preloads), plus the background worker's;
// - a save's round trip: from the click on Save to the popup showing the server's answer, which
//   comes once the row is stored (each row is then checked over the API).
// It never fails: a problem is reported in the figures.
//
// Run on its own: node scripts/bench-extension.mjs [/usr/bin/chromium]
/* global chrome */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, median, round } from './bench-support.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extensionDir = path.join(root, 'extension/.output/chrome-mv3');
const runs = 7;
const interactiveMark = 'linkhive:popup-interactive';
const chromiumArgs = [
  `--disable-extensions-except=${extensionDir}`,
  `--load-extension=${extensionDir}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** KB gzip of a page's JavaScript: its module entry and the chunks it preloads. */
function pageScriptsKb(html) {
  const file = path.join(extensionDir, html);
  const text = fs.readFileSync(file, 'utf8');
  const refs = [...text.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)];
  const files = [...new Set(refs.map((m) => m[1]))];
  const bytes = files.reduce((sum, f) => {
    const body = fs.readFileSync(path.join(extensionDir, f.replace(/^\//, '')));
    return sum + zlib.gzipSync(body, { level: 9 }).length;
  }, 0);
  return round(bytes / 1024);
}

const gzipKb = (file) =>
  round(zlib.gzipSync(fs.readFileSync(path.join(extensionDir, file)), { level: 9 }).length / 1024);

async function startServer() {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-ext-'));
  const child = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      SCREENSHOTS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tab on a page of the server (any path serves the web app), and the browser's id for it. */
async function openTab(context, worker, url) {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  const tabId = await worker.evaluate((href) => chrome.tabs.query({ url: href }).then(([t]) => t?.id), page.url());
  return { page, tabId };
}

async function openPopup(context, id, tabId) {
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 400, height: 600 });
  await popup.goto(`chrome-extension://${id}/popup.html?tabId=${tabId}`);
  await popup.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, interactiveMark);
  return popup;
}

async function measureInBrowser(chromiumPath, server) {
  const { chromium } = await import('playwright-core');
  const email = `bench-ext-${Date.now()}@example.com`;
  const password = 'Passw0rd!';
  const signup = await fetch(`${server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ firstName: 'Bench', email, password }),
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const id = new URL(worker.url()).host;
    await worker.evaluate(
      ({ serverUrl, email, password }) =>
        chrome.storage.local
          .set({ settings: { serverUrl, defaultCategory: 'Bench' } })
          .then(() => globalThis.linkhive.api.signIn({ email, password })),
      { serverUrl: server.url, email, password },
    );

    const opens = [];
    const { tabId } = await openTab(context, worker, `${server.url}/aboutus`);
    for (let i = 0; i < runs; i++) {
      const popup = await openPopup(context, id, tabId);
      opens.push(await popup.evaluate((mark) => performance.getEntriesByName(mark)[0].startTime, interactiveMark));
      await popup.close();
    }

    const saves = [];
    for (let i = 0; i < runs; i++) {
      const link = `${server.url}/aboutus?bench=${i}`;
      const tab = await openTab(context, worker, link);
      const popup = await openPopup(context, id, tab.tabId);
      // Timed in the page: the click, then the server's answer on screen.
      saves.push(
        await popup.evaluate(
          () =>
            new Promise((resolve, reject) => {
              const save = [...document.querySelectorAll('form[aria-label="Add Link"] button[type="submit"]')][0];
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
      const stored = await fetch(`${server.url}/api/bookmarks/lookup?url=${encodeURIComponent(link)}`, {
        headers: { cookie },
      }).then((r) => r.json());
      if (!stored.bookmark) throw new Error(`the save of ${link} is not stored`);
      await popup.close();
      await tab.page.close();
    }
    return { opens, saves };
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Measures the extension. Builds it first when it has not been built; needs server/dist (the bench
 * builds it). Answers the figures, or what kept them from being measured.
 */
export async function measureExtension(chromiumPath) {
  if (!chromiumPath) return 'Chromium not found: extension not measured';
  if (!fs.existsSync(path.join(extensionDir, 'manifest.json'))) {
    const built = spawnSync('npm', ['run', 'build', '-w', 'extension'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (built.status !== 0) return 'The extension did not build: not measured';
  }
  let server = null;
  try {
    const javascriptKbGzip = {
      popup: pageScriptsKb('popup.html'),
      sidePanel: pageScriptsKb('sidepanel.html'),
      options: pageScriptsKb('options.html'),
      background: gzipKb('background.js'),
    };
    server = await startServer();
    const { opens, saves } = await measureInBrowser(chromiumPath, server);
    return {
      popupOpenToInteractiveMs: { median: round(median(opens)), first: round(opens[0]), runs },
      javascriptKbGzip,
      saveRoundTripMs: { median: round(median(saves)), max: round(Math.max(...saves)), runs },
      peers: 'none measured: no peer extension runs on this machine',
    };
  } catch (e) {
    return { error: `Extension not measured: ${e instanceof Error ? e.message : String(e)}` };
  } finally {
    await server?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const chromium = [process.argv[2], process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/lib/chromium/chromium'].find(
    (p) => p && fs.existsSync(p),
  );
  console.log(JSON.stringify(await measureExtension(chromium), null, 2));
}
