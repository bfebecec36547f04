import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import type { Logger } from '../../logger.js';
import { FetchRefused, fetchMessages, type AddressGuard } from '../page-fetch/address-guard.js';
import { refusedHeader, startGuardProxy, type GuardProxy, type ProxyAttempt, type Resolve } from './guard-proxy.js';
import { baseChromiumArgs, findChromium } from './chromium.js';

export interface Screenshotter {
  readonly available: boolean;
  /** A PNG of the page at 1280x800, or throws. */
  capture(url: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

/** For tests: name resolution without DNS, and a view of what the browser tried to reach. */
export interface ScreenshotHooks {
  resolve?: Resolve;
  onProxyAttempt?: (attempt: ProxyAttempt) => void;
}

// On top of the flags every launch needs; each was checked against Chromium 156 (net-log and
// listeners on private addresses).
const args = [
  ...baseChromiumArgs,
  '--mute-audio',
  '--hide-scrollbars',
  // Chromium skips the proxy for loopback unless told not to.
  '--proxy-bypass-list=<-loopback>',
  // WebRTC may only use TCP through the proxy (TURN): no STUN or media over UDP. Chromium 156 no
  // longer knows --force-webrtc-ip-handling-policy; this switch sets the same preference.
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // The browser resolves no names at all (prefetch, HTTPS records, anything the proxy does not
  // see): only the proxy resolves, and it checks what it gets.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

const preferences = {
  // Blocking cookies (and so site storage) is what makes Chromium refuse service workers and shared
  // workers; Network.setBypassServiceWorker only keeps them out of the page's own requests.
  profile: { default_content_setting_values: { cookies: 2 } },
  // No DNS prefetch or preconnect.
  net: { network_prediction_options: 2 },
};

/**
 * Answers the proxy's challenge and no other: page.authenticate would hand the same credentials to
 * any site that asks for a password.
 */
async function answerProxyOnly(page: Page, credentials: GuardProxy['credentials']) {
  const cdp = await page.createCDPSession();
  const answered = new Set<string>();
  cdp.on(
    'Fetch.requestPaused',
    (e) => void cdp.send('Fetch.continueRequest', { requestId: e.requestId }).catch(() => {}),
  );
  cdp.on('Fetch.authRequired', (e) => {
    const first = !answered.has(e.requestId);
    answered.add(e.requestId);
    void cdp
      .send('Fetch.continueWithAuth', {
        requestId: e.requestId,
        authChallengeResponse:
          e.authChallenge.source === 'Proxy' && first
            ? { response: 'ProvideCredentials', ...credentials }
            : { response: 'CancelAuth' },
      })
      .catch(() => {});
  });
  await cdp.send('Fetch.enable', { handleAuthRequests: true, patterns: [{ urlPattern: '*' }] });
}

interface Running {
  browser: Browser;
  proxy: GuardProxy;
  profile: string;
}

/**
 * One headless Chromium, started on first use and reused. All of its traffic goes through a guard
 * proxy of its own (see guard-proxy.ts), so every connection any page, worker or socket opens
 * passes the same address guard as the server's own fetches, at connect time. (The request
 * interception this replaces saw only the page's own requests, and looked names up apart from the
 * connection Chromium then made.)
 */
export function createScreenshotter(opts: {
  enabled: boolean;
  chromiumPath: string | null;
  guard: AddressGuard;
  log: Logger;
  hooks?: ScreenshotHooks;
}): Screenshotter {
  const executablePath = opts.enabled ? findChromium(opts.chromiumPath) : null;
  if (!opts.enabled) opts.log.info('Screenshots are off (SCREENSHOTS=off): favourites show the site icon');
  else if (!executablePath) {
    opts.log.warn('Chromium was not found (set CHROMIUM_PATH): screenshots are off, favourites show the site icon');
  }
  let running: Promise<Running> | null = null;
  let closing: Promise<void> = Promise.resolve();

  async function stop(r: Partial<Running>) {
    await r.browser?.close().catch(() => {});
    await r.proxy?.close();
    if (r.profile) await fs.promises.rm(r.profile, { recursive: true, force: true }).catch(() => {});
  }

  async function start(): Promise<Running> {
    const proxy = await startGuardProxy({
      guard: opts.guard,
      resolve: opts.hooks?.resolve,
      onAttempt: opts.hooks?.onProxyAttempt,
    });
    let profile: string | undefined;
    try {
      profile = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'linkhive-chromium-'));
      await fs.promises.mkdir(path.join(profile, 'Default'));
      await fs.promises.writeFile(path.join(profile, 'Default', 'Preferences'), JSON.stringify(preferences));
      const { default: puppeteer } = await import('puppeteer-core');
      const browser = await puppeteer.launch({
        executablePath: executablePath!,
        headless: true,
        args: [...args, `--proxy-server=${proxy.url}`],
        // Puppeteer turns the popup blocker off; with it on, window.open without a click gets null.
        ignoreDefaultArgs: ['--disable-popup-blocking'],
        userDataDir: profile,
        // A pipe rather than a port: if the server dies, Chromium loses its pipe and quits too.
        pipe: true,
      });
      return { browser, proxy, profile };
    } catch (err) {
      await stop({ proxy, profile });
      throw err;
    }
  }

  function getBrowser(): Promise<Running> {
    if (!running) {
      const starting = start();
      running = starting;
      starting.then(
        (r) =>
          r.browser.on('disconnected', () => {
            if (running === starting) running = null;
            void stop(r);
          }),
        () => {
          if (running === starting) running = null;
        },
      );
    }
    return running;
  }

  return {
    available: !!executablePath,
    async capture(url) {
      if (!executablePath) throw new Error('Screenshots are off');
      await opts.guard.checkUrl(new URL(url));
      const { browser, proxy } = await getBrowser();
      // A context of its own for each page: whatever the page starts ends with it. Downloads are
      // denied (the default context would save them in the server's ~/Downloads).
      const context = await browser.createBrowserContext({ downloadBehavior: { policy: 'deny' } });
      try {
        const page = await context.newPage();
        await answerProxyOnly(page, proxy.credentials);
        await page.setViewport({ width: 1280, height: 800 });
        const res = await page.goto(url, { waitUntil: 'load', timeout: 15_000 });
        // The name passed our check, then the proxy refused what it resolved to.
        if (res?.headers()[refusedHeader]) throw new FetchRefused(fetchMessages.blocked);
        return await page.screenshot({ type: 'png' });
      } finally {
        await context.close().catch(() => {});
      }
    },
    // A second call (main.ts stops background work, then closes) waits for the first, so the
    // process never exits before Chromium is gone and its profile folder removed.
    close() {
      const r = running;
      running = null;
      if (r) closing = closing.then(async () => stop(await r.catch(() => ({}))));
      return closing;
    },
  };
}
