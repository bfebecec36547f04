const v8 = require('node:v8');
const fs = require('node:fs');
const { isMainThread } = require('node:worker_threads');
if (isMainThread) {
  const out = process.env.PROBE_OUT;
  const t0 = Date.now();
  setInterval(() => {
    const m = process.memoryUsage();
    const spaces = Object.fromEntries(v8.getHeapSpaceStatistics().map((s) => [s.space_name.replace('_space', ''), Math.round(s.space_size / 1048576)]));
    fs.appendFileSync(out, JSON.stringify({ t: Date.now() - t0, rss: Math.round(m.rss / 1048576), total: Math.round(m.heapTotal / 1048576), used: Math.round(m.heapUsed / 1048576), ext: Math.round(m.external / 1048576), ab: Math.round(m.arrayBuffers/1048576), ...spaces }) + '\n');
  }, 500).unref();
}
