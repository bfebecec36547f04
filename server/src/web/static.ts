import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { publicPathOf, type FileStore } from '../integrations/files/index.js';
import { withPagePreview, type PagePreview } from './link-preview.js';

/**
 * Link previews (Open Graph, Twitter) need absolute addresses, which only the running server
 * knows: the built shell says '/', and each answer names PUBLIC_URL instead.
 */
export function withAbsoluteShareLinks(html: string, publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  return html.replace(
    /(<meta\s+(?:property|name)="(?:og:url|og:image|twitter:image)"\s+content=")\/([^"]*)"/g,
    (_m, head: string, rest: string) => `${head}${origin}/${rest}"`,
  );
}

export interface WebAppOptions {
  /** The link preview of a promo page by its slug; null (unknown or not public) keeps the shell's own. */
  promoPreview?(slug: string): Promise<PagePreview | null>;
}

const promoPage = /^\/promo\/([^/]+)\/?$/;

/** Serves the built web app; every other GET that wants HTML gets index.html for client routing. */
export function webApp(distDir: string, publicUrl: string, opts: WebAppOptions = {}): Router | null {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) return null;
  const r = express.Router();
  r.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, file) {
        // Hashed asset names never change content; the shell and service worker must revalidate.
        if (file.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        else res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );
  // A shared promo page is previewed by crawlers that run no script: its own tags go in the HTML.
  async function previewOf(requestPath: string): Promise<PagePreview | null> {
    const slug = promoPage.exec(requestPath)?.[1];
    if (!slug || !opts.promoPreview) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(slug);
    } catch {
      return null; // broken escapes name no page; the app shell says so
    }
    return opts.promoPreview(decoded);
  }

  r.get(/.*/, async (req, res, next) => {
    if (req.path.startsWith('/api/') || req.path.startsWith('/files/') || !req.accepts('html')) return next();
    // Read on each request: a new release replaces the file under a running server.
    const html = withAbsoluteShareLinks(await fs.promises.readFile(index, 'utf8'), publicUrl);
    const preview = await previewOf(req.path);
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(preview ? withPagePreview(html, preview, publicUrl) : html);
  });
  return r;
}

/** Screenshots and uploads: names are random or versioned, so they can be cached for good. */
export function storedFiles(files: FileStore): Router {
  const r = express.Router();
  r.use((_req, res, next) => {
    // Served from our origin, so never let a stored file run script or be sniffed into HTML.
    res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  if (files.root) {
    r.use(
      express.static(files.root, {
        index: false,
        dotfiles: 'deny',
        immutable: true,
        maxAge: '365d',
        fallthrough: true,
      }),
    );
    return r;
  }
  r.get('/:folder/:name', async (req, res, next) => {
    const { folder, name } = req.params;
    let publicPath: string;
    try {
      publicPath = publicPathOf(folder, name);
    } catch {
      return next();
    }
    const data = await files.read(publicPath);
    if (!data) return next();
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.type(path.extname(name) || 'application/octet-stream').send(data);
  });
  return r;
}
