// What vitest.config.ts makes of the machine it runs on: the server suite on both databases where
// Postgres answers, SQLite alone (and saying so) elsewhere, and never SQLite alone on CI.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ViteUserConfig } from 'vitest/config';
import { freePort } from '../server/src/testing/free-port.js';

/** The configuration as Vitest would get it, with Postgres looked for at a port where nothing listens. */
async function configWithSilentPostgres(ci: boolean) {
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  vi.stubEnv('TEST_POSTGRES_URL', url);
  vi.stubEnv('CI', ci ? 'true' : '');
  vi.resetModules();
  const { default: config } = await import('../vitest.config.js');
  const make = config as unknown as () => Promise<ViteUserConfig>;
  return { url, config: () => make() };
}

describe('the Vitest configuration', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('fails a CI run whose Postgres does not answer, before any test', async () => {
    const { url, config } = await configWithSilentPostgres(true);
    await expect(config()).rejects.toThrow(`CI must run the server tests on Postgres too, but none answers at ${url}`);
  });

  it('elsewhere runs the server tests on SQLite alone and says so', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { url, config } = await configWithSilentPostgres(false);
    const projects = (await config()).test?.projects as { test: { name: string } }[];
    expect(projects.map((p) => p.test.name)).toEqual(['unit', 'web', 'server-sqlite']);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(`Postgres is not tested: no Postgres answered at ${url}`),
    );
  });
});
