import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedFailed } from '../../integrations/feeds/reader.js';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { feedCache } from './feed-cache.js';
import { feedRepository, type FeedCacheRow } from './repository.js';

describe('the feed cache', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('sqlite');
  });
  afterAll(() => t?.close());

  it('marks a failed load without undoing what another load stored meanwhile', async () => {
    const repo = feedRepository(t.server.database.db);
    const url = 'https://feeds.example.com/race.xml';
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    const snapshot: FeedCacheRow = {
      url,
      status: 'ok',
      error: null,
      etag: '"v1"',
      last_modified: null,
      title: 'Old',
      image: null,
      items: '[]',
      item_count: 0,
      checked_at: old,
      loaded_at: old,
      parsed_at: old,
    };
    // Another process stores version 2 after this one took its snapshot of version 1.
    const now = new Date().toISOString();
    await repo.save({
      ...snapshot,
      etag: '"v2"',
      title: 'New',
      items: '[{"title":"a"}]',
      item_count: 1,
      checked_at: now,
      loaded_at: now,
    });
    const failing = feedCache(repo, async () => {
      throw new FeedFailed('Failed to load RSS feed.');
    });
    const answer = await failing.ensure(url, snapshot);
    expect(answer).toMatchObject({ status: 'error', error: 'Failed to load RSS feed.' });
    const [stored] = await repo.cached([url]);
    expect(stored).toMatchObject({ status: 'error', etag: '"v2"', title: 'New', item_count: 1 });
  });
});
