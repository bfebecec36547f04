// Landing page figures for `npm run bench`: the JavaScript and CSS a first visit to / downloads
// (KB gzip) and the paint timings Lighthouse reports (first contentful paint, largest contentful
// paint), measured in headless Chromium against a running production server.
//
// Run on its own: node scripts/bench-web.mjs http://localhost:3000 [/usr/bin/chromium]
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const runs = 5;
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round = (n, digits = 1) => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits);

// Runs in the page before any of its scripts: paint entries arrive whenever the browser paints.
function observePaints() {
  const seen = { fcp: null, lcp: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    seen.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  Object.defineProperty(window, '__linkhivePaints', { value: seen });
}

/** One cold load of / in a fresh context: no cache, no cookies, no service worker yet. */
async function coldLoad(browser, baseUrl) {
  // The service worker is blocked so that its precaching, which starts after the page has loaded,
  // neither competes with the page nor counts as the page's own download.
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(observePaints);
  const bodies = [];
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
  await page.goto(new URL('/', baseUrl).href, { waitUntil: 'networkidle' });
  // Largest contentful paint is final once the page stops changing; a frame later is enough here.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  const paints = await page.evaluate(() => ({ ...window.__linkhivePaints }));
  const files = (await Promise.all(bodies)).filter(Boolean);
  await context.close();
  return { paints, files };
}

/**
 * Measures the landing page of a running production server.
 * JavaScript and CSS count every file the page downloads on a cold visit until the network is idle
 * (the entry, its preloads and any chunk the page loads by itself), compressed with gzip level 9.
 * Timings are the median of 5 cold loads, each in a fresh browser context.
 */
export async function measureLanding(baseUrl, chromiumPath) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await coldLoad(browser, baseUrl));
    const { files } = loads[0];
    const kb = (type) => round(files.filter((f) => f.type === type).reduce((sum, f) => sum + f.gzip, 0) / 1024);
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl = 'http://localhost:3000', chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'] =
    process.argv.slice(2);
  console.log(JSON.stringify(await measureLanding(baseUrl, chromiumPath), null, 2));
}
