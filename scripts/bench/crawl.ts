// Crawl figures for `npm run bench` (issue 30): readable copies of saved pages read from a local
// site that serves five real publishers' articles (test/fixtures/articles), at the default
// CRAWL_CONCURRENCY of 4. Copies a second from the first save to the last copy stored, the server's
// peak resident memory (goal: under 150 MB at concurrency 4; the extraction thread's heap is capped
// at 48 MB), and another account's save latency while the crawl runs, beside the same saves before
// it (the extraction runs in a thread of its own: this row says what the crawl costs the others).
//
// Run on its own: npx jiti scripts/bench/crawl.ts
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { percentile, root, round, signUp, sleep, startBenchServer } from './support.js';

const articlesDir = path.join(root, 'test/fixtures/articles');
const pages = 300;
const concurrency = 4;
/**
 * The pages are spread over 16 sites (loopback addresses 127.0.0.2 to .17, each its own server):
 * the crawler sends a site one request at a time with a 500 ms pause after each, so one site would
 * measure the pause, not the crawler.
 */
const sites = Array.from({ length: 16 }, (_, i) => `127.0.0.${i + 2}`);

/** Any /<n>/<article>.html answers that article: every address distinct, five real pages behind them. */
async function startArticleServer() {
  const bodies = new Map(
    fs
      .readdirSync(articlesDir)
      .filter((f) => f.endsWith('.html'))
      .map((f) => [f, fs.readFileSync(path.join(articlesDir, f))]),
  );
  let served = 0;
  const server = http.createServer((req, res) => {
    const body = bodies.get(path.basename(new URL(req.url ?? '/', 'http://x').pathname));
    if (!body) return void res.writeHead(404).end();
    served++;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  const servers = sites.map(() => http.createServer(server.listeners('request')[0] as http.RequestListener));
  const ports = await Promise.all(
    servers.map(
      (srv, i) => new Promise<number>((r) => srv.listen(0, sites[i], () => r((srv.address() as AddressInfo).port))),
    ),
  );
  return {
    names: [...bodies.keys()],
    /** The address of page `n` of an article: the sites take the pages in turn. */
    url: (n: number, name: string) => `http://${sites[n % sites.length]}:${ports[n % sites.length]}/${n}/${name}`,
    served: () => served,
    close: () => Promise.all(servers.map((srv) => new Promise<void>((r) => srv.close(() => r())))),
  };
}

async function save(base: string, cookie: string, link: string, title: string): Promise<{ id: string; ms: number }> {
  const t = performance.now();
  const res = await fetch(`${base}/api/bookmarks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ link, title, category: 'Reading' }),
  });
  const body = (await res.json()) as { id: string };
  if (res.status !== 201) throw new Error(`save answered ${res.status}`);
  return { id: body.id, ms: performance.now() - t };
}

const hasCopy = async (base: string, cookie: string, id: string) =>
  (await fetch(`${base}/api/bookmarks/${id}/copy`, { headers: { cookie } })).status === 200;

export async function measureCrawl() {
  const site = await startArticleServer();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-crawl-'));
  const server = await startBenchServer({
    dataDir,
    env: { FETCH_ALLOW_HOSTS: sites.join(','), CRAWL_CONCURRENCY: String(concurrency), SCREENSHOTS: 'off' },
    pollMs: 20,
  });
  try {
    const { base } = server;
    const reader = await signUp(base, 'crawl-bench@example.com');
    const other = await signUp(base, 'crawl-bench-other@example.com');
    const link = site.url;
    // Another account's saves, one every 20 ms, of pages of the same site: first with no crawl
    // running, then while the reader's pages are read. Its own pages take their turns in the crawl.
    const paced = async (label: string, n: number) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        ms.push(
          (await save(base, other, link(100_000 + ids.length + i, site.names[i % site.names.length]!), `${label} ${i}`))
            .ms,
        );
        await sleep(Math.max(0, 20 - (performance.now() - t)));
      }
      return ms;
    };
    const ids: string[] = [];
    const idleMb = server.memory('VmRSS');
    let peakMb = idleMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, server.memory('VmRSS'))), 50);
    const quiet = await paced('quiet', 100);
    while (site.served() < 100) await sleep(50);
    await sleep(500);

    const t0 = performance.now();
    for (let i = 0; i < pages; i++)
      ids.push((await save(base, reader, link(i, site.names[i % site.names.length]!), `A ${i}`)).id);
    const during = await paced('during', 100);
    // The reader's line is read in order: waiting for each copy in turn ends with the last one.
    for (const id of ids) while (!(await hasCopy(base, reader, id))) await sleep(50);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const stored = ids.length;
    return {
      pages,
      concurrency,
      copiesStored: stored,
      pagesServed: site.served(),
      // The reader's pages, and the other account's 200 read in their turns.
      copiesPerSecond: round(stored / seconds, 1),
      serverRssMb: { beforeCrawl: round(idleMb), peak: round(peakMb), goal: '< 150' },
      otherAccountSaveMs: {
        before: { p50: round(percentile(quiet, 50)), p99: round(percentile(quiet, 99)) },
        duringCrawl: { p50: round(percentile(during, 50)), p99: round(percentile(during, 99)) },
      },
    };
  } finally {
    await server.stop();
    await site.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  console.log(JSON.stringify(await measureCrawl(), null, 2));
}
