import { describe, expect, it } from 'vitest';
import { importMessages } from '@linkhive/shared/domain/messages';
import { badRequest } from '../../http/app-error.js';
import type { ImportItem } from './link-collector.js';
import { LinkStream } from './link-stream.js';

const links = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ link: `https://site-${from + i}.example/` }) as ImportItem);
const summary = { folders: 2, skippedNotWeb: 1, skippedTooLong: 0, duplicatesInFile: 3 };
const addresses = (items: ImportItem[]) => items.map((i) => Number(/site-(\d+)/.exec(i.link)![1]));

describe('the links between an upload’s reading and its saving (issue 27)', () => {
  it('gives slices of the size asked for across the batches the reading sends, in the file’s order', async () => {
    const stream = new LinkStream();
    stream.push(links(0, 1500));
    stream.push(links(1500, 1500));
    stream.push(links(3000, 700));
    stream.finish(summary);
    const first = await stream.next(2000);
    const second = await stream.next(2000);
    expect(addresses(first)).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    expect(addresses(second)).toEqual(Array.from({ length: 1700 }, (_, i) => 2000 + i));
    expect(await stream.next(2000)).toEqual([]);
    expect(stream.total).toBe(3700);
    expect(stream.summary).toEqual(summary);
  });

  it('waits for a whole slice while the file is still being read, and gives the rest once it is read', async () => {
    const stream = new LinkStream();
    stream.push(links(0, 500));
    let taken: ImportItem[] | null = null;
    const next = stream.next(1000).then((items) => (taken = items));
    await Promise.resolve();
    expect(taken).toBeNull();
    expect(stream.read).toBe(false);
    expect(() => stream.summary).toThrow('the upload is still being read');

    stream.push(links(500, 300));
    await Promise.resolve();
    expect(taken).toBeNull();
    stream.finish(summary);
    await next;
    expect(addresses(taken!)).toEqual(Array.from({ length: 800 }, (_, i) => i));
    expect(stream.read).toBe(true);
    expect(stream.total).toBe(800);
  });

  it('is ready once it has links or the reading is over, and says why an upload was refused', async () => {
    const withLinks = new LinkStream();
    const ready = withLinks.ready();
    withLinks.push(links(0, 1));
    await expect(ready).resolves.toBeUndefined();

    const empty = new LinkStream();
    empty.finish(summary);
    await expect(empty.ready()).resolves.toBeUndefined();
    expect(await empty.next(2000)).toEqual([]);

    const refused = new LinkStream();
    const waiting = refused.ready();
    refused.fail(badRequest(importMessages.invalidSyntax, 'file', 'invalid_file'));
    await expect(waiting).rejects.toThrow(importMessages.invalidSyntax);
    await expect(refused.next(10)).rejects.toThrow(importMessages.invalidSyntax);
  });

  it('holds an upload read whole as one finished stream', async () => {
    const stream = LinkStream.of({ items: links(0, 3), ...summary });
    expect(stream.read).toBe(true);
    expect(addresses(await stream.next(2000))).toEqual([0, 1, 2]);
    expect(stream.summary).toEqual(summary);
  });
});
