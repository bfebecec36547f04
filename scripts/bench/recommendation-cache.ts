// The recommendations drawer's answer time when the answer is cached, over HTTP on a server of its
// own whose OpenAI provider is the local fake: the first load asks the provider and fills the cache,
// each later one (the figure) reads it. Needs `node scripts/build.mjs`.
//
// Run on its own: npx jiti scripts/bench/recommendation-cache.ts
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { aiFakeEnv, startAiFake } from '../../server/src/testing/ai-fakes.js';
import { percentile, root, round, signUp, startBenchServer } from './support.js';

export async function measureRecommendationCache() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-reco-'));
  const openai = await startAiFake('openai');
  const server = await startBenchServer({ dataDir, env: aiFakeEnv(openai, null), pollMs: 10 });
  try {
    const { base } = server;
    const cookie = await signUp(base, 'reco@bench.test');
    await promisify(execFile)(
      process.execPath,
      [path.join(root, 'server/dist/admin.js'), 'grant', 'reco@bench.test', 'subscriptionPro'],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' } },
    );
    const saved = await fetch(`${base}/api/bookmarks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ link: 'https://news.example.com/', title: 'News', category: 'News' }),
    });
    const { id } = (await saved.json()) as { id: string };
    const url = `${base}/api/bookmarks/${id}/recommendations?region=gb`;
    const ask = async () => {
      const t = performance.now();
      const res = await fetch(url, { headers: { cookie } });
      const body = (await res.json()) as { cached: boolean; items: unknown[] };
      if (!res.ok || !body.items.length) throw new Error(`recommendations answered ${res.status}`);
      return { ms: performance.now() - t, cached: body.cached };
    };
    const first = await ask();
    const ms: number[] = [];
    // 55 a minute: under the route's limit of 60 a minute per account.
    for (let i = 0; i < 55; i++) {
      const answer = await ask();
      if (!answer.cached) throw new Error('a second load was not served from the cache');
      ms.push(answer.ms);
    }
    return {
      firstLoadWithProviderFakeMs: round(first.ms, 1),
      fromCache: { p50Ms: round(percentile(ms, 50), 2), p99Ms: round(percentile(ms, 99), 2), loads: ms.length },
      providerCalls: openai.requests.length,
    };
  } finally {
    await server.stop();
    await openai.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  console.log(JSON.stringify(await measureRecommendationCache(), null, 2));
}
