import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type EndpointDefinition } from '@linkhive/shared/contract';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { boundEndpoint } from '../../http/contract-route.js';

const root = path.resolve(import.meta.dirname, '../../../..');

interface Layer {
  route?: { path: string; stack: { method?: string; handle: unknown }[] };
  handle?: { stack?: Layer[] };
}

/** Every route below a router, with the entry its handler was bound to (none for a plain route). */
function routesOf(router: { stack: Layer[] }): { path: string; endpoint: EndpointDefinition | undefined }[] {
  return router.stack.flatMap((layer) => {
    if (layer.route) return [{ path: layer.route.path, endpoint: boundEndpoint(layer.route.stack.at(-1)?.handle) }];
    return layer.handle?.stack ? routesOf(layer.handle as { stack: Layer[] }) : [];
  });
}

// One run, on SQLite: the document and the generated client do not depend on the database.
describe.each(['sqlite' as const])('the contract as the server serves it (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it('binds every route below /api to its contract entry, and every entry to a route', () => {
    const routes = routesOf(t.server.app.locals.api as Router & { stack: Layer[] });
    expect(routes.filter((r) => !r.endpoint).map((r) => r.path)).toEqual([]);
    const bound = new Set(routes.map((r) => r.endpoint));
    expect(allEndpoints.filter((e) => !bound.has(e)).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('serves the committed OpenAPI document (npm run openapi writes it)', async () => {
    const res = await fetch(`${t.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const served = await res.text();
    expect(served).toBe(fs.readFileSync(path.join(root, 'docs/openapi.json'), 'utf8'));
    const document = JSON.parse(served);
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/bookmarks/{id}');
    expect(document.paths['/api/bookmarks'].post.responses['409'].description).toBe('Conflict: duplicate_link');
  });

  it('passes the OpenAPI linter with no warning', () => {
    const lint = spawnSync(path.join(root, 'node_modules/.bin/redocly'), ['lint', 'docs/openapi.json'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const output = lint.stdout + lint.stderr;
    expect(output).toContain('Your API description is valid');
    // Its count of problems, printed only when there are some (its banner about Node versions aside).
    expect(output).not.toMatch(/You have \d+ warnings?/);
    expect(lint.status).toBe(0);
  });

  it('serves a page that renders it, with its script and styles from this server', async () => {
    const res = await fetch(`${t.url}/api/docs`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const assets = [...html.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(['/api/docs/assets/viewer.css', '/api/docs/assets/viewer.js']);
    for (const asset of assets) expect((await fetch(`${t.url}${asset}`)).status).toBe(200);
    expect(await (await fetch(`${t.url}/api/docs/assets/viewer.js`)).text()).toContain("fetch('/api/openapi.json')");
    // The content security policy allows no inline script: the page has none.
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
  });
});
