import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshotBudget } from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../testing/harness.js';
import { testDialects } from '../testing/databases.js';
import { importFile } from '../testing/imports.js';
import { findChromium } from '../integrations/screenshots/chromium.js';
import { SCREENSHOT_JOB } from '../features/screenshots/service.js';

/** A browser export of `n` favourites, each on a domain of its own that no resolver knows. */
function favouritesFile(n: number): Uint8Array {
  const links = Array.from(
    { length: n },
    (_, i) => `<DT><A HREF="https://shot-${i}.invalid/page" ADD_DATE="1700000000" TAGS="favourite">Site ${i}</A>`,
  );
  const html = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n${links.join('\n')}\n</DL><p>\n`;
  return new TextEncoder().encode(html);
}

// The attack review's finding: one account's import of 3,000 favourites queued 3,000 screenshots
// ahead of everyone's mail, and another user's verification mail waited behind them all.
describe.each(testDialects)('another user’s mail during an import’s screenshots on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    expect(findChromium(), 'npm test installs Chromium (Debian package chromium)').not.toBeNull();
    t = await startTestServer(dialect, { SCREENSHOTS: 'on' });
  });
  afterAll(() => t?.close());

  // A budget, not a wait: an import of 3,000, 3,000 queued captures and a sign-up on a busy machine.
  it('arrives while the importer’s 3,000 screenshots still wait their turn', { timeout: 120_000 }, async () => {
    const ann = t.agent();
    const { user } = await ann.seedAccount(`importer-${dialect}@example.com`);
    const imported = await importFile(ann, favouritesFile(3000), 'bookmarks.html');
    expect(imported.job?.result?.imported).toBe(3000);
    const { db } = t.server.database;
    const jobs = () =>
      db
        .selectFrom('job')
        .select(['status', 'run_at'])
        .where('type', '=', SCREENSHOT_JOB)
        .where('account_id', '=', user.id)
        .execute();
    // The captures are queued just after the import's commit, one per favourite's domain.
    await expect.poll(async () => (await jobs()).length, { timeout: 30_000 }).toBe(3000);
    // Past the budget, the rest wait for later hours (a retry waits seconds, the budget an hour).
    const hourAway = Date.now() + screenshotBudget.windowMs / 2;
    const later = (await jobs()).filter((j) => new Date(j.run_at).getTime() > hourAway);
    expect(later).toHaveLength(3000 - screenshotBudget.perAccount);

    // Bea signs up as a person does, while the screenshot lane works through Ann's captures.
    const bea = `bea-${dialect}@example.com`;
    expect(
      (await t.agent().post('/api/auth/signup', { firstName: 'Bea', email: bea, password: 'Passw0rd!' })).status,
    ).toBe(201);
    await expect
      .poll(async () => (await t.outbox()).filter((m) => m.to === bea).map((m) => m.subject), { timeout: 15_000 })
      .toEqual(['Welcome to Linkhive']);
    // Her mail did not wait for them: captures due this hour are still waiting or running (each
    // failure is tried three times, seconds apart).
    const dueNow = (await jobs()).filter(
      (j) => (j.status === 'queued' || j.status === 'running') && new Date(j.run_at).getTime() <= hourAway,
    );
    expect(dueNow.length).toBeGreaterThan(0);
  });
});
