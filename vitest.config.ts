import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/src/**/*.test.{ts,tsx}',
      'server/src/**/*.test.ts',
      'web/src/**/*.test.{ts,tsx}',
      'migrations/**/*.test.ts',
      'extension/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', '**/.output/**'],
    environment: 'node',
    globalSetup: ['server/src/testing/build-workers.ts', 'server/src/testing/postgres-check.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
