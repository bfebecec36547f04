// The lanes figure of `npm run bench`: how long a new user waits for the welcome mail while another
// account's import of 3,000 favourites fills the screenshot lane (issue 24; goal under 1 s), beside
// the same wait on an idle server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { ImportProgress } from '@linkhive/shared/domain';
import { round, signUp, sleep, startBenchServer, waitForImportJob } from './support.js';

/** A browser export of `n` favourites, each on a domain of its own that no resolver knows. */
function favouritesFile(n: number): string {
  const links = Array.from(
    { length: n },
    (_, i) => `<DT><A HREF="https://shot-${i}.invalid/page" ADD_DATE="1700000000" TAGS="favourite">Site ${i}</A>`,
  );
  return `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n${links.join('\n')}\n</DL><p>\n`;
}

/** From the sign-up request to the welcome mail's file in the outbox, in ms. */
async function signUpToMail(base: string, dataDir: string, email: string): Promise<number> {
  const outbox = path.join(dataDir, 'outbox');
  const t0 = performance.now();
  await signUp(base, email);
  for (;;) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    for (const f of files)
      if (fs.readFileSync(path.join(outbox, f), 'utf8').includes(email)) return performance.now() - t0;
    if (performance.now() - t0 > 120_000) throw new Error(`no welcome mail for ${email} in 120 s`);
    await sleep(5);
  }
}

export async function measureMailLanes(chromium: string | null) {
  if (!chromium) return 'Chromium not found: the screenshot lane was not measured';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-bench-lanes-'));
  const server = await startBenchServer({ dataDir, env: { SCREENSHOTS: 'on', CHROMIUM_PATH: chromium }, pollMs: 10 });
  try {
    const idle = await signUpToMail(server.base, dataDir, 'idle@example.com');
    const importer = await signUp(server.base, 'importer@example.com');
    const form = new FormData();
    form.append('file', new Blob([favouritesFile(3000)], { type: 'text/html' }), 'bookmarks.html');
    const res = await fetch(`${server.base}/api/import`, {
      method: 'POST',
      headers: { origin: server.base, cookie: importer },
      body: form,
    });
    if (res.status !== 202) throw new Error(`import answered ${res.status}`);
    await waitForImportJob(server.base, importer, (await res.json()) as ImportProgress);
    // The captures are queued just after the import's commit.
    const db = new Database(path.join(dataDir, 'linkhive.db'), { readonly: true });
    const waiting = () =>
      (
        db
          .prepare("select count(*) as n from job where type = 'screenshot' and status in ('queued', 'running')")
          .get() as { n: number }
      ).n;
    for (let i = 0; i < 6000 && waiting() < 3000; i++) await sleep(10);
    const queued = waiting();
    const during = await signUpToMail(server.base, dataDir, 'bea@example.com');
    const stillWaiting = waiting();
    db.close();
    return {
      favouritesImported: 3000,
      screenshotsQueued: queued,
      screenshotsStillWaitingWhenTheMailWasWritten: stillWaiting,
      signUpToWelcomeMailMs: { idleServer: round(idle, 0), duringTheImportersScreenshots: round(during, 0) },
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
