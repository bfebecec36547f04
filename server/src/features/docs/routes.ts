import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { apiVersion, contract, openApiDocument } from '@linkhive/shared/contract';
import type { EndpointDefinition } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';

/** The OpenAPI document, made once: the contract does not change while the server runs. */
let document: string | undefined;
export function openApiJson(): string {
  document ??= `${JSON.stringify(
    openApiDocument(contract as unknown as Record<string, Record<string, EndpointDefinition>>, { version: apiVersion }),
    null,
    2,
  )}\n`;
  return document;
}

// The reference page: a small viewer of our own (server/docs-viewer), served by this server, so no
// outside CDN; its script is a file, as the content security policy allows no inline script.
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Linkhive API</title>
    <link rel="stylesheet" href="/api/docs/assets/viewer.css" />
  </head>
  <body>
    <div class="page">
      <label for="filter">Filter endpoints</label>
      <input id="filter" type="search" placeholder="e.g. post bookmarks" autocomplete="off" disabled />
      <p id="status" role="status">Loading the API document…</p>
      <main id="reference"></main>
    </div>
    <script src="/api/docs/assets/viewer.js"></script>
  </body>
</html>
`;

/** The viewer's files: beside the server package's sources and its build alike. */
const viewerDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@linkhive/server/package.json')),
  'docs-viewer',
);

export function docsRoutes(): Router {
  const r = Router();
  route(r, contract.docs.openapi, async (_input, _req, res) => {
    res.type('application/json').send(openApiJson());
  });
  route(r, contract.docs.docs, async (_input, _req, res) => {
    res.type('html').send(page);
  });
  r.use('/docs/assets', express.static(viewerDir, { index: false, maxAge: '1h' }));
  return r;
}
