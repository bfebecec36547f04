import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type Agent, type TestServer } from '../../../testing/harness.js';
import { testDialects } from '../../../testing/databases.js';
import { seedPassword } from '../../../testing/factory.js';
import { newUser } from '../../../testing/adverts.js';
import { createGroup, grant } from '../../../testing/groups.js';
import { openStream } from '../../../testing/group-live.js';

// Issue 24, finding 7: a stream is authorised when it opens; signing out must end it, not leave it
// delivering the group's changes to a browser whose session is gone.
describe.each(testDialects)('live streams at sign-out on %s', (dialect) => {
  let t: TestServer;
  const opened: { close(): void }[] = [];
  beforeAll(async () => {
    // Streams are pinged, and their sessions checked, every 50 ms instead of 25 s.
    t = await startTestServer(dialect, {}, { liveHeartbeatMs: 50 });
  });
  afterAll(async () => {
    for (const s of opened) s.close();
    await t?.close();
  });

  /** A stream with the agent's own cookie, once it is listening (its first message, the retry, came). */
  async function stream(agent: Agent) {
    // The agent keeps its cookies to itself; a stream is a fetch of its own with the same cookie.
    const cookie = [...agent['cookies']].map(([k, v]) => `${k}=${v}`).join('; ');
    const s = await openStream(`${t.url}/api/groups/events`, null, { cookie });
    opened.push(s);
    expect(s.res.status).toBe(200);
    expect(await s.nextBlock()).toEqual({ retry: '3000' });
    return s;
  }

  it("ends the signed-out session's streams, and only those; no later event reaches them", async () => {
    const user = await newUser(t, 'Leah');
    await grant(t, user, 'subscriptionPro');
    const group = await createGroup(user.agent, 'Live team');
    // The same person signed in on a second device: a session of its own.
    const laptop = t.agent();
    expect((await laptop.post('/api/auth/login', { email: user.email, password: seedPassword })).status).toBe(200);
    const leaving = await stream(user.agent);
    const staying = await stream(laptop);

    expect((await user.agent.post('/api/auth/logout')).status).toBe(200);
    // The response finishes: reading on reaches its end, with no event before it.
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for (;;) seen.push(await leaving.next());
      })(),
    ).rejects.toThrow('the stream ended');
    expect(seen).toEqual([]);

    // The group changes after: the other session hears of it; the signed-out one is gone.
    expect((await laptop.patch(`/api/groups/${group.id}`, { name: 'Renamed team' })).status).toBe(200);
    expect(await staying.next()).toMatchObject({ data: { groupId: group.id, kind: 'group' } });
    // And the signed-out cookie cannot open another.
    const cookie = [...user.agent['cookies']].map(([k, v]) => `${k}=${v}`).join('; ');
    const again = await openStream(`${t.url}/api/groups/events`, null, { cookie });
    opened.push(again);
    expect(again.res.status).toBe(401);
  });

  it('ends a stream whose session ended anywhere else: another process, a password reset, its expiry', async () => {
    const user = await newUser(t, 'Omar');
    const onThisProcess = await stream(user.agent);
    // A sign-out handled by another server process (or machine) deletes the session row there; this
    // process hears nothing of it but the row's absence. A reset ends sessions the same way.
    await t.server.database.db.deleteFrom('session').where('userId', '=', user.id).execute();
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for (;;) seen.push(await onThisProcess.next());
      })(),
    ).rejects.toThrow('the stream ended');
    expect(seen).toEqual([]);

    // An expired session's stream ends too; a live one's stays open through many heartbeats.
    const expiring = await newUser(t, 'Eve');
    const lasting = await newUser(t, 'Lou');
    const [ending, living] = [await stream(expiring.agent), await stream(lasting.agent)];
    await t.server.database.db
      .updateTable('session')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', expiring.id)
      .execute();
    await expect(
      (async () => {
        for (;;) await ending.next();
      })(),
    ).rejects.toThrow('the stream ended');
    const group = await createGroup(lasting.agent, 'Still here');
    expect(await living.next()).toMatchObject({ data: { groupId: group.id } });
  });
});
