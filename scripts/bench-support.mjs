// Small helpers every part of `npm run bench` uses.
import net from 'node:net';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const round = (n, digits = 1) => (n === null ? null : Math.round(n * 10 ** digits) / 10 ** digits);

/** The p-th percentile, nearest rank. */
export const percentile = (xs, p) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** The middle value, or the mean of the two middle ones. */
export const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Follows an import job (POST /api/import answers 202 with it) until it ends; throws if it failed. */
export async function waitForImportJob(base, cookie, job) {
  while (job.status === 'running') {
    await sleep(20);
    job = await (await fetch(`${base}/api/import/${job.jobId}`, { headers: { cookie } })).json();
  }
  if (job.status !== 'done') throw new Error(`import ${job.status}: ${JSON.stringify(job.error)}`);
  return job.result;
}
