import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    importWorkerFile: string;
    readableWorkerFile: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Vitest global setup: a worker thread runs plain JavaScript, so the import worker is bundled from
 * source once per test run, as scripts/build.mjs bundles it for the server.
 */
export default async function setup(project: TestProject) {
  // Inside the repository, so that the bundle's bare imports (better-sqlite3, pg) resolve.
  const cache = path.join(root, 'node_modules/.cache');
  await fs.mkdir(cache, { recursive: true });
  const outDir = await fs.mkdtemp(path.join(cache, 'linkhive-workers-'));
  const outfile = path.join(outDir, 'import-worker.mjs');
  // What scripts/build.mjs leaves outside the worker's file: everything else is bundled into it.
  // Its reading thread is built beside it, named as the worker finds it (runner.ts).
  const outside = ['better-sqlite3', 'pg', 'htmlparser2'];
  await build({
    entryPoints: {
      'import-worker': path.join(root, 'server/src/features/import/worker-thread.ts'),
      'import-reader': path.join(root, 'server/src/features/import/reader-thread.ts'),
    },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...outside, ...outside.map((d) => `${d}/*`)],
    logLevel: 'warning',
  });
  project.provide('importWorkerFile', outfile);
  // The readable copies' extraction thread, as scripts/build.mjs bundles it: its libraries load from
  // node_modules, the project's own shared package goes inside (it is TypeScript).
  const pkg = JSON.parse(await fs.readFile(path.join(root, 'server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies as Record<string, string>).filter((d) => !d.startsWith('@linkhive/'));
  const readableFile = path.join(outDir, 'readable-worker.mjs');
  await build({
    entryPoints: [path.join(root, 'server/src/content/readable-worker.ts')],
    outfile: readableFile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    external: [...external, ...external.map((d) => `${d}/*`)],
    logLevel: 'warning',
  });
  project.provide('readableWorkerFile', readableFile);
  return () => fs.rm(outDir, { recursive: true, force: true });
}
