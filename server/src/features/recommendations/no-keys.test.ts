import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { newUser } from '../../testing/adverts.js';
import { grant } from '../../testing/groups.js';

// The server as built for production, without provider keys: the real local recommender answers.
describe.each(testDialects)('recommended websites without provider keys on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it('answers from the local recommender and caches nothing', async () => {
    const user = await newUser(t);
    await grant(t, user, 'subscriptionEnterprise');
    const saved = await user.agent.post('/api/bookmarks', {
      link: 'https://lonely.example.com/',
      title: 'Lonely',
      category: 'Food',
    });
    expect(saved.status).toBe(201);
    const res = await user.agent.get(`/api/bookmarks/${saved.body.id}/recommendations?region=de`);
    expect([res.status, res.body]).toEqual([200, { items: [], source: 'local', model: null, cached: false }]);
    const rows = await t.server.database.db.selectFrom('recommendation_cache').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
