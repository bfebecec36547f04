import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { bookmarkMessages as m } from '../shared/src/domain/index.js';
import { startRestartableServer, type RestartableServer } from './testing/appServer.js';
import { expect, test as base } from './testing/extension.js';

// Issue 30: the extension sends the page it saved, and the server keeps its readable copy. The
// server here runs with CRAWL=off and never fetches a page: only the extension can have sent it.

const test = base.extend<object, { server: RestartableServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startRestartableServer({ CRAWL: 'off', FETCH_ALLOW_HOSTS: 'localhost' });
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
});

const articles = path.resolve(import.meta.dirname, 'fixtures/articles');
const expected = JSON.parse(fs.readFileSync(path.join(articles, 'lemonde-1.expected.json'), 'utf8')) as {
  title: string;
  byline: string;
};

/** A publisher's article (test/fixtures/articles/lemonde-1.html) on a site of its own, which notes who asked. */
async function serveArticle() {
  const page = fs.readFileSync(path.join(articles, 'lemonde-1.html'));
  const askedBy: string[] = [];
  const server = http.createServer((req, res) => {
    askedBy.push(String(req.headers['user-agent'] ?? ''));
    if (req.url === '/article.html')
      return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // By a name the extension's test build may script (its host permission is http://localhost/*).
  const url = `http://localhost:${(server.address() as AddressInfo).port}/article.html`;
  // The browser keeps its connection open: closed with the server, not waited for.
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url, askedBy, close };
}

test('a one-click save sends the page, and the server, which fetches nothing, keeps its readable copy', async ({
  ext,
  context,
}) => {
  const account = await ext.signUp();
  await ext.signInExtension(account);
  const article = await serveArticle();
  try {
    const { tabId } = await ext.openTab(article.url);
    const popup = await ext.openPopup(tabId);
    await expect(popup.getByRole('region', { name: 'Saved' }).getByRole('status')).toHaveText(
      m.bookmarked(expected.title, 'Uncategorized'),
    );
    const listed = await context.request.get(`${ext.server.url}/api/bookmarks?pageSize=200`);
    const saved = ((await listed.json()) as { items: { id: string; link: string }[] }).items.find(
      (b) => b.link === article.url,
    );
    expect(saved).toBeDefined();

    // The copy comes after the save, from the worker: the server answers it once it is kept.
    const copyOf = async () => {
      const res = await context.request.get(`${ext.server.url}/api/bookmarks/${saved!.id}/copy`);
      return res.ok() ? ((await res.json()) as { title: string; byline: string; html: string }) : null;
    };
    await expect.poll(async () => (await copyOf())?.title).toBe(expected.title);
    const copy = (await copyOf())!;
    expect(copy.byline).toBe(expected.byline);
    expect(copy.html).toContain('Laure de la Raudière');
    // Only the browser ever asked the site for the page: the server has read none of it itself.
    expect(article.askedBy.length).toBeGreaterThan(0);
    expect(article.askedBy.filter((ua) => /LinkhiveBot/i.test(ua))).toEqual([]);

    // It is found by a word of its article alone.
    const found = await context.request.get(`${ext.server.url}/api/bookmarks?q=raudiere`);
    expect(((await found.json()) as { items: { id: string }[] }).items.map((b) => b.id)).toEqual([saved!.id]);
  } finally {
    await article.close();
  }
});
