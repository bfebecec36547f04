import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueue } from '../../jobs/queue.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { HOUSEKEEPING_JOB, housekeeping, housekeepingJobId } from './service.js';

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

// Once an hour one process deletes for good what has waited its time: trashed bookmarks past their
// days, and finished jobs past theirs. Nothing unfinished, and nothing recent, is ever touched.
describe.each(testDialects)('housekeeping on %s', (dialect) => {
  let t: TestServer;
  let ann: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    ann = t.agent();
    await ann.seedAccount(`housekeeping-ann-${dialect}@example.com`);
    // The run the server queued as it started is over: the runs below are the only ones.
    await t.server.worker.idle();
  });
  afterAll(() => t?.close());

  const db = () => t.server.database.db;
  /** Jobs of a kind no lane takes, as they stand after days of work: their status and when they were due. */
  async function jobsOf(
    type: string,
    rows: { id: string; status: 'queued' | 'running' | 'done' | 'failed'; daysAgo: number }[],
  ) {
    const at = Date.now();
    for (let i = 0; i < rows.length; i += 500)
      await db()
        .insertInto('job')
        .values(
          rows.slice(i, i + 500).map((r) => {
            const due = new Date(at - r.daysAgo * dayMs).toISOString();
            return {
              id: r.id,
              type,
              payload: '{}',
              status: r.status,
              attempts: r.status === 'queued' ? 0 : 1,
              run_at: due,
              locked_until: r.status === 'running' ? due : null,
              last_error: r.status === 'failed' ? 'The mail server did not answer' : null,
              account_id: null,
              created_at: due,
              updated_at: due,
            };
          }),
        )
        .execute();
  }
  const idsOf = async (type: string) =>
    (await db().selectFrom('job').select('id').where('type', '=', type).orderBy('id').execute()).map((r) => r.id);

  it('deletes done jobs after 2 days and failed ones after 30, in batches, and nothing unfinished', async () => {
    const type = `housekeeping-test-${dialect}`;
    // A busy month's done jobs (more than one batch of 500), and one of each case at the edges.
    const old = Array.from({ length: 1_234 }, (_, i) => ({
      id: `old-done-${String(i).padStart(4, '0')}`,
      status: 'done' as const,
      daysAgo: 3 + (i % 27),
    }));
    await jobsOf(type, [
      ...old,
      { id: 'recent-done', status: 'done', daysAgo: 1 },
      { id: 'failed-last-week', status: 'failed', daysAgo: 7 },
      { id: 'failed-long-ago', status: 'failed', daysAgo: 31 },
      { id: 'queued-long-ago', status: 'queued', daysAgo: 40 },
      { id: 'running-long-ago', status: 'running', daysAgo: 40 },
    ]);
    // Cut off by its lane before it starts: nothing is deleted, the next run does it all.
    expect(await t.server.housekeeper.run(new Date(), AbortSignal.abort())).toEqual({ trashed: 0, jobs: 0 });
    expect(await idsOf(type)).toHaveLength(1_239);
    const { jobs } = await t.server.housekeeper.run(new Date());
    expect(jobs).toBe(1_235);
    expect(await idsOf(type)).toEqual(['failed-last-week', 'queued-long-ago', 'recent-done', 'running-long-ago']);
    // Run again: nothing more is due.
    expect((await t.server.housekeeper.run(new Date())).jobs).toBe(0);
    expect(await idsOf(type)).toHaveLength(4);
  });

  it('is queued once an hour however many processes ask, and its run empties the trash of what is due', async () => {
    const gone = await ann.post('/api/bookmarks', {
      link: 'https://housekeeping.example.org/an-article-deleted-a-month-ago',
      title: 'An article deleted a month ago',
      category: 'Reading',
    });
    const kept = await ann.post('/api/bookmarks', {
      link: 'https://housekeeping.example.org/an-article-deleted-today',
      title: 'An article deleted today',
      category: 'Reading',
    });
    expect(gone.status).toBe(201);
    expect(kept.status).toBe(201);
    await ann.post('/api/bookmarks/delete', { ids: [gone.body.id, kept.body.id] });
    // As if deleted TRASH_DAYS ago: its time in the trash is over.
    await db()
      .updateTable('bookmark_trash')
      .set({ purge_at: new Date(Date.now() - hourMs).toISOString() })
      .where('id', '=', gone.body.id)
      .execute();

    // Two processes queue a later hour's run (the server queued this hour's when it started).
    const later = new Date(Date.now() + 3 * hourMs);
    const processes = [0, 1].map(() =>
      housekeeping({ trash: t.server.trash, queue: jobQueue(db(), t.server.database.dialect), now: () => later }),
    );
    await Promise.all(processes.map((p) => p.queue()));
    const queued = await db().selectFrom('job').selectAll().where('type', '=', HOUSEKEEPING_JOB).execute();
    expect(queued.filter((j) => j.id === housekeepingJobId(later))).toHaveLength(1);

    // The server's worker runs it.
    t.server.worker.poke();
    await t.server.worker.idle();
    const run = await db().selectFrom('job').selectAll().where('id', '=', housekeepingJobId(later)).executeTakeFirst();
    expect(run?.status).toBe('done');
    const trash = (await ann.get('/api/trash')).body as { items: { id: string }[]; total: number };
    expect(trash.items.map((b) => b.id)).toEqual([kept.body.id]);
    expect(trash.total).toBe(1);
  });
});
