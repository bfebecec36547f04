import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration, type ViteUserConfig } from 'vitest/config';
import { postgresAdminUrl, whyPostgresIsSilent } from './server/src/testing/postgres-check.js';

const root = import.meta.dirname;

/** Server test files that run on both databases: those that take their database from testing/databases.ts. */
function bothDatabaseFiles(): string[] {
  const files: string[] = [];
  for (const dir of ['server/src', 'migrations']) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.test.ts')) continue;
      const file = path.posix.join(dir, entry.split(path.sep).join('/'));
      if (/from '[\w./-]*testing\/databases\.js'|from '\.\/databases\.js'/.test(fs.readFileSync(file, 'utf8')))
        files.push(file);
    }
  }
  return files;
}

/** The MUI icons the React code imports, one module each (the package has thousands). */
function iconsInUse(): string[] {
  const icons = new Set<string>();
  for (const dir of ['web/src', 'shared/src', 'extension/src', 'extension/entrypoints']) {
    for (const entry of fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(entry)) continue;
      const text = fs.readFileSync(path.join(root, dir, entry), 'utf8');
      for (const m of text.matchAll(/from '(@mui\/icons-material\/\w+)'/g)) icons.add(m[1]!);
    }
  }
  return [...icons].sort();
}

/**
 * What the React tests import from node_modules, bundled once per run into a few files (Vite's
 * dependency optimizer): loading MUI's thousand modules anew in every test file was most of a file's
 * start. Everything that uses React is in the list, so the tests see one React.
 */
const uiDependencies = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  '@mui/material',
  '@mui/material/utils',
  ...iconsInUse(),
  '@emotion/react',
  '@emotion/styled',
  '@testing-library/react',
  '@testing-library/dom',
  'react-quill-new',
  'quill',
  'zustand',
];

const server = (name: string, include: string[], dialect: 'sqlite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include,
    environment: 'node',
    globalSetup: ['server/src/testing/build-workers.ts', 'server/src/testing/setup-server.ts'],
    provide: { testDialect: dialect },
    // Every answer is checked against the endpoint's contract (server/src/http/contract-route.ts).
    env: { CHECK_ANSWERS: '1' },
    // Server tests mock no module and keep no state in modules, so a worker loads the server's
    // modules once for all the files it runs instead of once per file: each file still starts its
    // own servers on its own database.
    isolate: false,
  },
});

export default defineConfig(async (): Promise<ViteUserConfig> => {
  // Server tests run on SQLite always, and on Postgres where one answers: CI must have one.
  const silent = await whyPostgresIsSilent();
  if (silent !== null && process.env.CI)
    throw new Error(
      `CI must run the server tests on Postgres too, but none answers at ${postgresAdminUrl} (${silent}). ` +
        'Start one or set TEST_POSTGRES_URL.',
    );
  if (silent !== null)
    console.warn(
      `\n⚠ Postgres is not tested: no Postgres answered at ${postgresAdminUrl} (${silent}).\n` +
        '  The server tests run on SQLite only. Start Postgres or set TEST_POSTGRES_URL to test both.\n',
    );
  const serverFiles = ['server/src/**/*.test.ts', 'migrations/**/*.test.ts'];
  return {
    test: {
      exclude: ['**/node_modules/**', '**/dist/**', '**/.output/**'],
      pool: 'forks',
      // Twice the two cores: server tests wait on HTTP, Postgres and child processes, React tests on
      // timers, a good part of their time. Measured on the 2-core machine: 1 worker 5.5 min, 3
      // workers 3.3 min, 5 workers 2.1 min with the CPU then busy, 7 no faster.
      maxWorkers: 4,
      testTimeout: 20_000,
      hookTimeout: 30_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['shared/src/**/*.test.ts', 'extension/**/*.test.ts', 'scripts/**/*.test.ts'],
            environment: 'node',
            setupFiles: ['scripts/vitest.fakes-setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'web',
            include: ['web/src/**/*.test.{ts,tsx}', 'shared/src/**/*.test.tsx', 'extension/**/*.test.tsx'],
            environment: 'jsdom',
            setupFiles: ['scripts/vitest.dom-setup.ts', 'scripts/vitest.fakes-setup.ts'],
            // React tests render MUI in jsdom: on a busy 2-core run a long journey needs more than 20 s.
            testTimeout: 40_000,
            deps: { optimizer: { client: { enabled: true, include: uiDependencies } } },
          },
        },
        server('server-sqlite', serverFiles, 'sqlite'),
        ...(silent === null ? [server('server-postgres', bothDatabaseFiles(), 'postgres')] : []),
      ],
    },
  };
});
