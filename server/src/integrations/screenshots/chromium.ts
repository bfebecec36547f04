import fs from 'node:fs';

/**
 * Where Chromium is: the configured path (CHROMIUM_PATH) first, then where Debian's package puts it.
 * Playwright's and Puppeteer's own browser downloads do not work on the project's machines, so every
 * launch here (screenshots, end-to-end tests, the bench) finds its browser through this.
 */
export function findChromium(configured: string | null | undefined = process.env.CHROMIUM_PATH): string | null {
  const candidates = [configured, '/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => !!p && fs.existsSync(p)) ?? null;
}

/**
 * The flags every launch here needs: root needs --no-sandbox; no GPU and no /dev/shm in containers;
 * and no outside connections of the browser's own (updates, sync, first-run pages, QUIC).
 * Each was checked against Chromium 156.
 */
export const baseChromiumArgs: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
