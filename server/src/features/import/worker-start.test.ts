import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const entry = 'server/src/features/import/worker-thread.ts';

/** The files the thread evaluates as it starts: its imports, less those it loads only when asked (`import()`). */
function loadedAtStart(metafile: Metafile): Set<string> {
  const seen = new Set([entry]);
  const next = [entry];
  for (let file = next.pop(); file; file = next.pop()) {
    for (const i of metafile.inputs[file]?.imports ?? []) {
      if (i.kind === 'dynamic-import' || i.external || seen.has(i.path)) continue;
      seen.add(i.path);
      next.push(i.path);
    }
  }
  return seen;
}

describe('the import thread’s start (issue 27)', () => {
  it('loads no schema until a JSON upload asks for one: zod and every definition took 70-100 ms of each first import', async () => {
    const { metafile } = await build({
      absWorkingDir: root,
      entryPoints: [entry],
      bundle: true,
      write: false,
      metafile: true,
      outfile: 'import-worker.js',
      platform: 'node',
      format: 'esm',
      external: ['better-sqlite3', 'pg', 'htmlparser2'],
      logLevel: 'silent',
    });
    const atStart = [...loadedAtStart(metafile)];
    // What an HTML file's import needs is there: its parser and the rows' writer.
    expect(atStart).toContain('server/src/features/import/netscape-parser.ts');
    expect(atStart).toContain('server/src/features/bookmarks/row-values.ts');
    expect(atStart.filter((f) => f.includes('node_modules/zod/'))).toEqual([]);
    expect(atStart).not.toContain('shared/src/domain/index.ts');
    expect(atStart).not.toContain('shared/src/contract/index.ts');
    // The browser's JSON still has its schema, loaded when such an upload ends.
    const all = Object.keys(metafile.inputs);
    expect(all).toContain('shared/src/domain/import.ts');
    expect(all.some((f) => f.includes('node_modules/zod/'))).toBe(true);
  });
});
