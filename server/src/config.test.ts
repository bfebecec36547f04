import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { startTestServer, type TestServer } from './testing/harness.js';

describe('scale-out settings', () => {
  it('reads WEB_CONCURRENCY, JOB_WORKER, FILE_STORE and TRUST_PROXY, with their defaults', () => {
    const plain = loadConfig({});
    // One process on SQLite, whose writes take turns on one file; every core on Postgres.
    expect([plain.webConcurrency, plain.jobWorker, plain.fileStore, plain.trustProxy]).toEqual([
      1,
      true,
      'disk',
      'loopback',
    ]);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).fileStore).toBe('database');
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db' }).webConcurrency).toBe(os.availableParallelism());
    const set = loadConfig({ WEB_CONCURRENCY: '3', JOB_WORKER: 'off', FILE_STORE: 'disk', TRUST_PROXY: '2' });
    expect([set.webConcurrency, set.jobWorker, set.fileStore, set.trustProxy]).toEqual([3, false, 'disk', 2]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24' }).trustProxy).toBe('10.0.0.5, 10.0.1.0/24');
    expect([plain.jobLeaseMs, loadConfig({ JOB_LEASE_MS: '5000' }).jobLeaseMs]).toEqual([60_000, 5000]);
    expect([plain.jobRetryBaseMs, loadConfig({ JOB_RETRY_BASE_MS: '1' }).jobRetryBaseMs]).toEqual([1000, 1]);
    // A personal install listens on loopback until its owner opens it to the network.
    expect([plain.host, loadConfig({ HOST: '0.0.0.0' }).host, loadConfig({ HOST: '::' }).host]).toEqual([
      '127.0.0.1',
      '0.0.0.0',
      '::',
    ]);
  });

  it('refuses values that cannot be meant', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(
      'WEB_CONCURRENCY must be a whole number of at least 1, got "0"',
    );
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow('FILE_STORE must be disk or database, got "s3"');
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow('TRUST_PROXY must name the proxies');
    expect(() => loadConfig({ JOB_LEASE_MS: '0' })).toThrow(
      'JOB_LEASE_MS must be a whole number of at least 1, got "0"',
    );
  });
});

describe('TRUST_PROXY decides whose address the sign-in limit counts', () => {
  let t: TestServer | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });
  const attempts = async (forwardedFor: string) => {
    const res = await fetch(`${t!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: t!.url, 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
    });
    return res.status;
  };

  /**
   * The limit counts in fixed minutes: a run that straddles a minute's turn is tried again with new
   * addresses, so the figures compared always come from one window.
   */
  async function inOneWindow<T>(run: (a: string, b: string) => Promise<T>): Promise<T> {
    for (let round = 1; ; round++) {
      const minute = Math.floor(Date.now() / 60_000);
      const result = await run(`203.0.113.${2 * round}`, `203.0.113.${2 * round + 1}`);
      if (Math.floor(Date.now() / 60_000) === minute) return result;
    }
  }

  it('counts each client apart behind a trusted proxy', async () => {
    t = await startTestServer('sqlite', { AUTH_RATE_LIMIT: '2', AUTH_ACCOUNT_RATE_LIMIT: '1000' });
    const seen = await inOneWindow(async (a, b) => [
      await attempts(a),
      await attempts(a),
      await attempts(a),
      await attempts(b),
    ]);
    expect(seen).toEqual([401, 401, 429, 401]);
  });

  it('ignores the header from a proxy it does not trust: every client shares its address', async () => {
    t = await startTestServer('sqlite', {
      AUTH_RATE_LIMIT: '2',
      AUTH_ACCOUNT_RATE_LIMIT: '1000',
      TRUST_PROXY: '10.9.9.9',
    });
    // Untrusted, every request counts under the proxy's own address: a new minute starts afresh.
    const seen = await inOneWindow(async (a, b) => [await attempts(a), await attempts(a), await attempts(b)]);
    expect(seen.slice(-1)).toEqual([429]);
  });
});
