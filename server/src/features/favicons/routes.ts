import { Router } from 'express';
import { contract } from '@linkhive/shared/contract';
import { route } from '../../http/contract-route.js';
import { badRequest } from '../../http/errors.js';
import { hostname, letterIcon, type FaviconService } from './service.js';

export function faviconRoutes(favicons: FaviconService): Router {
  const r = Router();
  // Public: an extension page's <img> sends no token, and it must still show cached icons.
  route(r, contract.favicons.icon, async ({ params }, req, res) => {
    const domain = params.domain.toLowerCase();
    if (!hostname.test(domain)) throw badRequest('Not a domain name', 'domain');
    const { icon, known } = await favicons.get(domain, req.user?.id ?? null);
    // A letter icon that stands in while no lookup has answered must not stick: the next view may
    // have the real one.
    res.setHeader('Cache-Control', known || icon ? 'public, max-age=86400' : 'no-cache');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    // The extension's pages are another origin; an icon says nothing about the user, so let them show it.
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (!icon) return void res.type('image/svg+xml').send(letterIcon(domain));
    res.type(icon.type).send(icon.body);
  });
  return r;
}
