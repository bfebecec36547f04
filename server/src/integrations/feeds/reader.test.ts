import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedMessages } from '@linkhive/shared/domain';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { createAddressGuard, fetchMessages } from '../page-fetch/address-guard.js';
import { createGuardedFetch } from '../page-fetch/guarded-fetch.js';
import { createFeedReader, FeedFailed } from './reader.js';

describe('feed reader over HTTP', () => {
  let fixtures: FixtureServer;
  const read = createFeedReader(createGuardedFetch(createAddressGuard(['localhost'])), { timeoutMs: 1_000 });
  beforeAll(async () => {
    fixtures = await startFixtureServer();
  });
  afterAll(() => fixtures?.close());

  // Reached by the name 'localhost', which the guard allows; the bare address stays refused.
  const at = (p: string) => fixtures.url(p, 'localhost');
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e) => (e instanceof FeedFailed ? e.detail : `unexpected ${e}`),
    );

  it('keeps the validators and asks conditionally the next time, which answers 304 without a body', async () => {
    const url = at('/feeds/atom-heise-developer.xml?case=conditional');
    fixtures.resetLog();
    const first = await read(url);
    expect(first.kind).toBe('parsed');
    expect(first.etag).toMatch(/^".+"$/);
    expect(first.lastModified).toMatch(/GMT$/);
    const second = await read(url, { etag: first.etag, lastModified: first.lastModified });
    expect(second).toEqual({ kind: 'not_modified', etag: first.etag, lastModified: first.lastModified });
    // Last-Modified alone is enough for a server that has no ETag.
    const third = await read(url, { etag: null, lastModified: first.lastModified });
    expect(third.kind).toBe('not_modified');
    expect(fixtures.requests.map((r) => r.status)).toEqual([200, 304, 304]);
  });

  it('decodes with the charset of the Content-Type', async () => {
    const res = await read(at('/feeds/rss2-windows-1251-ibash.xml?charset=windows-1251'));
    expect(res.kind === 'parsed' && res.encoding).toBe('windows-1251');
    expect(res.kind === 'parsed' && res.feed.items[0]!.title).toBe('Цитата #17703');
  });

  it('gives up on a feed that takes longer than its time limit', async () => {
    expect(await failure(read(at('/feeds/atom-heise-developer.xml?delay=3000')))).toBe(fetchMessages.timeout);
  });

  it('says why a feed failed: not found, not a feed, not an address it may fetch', async () => {
    expect(await failure(read(at('/feeds/missing.xml')))).toBe(feedMessages.fetchFailed);
    expect(await failure(read(at('/feeds/malformed-html-document-moved.xml')))).toBe(feedMessages.notAFeed);
    expect(await failure(read(at('/pages/firefox-feeds-test-page-rss-relative.html')))).toBe(feedMessages.notAFeed);
    expect(await failure(read(fixtures.url('/feeds/atom-heise-developer.xml')))).toBe(fetchMessages.blocked);
  });
});
