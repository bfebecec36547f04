import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/schema.js';
import type { Logger } from './logger.js';
import { errorHandler, notFound } from './http/errors.js';
import { docsRoutes } from './features/docs/routes.js';
import { originCheck } from './http/origin-check.js';
import { useRequestLog } from './http/request-log.js';
import { extensionVersionCheck } from './http/extension-version.js';
import { loadSession, readOnlyTokens } from './http/session.js';
import { authRoutes } from './features/auth/routes.js';
import type { AuthService } from './features/auth/service.js';
import { healthRoutes } from './features/health/routes.js';
import { healthRepository } from './features/health/repository.js';
import { billingRoutes } from './features/billing/routes.js';
import type { BillingService } from './features/billing/service.js';
import type { WebhookHandler } from './features/billing/webhooks.js';
import { planRoutes } from './features/plans/routes.js';
import type { PlanService } from './features/plans/service.js';
import { storedFiles, webApp } from './web/static.js';
import type { FileStore } from './integrations/files/index.js';
import { bookmarkRoutes } from './features/bookmarks/routes.js';
import type { BookmarkService } from './features/bookmarks/service.js';
import { exportRoutes } from './features/export/routes.js';
import { importRoutes } from './features/import/routes.js';
import type { ImportService } from './features/import/service.js';
import { faviconRoutes } from './features/favicons/routes.js';
import type { FaviconService } from './features/favicons/service.js';
import { pageRoutes } from './features/pages/routes.js';
import type { PageService } from './features/pages/service.js';
import { profileRoutes } from './features/profile/routes.js';
import type { ProfileService } from './features/profile/service.js';
import { rateLimits } from './http/rate-limit.js';
import { feedRoutes } from './features/feeds/routes.js';
import type { FeedService } from './features/feeds/service.js';
import { advertRoutes } from './features/adverts/routes.js';
import type { AdvertService } from './features/adverts/service.js';
import { adminRoutes } from './features/admin/routes.js';
import type { AdminService } from './features/admin/service.js';
import { promoRoutes } from './features/promo/routes.js';
import { extensionDownloads, extensionRoutes } from './features/extension/routes.js';
import type { PromoService } from './features/promo/service.js';
import { groupRoutes } from './features/groups/routes.js';
import type { GroupService } from './features/groups/service.js';
import { recommendationRoutes } from './features/recommendations/routes.js';
import { copyRoutes, sentCopyJson, sentCopyPath } from './features/copies/routes.js';
import type { CopyService } from './features/copies/service.js';
import { linkHealthRoutes } from './features/link-health/routes.js';
import { trashRoutes } from './features/trash/routes.js';
import { duplicateRoutes } from './features/duplicates/routes.js';
import { shareTargetRoutes } from './features/share-target/routes.js';
import type { DuplicateService } from './features/duplicates/service.js';
import type { TrashService } from './features/trash/service.js';
import { tokenRoutes } from './features/tokens/routes.js';
import type { TokenService } from './features/tokens/service.js';
import type { LinkHealthService } from './features/link-health/service.js';
import type { RecommendationService } from './features/recommendations/service.js';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  log: Logger;
  auth: AuthService;
  plans: PlanService;
  billing: BillingService;
  /** Stripe's webhook deliveries; null while billing is off. */
  billingWebhooks: WebhookHandler | null;
  bookmarks: BookmarkService;
  copies: CopyService;
  linkHealth: LinkHealthService;
  trash: TrashService;
  duplicates: DuplicateService;
  tokens: TokenService;
  imports: ImportService;
  profiles: ProfileService;
  pages: PageService;
  favicons: FaviconService;
  feeds: FeedService;
  adverts: AdvertService;
  admin: AdminService;
  promo: PromoService;
  groups: GroupService;
  recommendations: RecommendationService;
  /** The live-update stream, GET /groups/events (features/groups/live). */
  groupEvents: Router;
  files: FileStore;
}

/** Wires the routes; listening is the caller's business so tests can mount it on any port. */
export function createApp(deps: AppDeps): Express {
  const { config, db, log } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  useRequestLog(app, log);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // MUI's emotion writes style tags at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          frameSrc: config.videoOrigin ? ["'self'", config.videoOrigin] : ["'self'"],
          mediaSrc: config.videoOrigin ? ["'self'", config.videoOrigin] : ["'self'"],
          upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
        },
      },
      hsts: config.publicUrl.startsWith('https://'),
    }),
  );

  const api = express.Router();
  const limits = rateLimits(db);
  // The extension's import sends the browser's whole bookmark list: kept as bytes for the import
  // worker to parse, off this thread. Everything else is small JSON.
  const smallJson = express.json({ limit: '100kb' });
  const importJson = express.raw({ type: 'application/json', limit: '25mb' });
  // Stripe signs the exact bytes it sends, so the webhook's body stays raw for the signature check.
  const webhookRaw = express.raw({ type: () => true, limit: '1mb' });
  // A page the extension sends for its readable copy: up to 3 MB of HTML (features/copies/routes.ts).
  const pageJson = sentCopyJson();
  const parserOf = (req: express.Request) =>
    req.path === '/import'
      ? importJson
      : req.path === '/billing/webhook'
        ? webhookRaw
        : req.method === 'PUT' && sentCopyPath.test(req.path)
          ? pageJson
          : smallJson;
  api.use((req, res, next) => parserOf(req)(req, res, next));
  api.use(extensionVersionCheck());
  api.use(originCheck(config.publicUrl));
  api.use(loadSession(deps.auth));
  api.use(readOnlyTokens);
  api.use(healthRoutes(healthRepository(db)));
  api.use(docsRoutes());
  api.use('/auth', authRoutes(deps.auth, limits, config.authRateLimit));
  api.use(planRoutes(deps.plans));
  api.use(extensionRoutes({ storeUrl: config.extensionStoreUrl, dir: config.extensionDir }));
  api.use(billingRoutes(deps.billing, deps.billingWebhooks));
  api.use(recommendationRoutes(deps.recommendations, limits));
  api.use(bookmarkRoutes(deps.bookmarks));
  api.use(copyRoutes(deps.copies, limits));
  api.use(linkHealthRoutes(deps.linkHealth));
  api.use(trashRoutes(deps.trash));
  api.use(duplicateRoutes(deps.duplicates));
  api.use(tokenRoutes(deps.tokens));
  api.use(feedRoutes(deps.feeds, limits, (user, groupId, linkId) => deps.groups.linkFeedSource(user, groupId, linkId)));
  api.use(importRoutes(deps.imports));
  api.use(exportRoutes(deps.bookmarks));
  api.use(profileRoutes(deps.profiles));
  api.use(pageRoutes(deps.pages, limits));
  api.use(advertRoutes(deps.adverts));
  api.use(adminRoutes(deps.admin, deps.adverts));
  api.use(promoRoutes(deps.promo, limits));
  // Before the groups' own routes, so that no /groups/:id path can take /groups/events.
  api.use(deps.groupEvents);
  api.use(groupRoutes(deps.groups, limits));
  api.use(limits.perAddress({ name: 'favicon', limit: 600, windowMs: 60_000 }), faviconRoutes(deps.favicons));
  api.use((req, _res, next) => next(notFound(`No API route for ${req.method} ${req.baseUrl}${req.path}`)));
  app.use('/api', api);
  // For the contract test, which checks that every route below /api is bound to its entry.
  app.locals.api = api;

  // The installed app's share sheet posts here (a fixed path, outside /api); it only redirects.
  app.use(shareTargetRoutes());
  app.use('/files', storedFiles(deps.files));
  app.use('/downloads', extensionDownloads(config.extensionDir));

  const web = config.webDist
    ? webApp(config.webDist, config.publicUrl, { promoPreview: (slug) => deps.promo.linkPreview(slug) })
    : null;
  if (web) app.use(web);
  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler(log));
  return app;
}
