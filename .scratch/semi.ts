import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generateLinks } from '../server/src/testing/netscape-file.js';
import { startBenchServer, signUp, waitForImportJob } from '../scripts/bench/support.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'semi-'));
const extra = process.env.EXTRA ?? '';
const server = await startBenchServer({ dataDir, pollMs: 20, env: { NODE_OPTIONS: extra } });
const cookie = await signUp(server.base, 'a@example.com');
const links = generateLinks(20_000, { seed: 3 });
const res = await fetch(`${server.base}/api/import`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.base, cookie }, body: JSON.stringify({ items: links.map((l) => ({ title: l.title, url: l.url, folder: l.folder })) }) });
await waitForImportJob(server.base, cookie, await res.json());
const out: Record<string, unknown> = { extra };
for (const [name, url] of [['list', '/api/bookmarks?pageSize=100'], ['search', '/api/bookmarks?q=coffee&pageSize=25'], ['categories', '/api/categories']] as const) {
  const r = await autocannon({ url: server.base + url, connections: 10, duration: 8, headers: { cookie } });
  out[name] = { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, err: r.errors + r.non2xx };
}
let i = 0;
const r = await autocannon({ url: server.base + '/api/bookmarks', method: 'POST', connections: 8, duration: 8, headers: { cookie, origin: server.base, 'content-type': 'application/json' }, setupClient: (c: any) => c.setBody(JSON.stringify({ link: `https://save${Date.now()}-${i++}.example.com/`, title: 'x', category: 'Bench' })) } as any);
out.save = { rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, err: r.errors + r.non2xx };
out.rss = server.memory('VmRSS');
await server.stop();
console.log(JSON.stringify(out));
