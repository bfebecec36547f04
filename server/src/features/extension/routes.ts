import fs from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import type { ExtensionBrowserName, ExtensionOffer } from '@linkhive/shared/domain';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { notFound } from '../../http/errors.js';

const browsers: readonly ExtensionBrowserName[] = ['chrome', 'edge', 'firefox'];

/** The address this server serves each browser's zip at: stable across versions, for links and docs. */
export const downloadPath = (browser: ExtensionBrowserName) => `/downloads/linkhive-${browser}.zip`;

/**
 * The newest zip `npm run build` made for a browser (wxt names them linkhive-<version>-<browser>.zip),
 * looked up on each request: a rebuild under a running server is served at once.
 */
function zipOf(dir: string | null, browser: ExtensionBrowserName): string | null {
  if (!dir) return null;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return null; // Not built here: the page says how to get the extension otherwise.
  }
  const zips = names
    .filter((n) => n.startsWith('linkhive-') && n.endsWith(`-${browser}.zip`))
    .map((n) => ({ file: path.join(dir, n), at: fs.statSync(path.join(dir, n)).mtimeMs }))
    .sort((a, b) => b.at - a.at);
  return zips[0]?.file ?? null;
}

/** GET /api/extension: the store listing when configured, and the zips this server serves. */
export function extensionRoutes(options: { storeUrl: string | null; dir: string | null }): Router {
  const r = Router();
  route(r, contract.extension.offer, async (_input, _req, res) => {
    const downloads = Object.fromEntries(
      browsers.map((b) => [b, zipOf(options.dir, b) ? downloadPath(b) : null]),
    ) as ExtensionOffer['downloads'];
    res.setHeader('Cache-Control', 'no-cache');
    return { storeUrl: options.storeUrl, downloads };
  });
  return r;
}

/**
 * GET /downloads/linkhive-<browser>.zip: the built extension, to unzip and load unpacked. Outside
 * /api, so not in the contract: plain Express routes.
 */
export function extensionDownloads(dir: string | null): Router {
  const r = Router();
  for (const browser of browsers) {
    r.get(`/linkhive-${browser}.zip`, (_req, res, next) => {
      const file = zipOf(dir, browser);
      if (!file) return next(notFound('This server has no extension build to download.'));
      res.setHeader('Cache-Control', 'no-cache');
      res.download(file, path.basename(file));
    });
  }
  return r;
}
