import type { PermissionFlag } from '@linkhive/shared/domain';
import type { Agent, TestServer } from './harness.js';

let n = 0;

/** Signs up a fresh account, on a paid plan when a flag is given (as an operator's grant would). */
export async function account(t: TestServer, name: string, paid?: PermissionFlag): Promise<Agent> {
  const agent = t.agent();
  const { user } = await agent.seedAccount(`${name}-${++n}-${Date.now()}@example.com`, name);
  if (paid) await t.server.permissions.grant(user.id, paid, 'operator');
  return agent;
}

/** Saves a bookmark with an RSS address; answers its id. */
export async function addFeedBookmark(
  agent: Agent,
  rssFeed: string | null,
  opts: { title?: string; category?: string } = {},
): Promise<string> {
  const i = ++n;
  const res = await agent.post('/api/bookmarks', {
    link: `https://site${i}.example.org/`,
    title: opts.title ?? `Source ${i}`,
    category: opts.category ?? 'News',
    rssFeed,
  });
  if (res.status !== 201) throw new Error(`bookmark not saved: ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}
