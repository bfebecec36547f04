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

// Swagger UI from the swagger-ui-dist package, served by this server: no outside CDN, and the
// page's own script is a file, as the content security policy allows no inline script.
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Linkhive API</title>
    <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css" />
  </head>
  <body>
    <div id="docs"></div>
    <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;
const start = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true });\n`;

export function docsRoutes(): Router {
  const r = Router();
  const assets = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  route(r, contract.docs.openapi, async (_input, _req, res) => {
    res.type('application/json').send(openApiJson());
  });
  route(r, contract.docs.docs, async (_input, _req, res) => {
    res.type('html').send(page);
  });
  r.use('/docs/start.js', (_req, res) => void res.type('text/javascript').send(start));
  r.use('/docs/assets', express.static(assets, { index: false, maxAge: '1d' }));
  return r;
}
