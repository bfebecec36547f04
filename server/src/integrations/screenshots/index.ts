import fs from 'node:fs';
import type { Browser } from 'puppeteer-core';
import type { Logger } from '../../logger.js';
import type { AddressGuard } from '../page-fetch/address-guard.js';

export interface Screenshotter {
  readonly available: boolean;
  /** A PNG of the page at 1280x800, or throws. */
  capture(url: string): Promise<Uint8Array>;
  close(): Promise<void>;
}

export function findChromium(configured: string | null): string | null {
  const candidates = configured
    ? [configured]
    : ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--mute-audio',
  '--hide-scrollbars',
];

/**
 * One headless Chromium, started on first use and reused. Every request the page makes, the page
 * itself included, passes the same address guard as the server's own fetches.
 */
export function createScreenshotter(opts: {
  enabled: boolean;
  chromiumPath: string | null;
  guard: AddressGuard;
  log: Logger;
}): Screenshotter {
  const executablePath = opts.enabled ? findChromium(opts.chromiumPath) : null;
  if (!opts.enabled) opts.log.info('Screenshots are off (SCREENSHOTS=off): favourites show the site icon');
  else if (!executablePath) {
    opts.log.warn('Chromium was not found (set CHROMIUM_PATH): screenshots are off, favourites show the site icon');
  }
  let browser: Promise<Browser> | null = null;

  async function getBrowser(): Promise<Browser> {
    if (!browser) {
      browser = import('puppeteer-core').then(({ default: puppeteer }) =>
        // A pipe rather than a port: if the server dies, Chromium loses its pipe and quits too.
        puppeteer.launch({ executablePath: executablePath!, headless: true, args, pipe: true }),
      );
      browser.then((b) => b.on('disconnected', () => (browser = null))).catch(() => (browser = null));
    }
    return browser;
  }

  return {
    available: !!executablePath,
    async capture(url) {
      if (!executablePath) throw new Error('Screenshots are off');
      await opts.guard.checkUrl(new URL(url));
      const page = await (await getBrowser()).newPage();
      try {
        await page.setViewport({ width: 1280, height: 800 });
        await page.setRequestInterception(true);
        page.on('request', (req) => {
          const target = new URL(req.url());
          if (target.protocol === 'data:' || target.protocol === 'blob:') return void req.continue();
          opts.guard.checkUrl(target).then(
            () => req.continue(),
            () => req.abort('blockedbyclient'),
          );
        });
        await page.goto(url, { waitUntil: 'load', timeout: 15_000 });
        return await page.screenshot({ type: 'png' });
      } finally {
        await page.close().catch(() => {});
      }
    },
    async close() {
      const b = browser;
      browser = null;
      if (b) await (await b).close().catch(() => {});
    },
  };
}
