import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { fixturesDir } from '../testing/fixture-server.js';
import { longProse } from '../testing/long-prose.js';
import { sentPageLimits } from '@linkhive/shared/domain/copies';
import { PageTooComplex, readableExtractor, type ReadableExtractor } from './readable-pool.js';
import { copyLimits } from './readable.js';

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

  it('a page too large for the thread’s memory fails alone: the pages sent with it and after it are read', async () => {
    extractor = readableExtractor({ workerFile: inject('readableWorkerFile'), heapMb: 16 });
    const huge = `<html><body><article>${'<div><p>word </p></div>'.repeat(400_000)}</article></body></html>`;
    // Sent together, the two articles wait in the thread behind the page that outgrows it.
    const [failed, heise, ars] = await Promise.allSettled([
      extractor.extract(huge, 'https://example.org/huge'),
      extractor.extract(article('heise'), 'https://www.heise.de/1.html'),
      extractor.extract(article('ars-1'), 'https://arstechnica.com/security/2015/04/1/'),
    ]);
    expect(failed.status === 'rejected' && failed.reason).toBeInstanceOf(PageTooComplex);
    expect(heise.status === 'fulfilled' && heise.value?.siteName).toBe('Mac & i');
    expect(ars.status === 'fulfilled' && ars.value?.byline).toBe('Dan Goodin');
    expect((await extractor.extract(article('heise'), 'https://www.heise.de/1.html'))?.lang).toBe('de');
  });

  it('an article of nearly 3 MB, the most a page may be, that outgrows the thread is read again lighter', async () => {
    extractor = readableExtractor({ workerFile: inject('readableWorkerFile') });
    const body = longProse(sentPageLimits.maxBytes - 4096);
    const page = `<html lang="en"><head><title>A very long read</title><style>p { color: #333 }</style>
      <script>window.tracking = ${JSON.stringify('x'.repeat(2000))}</script></head>
      <body><article><h1>A very long read</h1>${body}</article></body></html>`;
    expect(Buffer.byteLength(page)).toBeLessThan(sentPageLimits.maxBytes);
    const copy = await extractor.extract(page, 'https://arstechnica.com/long-read/');
    expect(copy?.title).toBe('A very long read');
    expect(copy?.lang).toBe('en');
    // As much text as a copy keeps, from the article's start.
    expect(copy!.text.length).toBeGreaterThan(copyLimits.textChars * 0.9);
    expect(copy!.text.slice(0, 500)).toContain('A flaw in the wildly popular online game Minecraft makes it easy');
  });

  it('loads none of the domain’s schemas: zod and their definitions were 24 MB of the thread before its first page', () => {
    const bundle = fs.readFileSync(inject('readableWorkerFile'), 'utf8');
    expect(bundle).toContain('@mozilla/readability');
    expect(bundle).not.toMatch(/from ["']zod["']/);
  });
});
