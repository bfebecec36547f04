import { Router } from 'express';
import { badRequest } from '../../http/errors.js';
import { letterIcon, type FaviconService } from './service.js';

const hostname = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/i;

export function faviconRoutes(favicons: FaviconService): Router {
  const r = Router();
  r.get('/favicons/:domain', async (req, res) => {
    const domain = req.params.domain.toLowerCase();
    if (!hostname.test(domain)) throw badRequest('Not a domain name', 'domain');
    const icon = await favicons.get(domain);
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    // The extension's pages are another origin; an icon says nothing about the user, so let them show it.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (!icon) return void res.type('image/svg+xml').send(letterIcon(domain));
    res.type(icon.type).send(icon.body);
  });
  return r;
}
