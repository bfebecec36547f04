// Page figures for `npm run bench`: the JavaScript and CSS a first visit to a public page (/, and
// /promote) downloads (KB gzip) and the paint timings Lighthouse reports (first contentful paint, largest contentful
// paint), measured in headless Chromium against a running production server.
//
// Run on its own: npx jiti scripts/bench/web.ts http://localhost:3000 [/usr/bin/chromium]
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { baseChromiumArgs, findChromium } from '../../server/src/integrations/screenshots/chromium.js';
import { round } from './support.js';

const runs = 5;

interface Paints {
  fcp: number | null;
  lcp: number | null;
}
type PaintWindow = Window & { __linkhivePaints?: Paints };

const median = (values: (number | null)[]) => {
  const sorted = values.filter((v): v is number => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

// Runs in the page before any of its scripts: paint entries arrive whenever the browser paints.
function observePaints() {
  const seen: Paints = { fcp: null, lcp: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    seen.lcp = entries[entries.length - 1]!.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  Object.defineProperty(window, '__linkhivePaints', { value: seen });
}

/** One cold load of a page in a fresh context: no cache, no cookies, no service worker yet. */
async function coldLoad(browser: Browser, baseUrl: string, pagePath: string) {
  // The service worker is blocked so that its precaching, which starts after the page has loaded,
  // neither competes with the page nor counts as the page's own download.
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(observePaints);
  const bodies: Promise<{ type: string; url: string; gzip: number } | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    bodies.push(
      response
        .body()
        .then((body) => ({ type, url: response.url(), gzip: zlib.gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  });
  await page.goto(new URL(pagePath, baseUrl).href, { waitUntil: 'networkidle' });
  // Largest contentful paint is final once the page stops changing; a frame later is enough here.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const paints = await page.evaluate(() => ({ ...(window as PaintWindow).__linkhivePaints! }));
  const files = (await Promise.all(bodies)).filter((f) => f !== null);
  await context.close();
  return { paints, files };
}

/**
 * Measures a public page (the landing page by default) of a running production server.
 * JavaScript and CSS count every file the page downloads on a cold visit until the network is idle
 * (the entry, its preloads and any chunk the page loads by itself), compressed with gzip level 9.
 * Timings are the median of 5 cold loads, each in a fresh browser context.
 */
export async function measureLanding(baseUrl: string, chromiumPath: string, pagePath = '/') {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...baseChromiumArgs] });
  try {
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await coldLoad(browser, baseUrl, pagePath));
    const { files } = loads[0]!;
    const kb = (type: string) => round(files.filter((f) => f.type === type).reduce((sum, f) => sum + f.gzip, 0) / 1024);
    return {
      jsKbGzip: kb('script'),
      cssKbGzip: kb('stylesheet'),
      jsFiles: files.filter((f) => f.type === 'script').length,
      firstContentfulPaintMs: round(median(loads.map((l) => l.paints.fcp)), 0),
      largestContentfulPaintMs: round(median(loads.map((l) => l.paints.lcp)), 0),
    };
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const [baseUrl = 'http://localhost:3000', chromiumPath = findChromium()] = process.argv.slice(2);
  if (!chromiumPath) throw new Error('Chromium not found: set CHROMIUM_PATH');
  console.log(JSON.stringify(await measureLanding(baseUrl, chromiumPath), null, 2));
}
