import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { baseChromiumArgs, chromiumPath } from './testing/chromium.js';

// Set once in the main process; the workers inherit the environment, so all agree on one server.
process.env.E2E_PORT ??= String(41000 + Math.floor(Math.random() * 9000));
process.env.E2E_FIXTURE_PORT ??= String(Number(process.env.E2E_PORT) + 1);
if (!process.env.E2E_DATA_DIR) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Removed when the run ends, passed or failed. Not in a globalTeardown: Playwright runs that before it
  // stops the webServer, whose job worker could still write mail and so make the folder again.
  process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
export const adminEmail = 'admin@e2e.test';

const root = path.resolve(import.meta.dirname, '..');
const baseURL = `http://localhost:${process.env.E2E_PORT}`;
const processSpecs = /\/(cluster|cluster-sqlite|start)\.spec\.ts$/;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Three on two cores: a journey waits on the server, animations and the browser's own timers a good
  // part of its time, and the third keeps the cores busy meanwhile.
  workers: 3,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // A journey here loads several pages and runs axe scans; with two workers, their browsers and the
  // servers on a busy 2-core machine, that takes 20 to 40 s. A budget, not a wait: tests wait on state.
  timeout: 60_000,
  // A first visit loads the page's own chunk and then its data; with two workers, their browsers and
  // the servers on a busy 2-core machine, that passes the default 5 s and at times 10 s (a first
  // /favourites in CI). A budget for waiting on state: a passing check returns as soon as it holds.
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    // A failed test keeps its trace: every action with the page's DOM before and after. Without the
    // screencast, whose frames cost the browser about a sixth of its CPU in every passing test too.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...baseChromiumArgs],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: processSpecs, use: { ...devices['Desktop Chrome'] } },
    // Clusters of server processes under load: after the browser journeys, whose time budgets
    // they would otherwise eat into on a 2-core machine.
    { name: 'processes', testMatch: processSpecs, dependencies: ['chromium'] },
  ],
  webServer: [
    {
      // The outside web: fixture pages and feeds, reached by the name 'localhost' (see FETCH_ALLOW_HOSTS).
      command: `node ${path.join(root, 'test/testing/serve-fixtures.mjs')}`,
      url: `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT}/health`,
      reuseExistingServer: false,
      env: { FIXTURE_PORT: process.env.E2E_FIXTURE_PORT },
    },
    {
      command: `node ${path.join(root, 'server/dist/main.js')}`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: process.env.E2E_PORT,
        DATA_DIR: process.env.E2E_DATA_DIR,
        PUBLIC_URL: baseURL,
        ADMIN_EMAILS: adminEmail,
        AUTH_RATE_LIMIT: '1000',
        LOG_LEVEL: 'warn',
        FETCH_ALLOW_HOSTS: 'localhost',
        // One process, as a default install on SQLite runs (issue 27): several processes on one
        // port, live updates between them and a killed process are the 'processes' project's specs.
        WEB_CONCURRENCY: '1',
        // Every answer the journeys get is checked against its endpoint's contract (issue 28).
        CHECK_ANSWERS: '1',
      },
    },
  ],
});
