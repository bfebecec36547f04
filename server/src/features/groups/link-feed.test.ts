import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, feedMessages, groupMessages as m } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { startFixtureServer, type FixtureServer } from '../../testing/fixture-server.js';
import { feedFixture } from '../../testing/feed-fixtures.js';
import { addLink, error, grant, linkInput, refusal, trio } from '../../testing/groups.js';

const heise = feedFixture('atom-heise-developer.xml');

describe.each(testDialects)("a workspace link's RSS feed on %s", (dialect) => {
  let t: TestServer;
  let fixtures: FixtureServer;
  let n = 0;
  beforeAll(async () => {
    fixtures = await startFixtureServer();
    // The server's guarded fetch refuses private addresses unless the host is allowed, as in feeds/routes.test.ts.
    t = await startTestServer(dialect, { FETCH_ALLOW_HOSTS: 'localhost' });
  });
  afterAll(async () => {
    await t?.close();
    await fixtures?.close();
  });

  /** A fixture feed under an address of its own, so no test reads another's cached copy or requests. */
  const feedUrl = () => fixtures.url(`/feeds/${heise.file}?link-feed=${dialect}-${++n}`, 'localhost');
  const feedPath = (groupId: string, linkId: string) => `/api/groups/${groupId}/links/${linkId}/feed`;
  const askedFor = (url: string) => fixtures.requests.filter((r) => url.endsWith(r.url));

  /** The trio with one link that has a feed and one that has none; the member is on a paid plan when asked. */
  async function setup(memberPaid: boolean) {
    const people = await trio(t);
    if (memberPaid) await grant(t, people.member, 'subscriptionPro');
    // The outsider pays too, so that the 404 comes from membership and not from the plan check before it.
    await grant(t, people.outsider, 'subscriptionPro');
    const rssFeed = feedUrl();
    const withFeed = await addLink(people.owner.agent, people.group.id, linkInput(`feed-${n}`, { rssFeed }));
    const plain = await addLink(people.owner.agent, people.group.id, linkInput(`plain-${n}`));
    return { ...people, rssFeed, withFeed, plain };
  }

  it('lets a member on a paid plan read the first page of items', async () => {
    const { member, group, withFeed, rssFeed } = await setup(true);
    const res = await member.agent.get(`${feedPath(group.id, withFeed.id)}?page=1`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: heise.items,
      page: 1,
      pageSize: 25,
      source: { id: withFeed.id, status: 'loaded' },
    });
    expect(res.body.items).toHaveLength(heise.items);
    expect(res.body.items[0].title).toBe(heise.firstTitle);
    expect(res.body.items.map((i: { title: string }) => i.title)).toContain(
      'Java-Anwendungsserver: Red Hat gibt WildFly 10 frei',
    );
    expect(askedFor(rssFeed)).toHaveLength(1);
  });

  it('refuses a member on the free plan with 403', async () => {
    const { member, group, withFeed, rssFeed } = await setup(false);
    expect(refusal(await member.agent.get(feedPath(group.id, withFeed.id)))).toEqual(
      error(403, 'forbidden', feedMessages.paidOnly),
    );
    expect(askedFor(rssFeed)).toEqual([]);
  });

  it('answers an outsider 404 without asking the feed server', async () => {
    const { member, outsider, group, withFeed, rssFeed } = await setup(true);
    expect(refusal(await outsider.agent.get(feedPath(group.id, withFeed.id)))).toEqual(
      error(404, 'not_found', 'Selected group not found.'),
    );
    expect(askedFor(rssFeed)).toEqual([]);
    // The same link does reach the feed server for a member, so the empty log above means something.
    expect((await member.agent.get(feedPath(group.id, withFeed.id))).status).toBe(200);
    expect(askedFor(rssFeed)).toHaveLength(1);
  });

  it('answers 404 for a link without an RSS address and for an unknown link', async () => {
    const { member, group, plain } = await setup(true);
    expect(refusal(await member.agent.get(feedPath(group.id, plain.id)))).toEqual(
      error(404, 'not_found', feedMessages.noFeedAddress),
    );
    expect(refusal(await member.agent.get(feedPath(group.id, randomUUID())))).toEqual(
      error(404, 'not_found', m.linkNotFound),
    );
  });

  it('asks for a sign-in', async () => {
    const { group, withFeed, rssFeed } = await setup(true);
    expect(refusal(await t.agent().get(feedPath(group.id, withFeed.id)))).toEqual(
      error(401, 'unauthenticated', authMessages.notAuthenticated),
    );
    expect(askedFor(rssFeed)).toEqual([]);
  });
});
