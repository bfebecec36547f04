import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { fixturesDir } from '../testing/fixture-server.js';
import { PageTooComplex, readableExtractor, type ReadableExtractor } from './readable-pool.js';

const article = (name: string) => fs.readFileSync(path.join(fixturesDir, 'articles', `${name}.html`), 'utf8');

describe('the extraction thread of readable copies', () => {
  let extractor: ReadableExtractor | null = null;
  afterEach(async () => {
    await extractor?.close();
    extractor = null;
  });

  it('reads pages in a thread of its own, one after another, and starts again after stopping when idle', async () => {
    extractor = readableExtractor({ workerFile: inject('readableWorkerFile'), idleMs: 1 });
    const [heise, ars] = await Promise.all([
      extractor.extract(article('heise'), 'https://www.heise.de/mac-and-i/meldung/1.html'),
      extractor.extract(article('ars-1'), 'https://arstechnica.com/security/2015/04/1/'),
    ]);
    expect(heise?.title).toBe('1Password für Mac generiert Einmal-Passwörter');
    expect(ars?.byline).toBe('Dan Goodin');
    // Idle for its 1 ms, the thread has stopped or is stopping: the next page still gets read.
    const again = await extractor.extract(article('heise'), 'https://www.heise.de/mac-and-i/meldung/1.html');
    expect(again?.lang).toBe('de');
  });

  it('a page too large for the thread’s memory fails alone, and the next page is read', async () => {
    extractor = readableExtractor({ workerFile: inject('readableWorkerFile'), heapMb: 16 });
    const huge = `<html><body><article>${'<div><p>word </p></div>'.repeat(400_000)}</article></body></html>`;
    await expect(extractor.extract(huge, 'https://example.org/huge')).rejects.toBeInstanceOf(PageTooComplex);
    expect((await extractor.extract(article('heise'), 'https://www.heise.de/1.html'))?.siteName).toBe('Mac & i');
  });

  it('loads none of the domain’s schemas: zod and their definitions were 24 MB of the thread before its first page', () => {
    const bundle = fs.readFileSync(inject('readableWorkerFile'), 'utf8');
    expect(bundle).toContain('@mozilla/readability');
    expect(bundle).not.toMatch(/from ["']zod["']/);
  });
});
