// Feed reading figures for `npm run bench`: the merged list of 12 local feeds on a paid account,
// cold (empty cache: 12 fetches and parses), warm (Refresh All: 12 conditional requests answered
// 304, nothing parsed) and cached (within the cache's 15 minutes: no request at all), in ms; and
// items parsed per second by the server's decode and parse code, beside rss-parser alone on the
// same text (its peer). It starts its own built server and a feed server with ETags, and needs
// `node scripts/build.mjs`.
//
// Run on its own: npx jiti scripts/bench/feeds.ts
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Parser from 'rss-parser';
import { decodeFeed } from '../../server/src/integrations/feeds/decode.js';
import { parseFeed } from '../../server/src/integrations/feeds/parse.js';
import { median, root, round, signUp, startBenchServer } from './support.js';

const feedsDir = path.resolve(root, 'test/fixtures/feeds');
const rounds = 5;
const feedFiles = () => fs.readdirSync(feedsDir).filter((f) => f.endsWith('.xml') && !f.startsWith('malformed'));

/** The feeds with an ETag each, answering If-None-Match with 304 as real feed servers do. */
async function startFeedServer() {
  const server = http.createServer((req, res) => {
    const file = path.join(feedsDir, path.basename(new URL(req.url ?? '/', 'http://x').pathname));
    if (!fs.existsSync(file)) return void res.writeHead(404).end();
    const stat = fs.statSync(file);
    const etag = `"${stat.size}-${Math.floor(stat.mtimeMs)}"`;
    if (req.headers['if-none-match'] === etag) return void res.writeHead(304, { etag }).end();
    res.writeHead(200, { 'content-type': 'application/xml', etag });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A paid account (granted as an operator would) with 12 feeds of its own addresses. */
async function paidAccount(base: string, dataDir: string, feedBase: string, n: number) {
  const email = `rss-bench-${n}@example.com`;
  const cookie = await signUp(base, email);
  execFileSync(process.execPath, [path.join(root, 'server/dist/admin.js'), 'grant', email, 'subscriptionPro'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const files = feedFiles();
  // Twelve sources: the eleven fixture feeds and one of them again under another address.
  const sources = [...files, files[0]].map((f, i) => `${feedBase}/${f}?round=${n}&source=${i}`);
  for (const [i, rssFeed] of sources.entries()) {
    const res = await fetch(`${base}/api/bookmarks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ link: `https://feed${i}.example.com/`, title: `Feed ${i}`, category: 'News', rssFeed }),
    });
    if (res.status !== 201) throw new Error(`bookmark answered ${res.status}`);
  }
  return { cookie, sources: sources.length };
}

async function timedList(base: string, cookie: string, query: string) {
  const t = performance.now();
  const res = await fetch(`${base}/api/feeds?pageSize=25${query}`, { headers: { cookie } });
  const body = (await res.json()) as { total: number };
  if (res.status !== 200) throw new Error(`feeds answered ${res.status}`);
  return { ms: performance.now() - t, body };
}

/** The server's own decode and parse code against rss-parser alone, on the same text. */
async function parseRate() {
  const bodies = feedFiles().map((f) => fs.readFileSync(path.join(feedsDir, f)));
  const peer = new Parser();
  const rate = async (parseOne: (body: Buffer) => Promise<number>) => {
    let items = 0;
    const t = performance.now();
    while (performance.now() - t < 2000) for (const b of bodies) items += await parseOne(b);
    return round(items / ((performance.now() - t) / 1000), 0);
  };
  return {
    decodeAndParse: await rate(async (b) => (await parseFeed(decodeFeed(b).text, 'https://x/')).items.length),
    rssParserOnly: await rate(async (b) => (await peer.parseString(decodeFeed(b).text)).items.length),
  };
}

/** The figures, or why they could not be taken: a bench run never fails on this part. */
export async function measureFeeds() {
  try {
    return await measure();
  } catch (e) {
    return { notMeasured: String((e as Error | undefined)?.message ?? e) };
  }
}

async function measure() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-rss-'));
  const feeds = await startFeedServer();
  const server = await startBenchServer({
    dataDir,
    env: { DATABASE_URL: '', AUTH_RATE_LIMIT: '100000', FETCH_ALLOW_HOSTS: 'localhost' },
    pollMs: 10,
  });
  try {
    const feedBase = `http://localhost:${feeds.port}`;
    const cold: number[] = [];
    const warm: number[] = [];
    const cached: number[] = [];
    let items = 0;
    let sources = 0;
    for (let n = 0; n < rounds; n++) {
      const account = await paidAccount(server.base, dataDir, feedBase, n);
      sources = account.sources;
      const first = await timedList(server.base, account.cookie, '');
      items = first.body.total;
      cold.push(first.ms);
      warm.push((await timedList(server.base, account.cookie, '&refresh=true')).ms);
      cached.push((await timedList(server.base, account.cookie, '')).ms);
    }
    return {
      sources,
      mergedItems: items,
      rounds,
      mergedListMs: {
        coldP50: round(median(cold)),
        warmConditionalP50: round(median(warm)),
        cachedP50: round(median(cached)),
      },
      itemsParsedPerSecond: await parseRate(),
    };
  } finally {
    await server.stop();
    await feeds.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--server'], { stdio: 'inherit' });
  console.log(JSON.stringify(await measureFeeds(), null, 2));
}
