import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import { outsideFetchBudget } from '@linkhive/shared/domain';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/index.js';
import { waitingWriters } from './db/write-turns.js';
import { migrateToLatest } from './db/migrate.js';
import { createApp } from './app.js';
import { createLogger, type Logger } from './logger.js';
import { createMailer, MAIL_JOB, type Mailer, type MailMessage } from './integrations/mail/index.js';
import { mailOutbox } from './integrations/mail/outbox.js';
import { createBetterAuth, sessionCookieNames } from './features/auth/better-auth.js';
import { sessionResolver } from './features/auth/session-resolver.js';
import { authService, type AuthService } from './features/auth/service.js';
import { accountSetup } from './features/auth/account-setup.js';
import { AUTH_MAIL_JOB, authMails } from './features/auth/mails.js';
import { profileRepository } from './features/profile/repository.js';
import { permissionRepository } from './features/permissions/repository.js';
import { permissionService, type PermissionService } from './features/permissions/service.js';
import { ensureAuthSecret } from './db/app-setting-repository.js';
import { billingService } from './features/billing/service.js';
import { billingRepository } from './features/billing/repository.js';
import { billingCatalog } from './features/billing/catalog.js';
import { webhookHandler } from './features/billing/webhooks.js';
import { BILLING_RECONCILE_JOB, subscriptionReconciler, type ReconcilePage } from './features/billing/reconcile.js';
import { createStripe } from './integrations/stripe/index.js';
import { planRepository } from './features/plans/repository.js';
import { planService } from './features/plans/service.js';
import { bookmarkRepository } from './features/bookmarks/repository.js';
import { bookmarkService } from './features/bookmarks/service.js';
import { importService } from './features/import/service.js';
import { importRepository } from './features/import/repository.js';
import { importRunner, type ImportRunner } from './features/import/runner.js';
import { faviconService, type FaviconService } from './features/favicons/service.js';
import { faviconRepository } from './features/favicons/repository.js';
import { fetchBudget } from './http/fetch-budget.js';
import { pageService } from './features/pages/service.js';
import { profileService } from './features/profile/service.js';
import { SCREENSHOT_JOB, screenshotService } from './features/screenshots/service.js';
import { screenshotRepository } from './features/screenshots/repository.js';
import { copyService } from './features/copies/service.js';
import { startCrawler } from './features/copies/crawler.js';
import { robotsRules, siteTurns } from './features/copies/politeness.js';
import { crawlRepository } from './features/copies/crawl-repository.js';
import { crawlBudget } from './features/copies/crawl-budget.js';
import { copyRepository } from './features/copies/repository.js';
import { LINK_CHECK_JOB, linkHealthService, type LinkHealthService } from './features/link-health/service.js';
import { linkHealthRepository } from './features/link-health/repository.js';
import { trashRepository } from './features/trash/repository.js';
import { groupLinkTrash } from './features/groups/link-trash.js';
import { duplicateRepository } from './features/duplicates/repository.js';
import { duplicateService } from './features/duplicates/service.js';
import { tokenRepository } from './features/tokens/repository.js';
import { tokenService } from './features/tokens/service.js';
import { trashService, type TrashService } from './features/trash/service.js';
import { readableExtractor } from './content/readable-pool.js';
import { diskFileStore, type FileStore } from './integrations/files/index.js';
import { databaseFileStore } from './integrations/files/database.js';
import { createAddressGuard } from './integrations/page-fetch/address-guard.js';
import { createGuardedFetch } from './integrations/page-fetch/guarded-fetch.js';
import { createScreenshotter } from './integrations/screenshots/index.js';
import { createFeedReader } from './integrations/feeds/reader.js';
import { feedCache } from './features/feeds/feed-cache.js';
import { imageRelay } from './features/feeds/image-relay.js';
import { feedRepository } from './features/feeds/repository.js';
import { feedService } from './features/feeds/service.js';
import { jobQueue } from './jobs/queue.js';
import { createThreatChecker } from './integrations/threats/index.js';
import { advertRepository } from './features/adverts/repository.js';
import { advertService } from './features/adverts/service.js';
import { advertMails } from './features/adverts/mails.js';
import { THREAT_CHECK_JOB, threatCheckJobs } from './features/adverts/threat-check.js';
import { userLookupRepository } from './features/admin/repository.js';
import { adminService } from './features/admin/service.js';
import { promoRepository } from './features/promo/repository.js';
import { promoService } from './features/promo/service.js';
import { alongside, startWorker, type Worker } from './jobs/worker.js';
import type { Peers } from './cluster/peers.js';
import { groupRepository } from './features/groups/repository.js';
import { groupService } from './features/groups/service.js';
import { GROUP_PURGE_JOB, groupPurge } from './features/groups/purge.js';
import { HOUSEKEEPING_JOB, housekeeping, type Housekeeping } from './features/housekeeping/service.js';
import { groupMails } from './features/groups/mails.js';
import { createGroupLive } from './features/groups/live/index.js';
import { recommendationProviders } from './integrations/ai/index.js';
import { recommendationRepository } from './features/recommendations/repository.js';
import { recommendationService } from './features/recommendations/service.js';
import type { LocalRecommender } from './features/recommendations/local-recommender.js';
import { localRecommender } from './features/recommendations/local.js';
import { localRecommendationRepository } from './features/recommendations/local-repository.js';

export interface Server {
  app: Express;
  importWorker: ImportRunner;
  database: Db;
  log: Logger;
  mailer: Mailer;
  auth: AuthService;
  permissions: PermissionService;
  worker: Worker;
  favicons: FaviconService;
  /** Link health: its sweep can be run by hand (tests). */
  linkHealth: LinkHealthService;
  /** The trash: its purge can be run by hand with a clock (tests). */
  trash: TrashService;
  /** The hourly housekeeping: a run can be started by hand with a clock (tests). */
  housekeeper: Housekeeping;
  /** Where stored files live (FILE_STORE). */
  files: FileStore;
  /** Settles once the start's read of the Stripe catalogue has ended (at once without a key). */
  billingReady: Promise<void>;
  /** Stops the job worker and the screenshot browser; close() does it too. */
  stopBackground(): Promise<void>;
  close(): Promise<void>;
}

/** The composition root: opens the database, migrates, and builds every service the routes use. */
export async function createServer(
  config: Config,
  opts: {
    log?: Logger;
    sqliteFile?: string;
    /** The built import worker; tests build it from source (server/src/testing/build-workers.ts). */
    importWorkerFile?: string;
    /** The readable copies' extraction thread (content/readable-worker.ts), bundled: tests build their own. */
    readableWorkerFile?: string;
    /** Stands in for the local recommender (tests script its answers). */
    localRecommender?: LocalRecommender;
    /** How often live streams are pinged and their sessions checked (25 s; tests make it short). */
    liveHeartbeatMs?: number;
    /** Link health's clock and fetch time limit (tests move the time by days and shorten the wait). */
    linkHealth?: { now?: () => Date; timeoutMs?: number; random?: () => number };
    /** The crawler's pause after each request to a site (500 ms): tests of many pages shorten it. */
    crawlSitePauseMs?: number;
    /** The crawler's size and time caps of a page (3 MB, 15 s): tests of oversized and slow pages lower them. */
    crawlLimits?: { maxBytes: number; timeoutMs: number };
    /** The crawler's clock: tests move it past the wait of a page whose site failed. */
    crawlNow?: () => Date;
    /** The other server processes of this machine (cluster mode); null when alone. */
    peers?: Peers | null;
    /**
     * End imports left running, as after a crash (default). Off for a process that joins a running
     * cluster: the imports it finds belong to live siblings.
     */
    recoverImports?: boolean;
  } = {},
): Promise<Server> {
  const log = opts.log ?? createLogger(config.logLevel);
  // Requests that wait for SQLite's write lock, seen by the import worker (db/write-turns.ts).
  const writersWaiting = waitingWriters();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sqliteFile: opts.sqliteFile,
    waitingWriters: writersWaiting,
  });
  const applied = await migrateToLatest(database);
  if (applied.length) log.info({ migrations: applied }, 'migrations applied');
  const { db } = database;

  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log });
  const profiles = profileRepository(db);
  const permissions = permissionService(permissionRepository(db), config.adminEmails);
  const secret = await ensureAuthSecret(db, config.authSecret);
  const queue = jobQueue(db, database.dialect);
  const setup = accountSetup({ db, queue, profiles });
  // Without a job worker of its own (JOB_WORKER=off), a process wakes the sibling that has one.
  let worker: Worker = {
    poke: () => peers?.broadcast('jobs'),
    idle: async () => {},
    stop: async () => {},
  };
  const peers = opts.peers ?? null;
  const poke = () => worker.poke();
  const outbox = mailOutbox({
    queue,
    poke,
    mailTypes: [MAIL_JOB, AUTH_MAIL_JOB],
    queueIn: (trx) => jobQueue(trx, database.dialect),
  });
  const accountMails = authMails({ mailer, publicUrl: config.publicUrl, outbox });
  const betterAuth = createBetterAuth({
    db,
    dialect: database.dialect,
    secret,
    publicUrl: config.publicUrl,
    log,
    onUserCreated: (user) => setup.complete(user),
    sendResetCode: accountMails.sendResetCode,
  });
  const groupRepo = groupRepository(db, database.dialect);
  const tokens = tokenService(tokenRepository(db));
  const auth = authService({
    auth: betterAuth,
    db,
    profiles,
    permissions,
    hasGroups: (userId) => groupRepo.hasGroups(userId),
    resolveSession: sessionResolver(db, secret, sessionCookieNames),
    apiTokens: tokens,
    secret,
    accountRateLimit: config.authAccountRateLimit,
    mails: accountMails,
  });
  const planRepo = planRepository(db);
  const plans = planService(planRepo);
  const stripe = await createStripe({ key: config.stripeSecretKey, apiBase: config.stripeApiBase });
  const billingRepo = billingRepository(db);
  const billing = billingService({ plans: planRepo, repo: billingRepo, stripe, publicUrl: config.publicUrl, log });
  const catalog = stripe ? billingCatalog(billingRepo, stripe, log) : null;
  // The plans are read from Stripe in the background; start does not wait on Stripe answering.
  const billingReady = catalog ? catalog.syncAtStart() : Promise.resolve();
  const reconcileJobId = (page: ReconcilePage) =>
    [BILLING_RECONCILE_JOB, page.day, page.after].filter((part) => part !== undefined).join(':');
  const reconciler = stripe
    ? subscriptionReconciler({
        stripe,
        repo: billingRepo,
        log,
        // The next page's id names the day and its start: a page retried queues its successor once.
        queueNext: async (next) => {
          await queue.enqueue(BILLING_RECONCILE_JOB, next, { id: reconcileJobId(next) });
          poke();
        },
      })
    : null;
  const billingWebhooks =
    stripe && catalog
      ? webhookHandler({ stripe, webhookSecret: config.stripeWebhookSecret, repo: billingRepo, catalog, log })
      : null;

  const guard = createAddressGuard(config.fetchAllowHosts);
  const fetchPage = createGuardedFetch(guard);
  const files = config.fileStore === 'database' ? databaseFileStore(db) : diskFileStore(config.dataDir);
  const screenshotter = createScreenshotter({
    enabled: config.screenshots,
    chromiumPath: config.chromiumPath,
    guard,
    log,
  });
  const screenshots = screenshotService({
    repo: screenshotRepository(db),
    queue,
    files,
    screenshotter,
    poke: () => poke(),
  });
  // Outside images shown in our pages (feed items, readable copies) load through this relay.
  const images = imageRelay(secret, fetchPage);
  // One request at a time to a site, for the copies' reads; the crawler takes pages of free sites first.
  const sites = siteTurns(opts.crawlSitePauseMs ?? 500);
  const extractor = readableExtractor({
    workerFile: opts.readableWorkerFile ?? fileURLToPath(new URL('./readable-worker.js', import.meta.url)),
  });
  const copies = copyService({
    repo: copyRepository(db, database.dialect),
    fetchPage,
    robots: robotsRules(fetchPage),
    sites,
    limits: opts.crawlLimits,
    extract: (html, url) => extractor.extract(html, url),
    enabled: config.crawl,
    poke: () => crawler?.poke(),
    log,
    relayImage: (url) => images.src(url),
  });
  let crawler: Worker | null = null;
  const users = userLookupRepository(db);
  const advertRepo = advertRepository(db);
  const threats = createThreatChecker({ key: config.safeBrowsingKey, baseUrl: config.safeBrowsingUrl });
  const checks = threatCheckJobs({
    repo: advertRepo,
    threats,
    queue,
    poke: () => poke(),
    log,
  });
  const adverts = advertService({
    repo: advertRepo,
    permissions,
    files,
    threats,
    checks,
    mails: advertMails({ publicUrl: config.publicUrl, outbox, users }),
  });
  const groupLive = await createGroupLive({
    db,
    dialect: database.dialect,
    databaseUrl: config.databaseUrl,
    peers,
    log,
    heartbeatMs: opts.liveHeartbeatMs,
    sessionLives: (key) => auth.sessionLives(key),
  });
  const linkTrash = groupLinkTrash(db, database.dialect);
  const trash = trashService(trashRepository(db), { days: config.trashDays, alsoPurge: [linkTrash.purgeDue] });
  // What has waited its days is deleted for good once an hour, in the 'cleanup' lane.
  const housekeeper = housekeeping({ trash, queue });
  const groups = groupService({
    repo: groupRepo,
    trash: { links: linkTrash, days: config.trashDays },
    permissions,
    events: groupLive.events,
    mails: groupMails({ publicUrl: config.publicUrl, outbox }),
    copies,
    log,
  });
  // Link health: checked in the 'link checks' lane, queued by a sweep that runs only where saved
  // pages are crawled (CRAWL) and this process works the queue; 'Check now' works regardless.
  const linkHealth = linkHealthService({
    repo: linkHealthRepository(db),
    queue,
    fetchPage,
    budget: fetchBudget(db, { name: 'link checks', limit: config.fetchBudget, windowMs: outsideFetchBudget.windowMs }),
    poke,
    log,
    ...opts.linkHealth,
  });
  const stopLinkSweeps = config.crawl && config.jobWorker ? linkHealth.startSweeps() : () => {};
  if (config.jobWorker) {
    // Lanes: mail and threat checks never wait behind a screenshot, which may take a page's 15 s
    // load and Chromium's start; each job is cut off well before the lease would hand it to
    // another process (JOB_LEASE_MS). One runner a lane: two reset mails of one account, or two
    // checks of one advert, must not overtake each other.
    worker = startWorker(
      queue,
      [
        {
          name: 'mail',
          concurrency: 1,
          timeoutMs: 30_000,
          // A mail server down for a while: tries over about a minute before the mail is given up.
          maxAttempts: 5,
          handlers: {
            [AUTH_MAIL_JOB]: (payload) => auth.runMailJob(payload),
            [MAIL_JOB]: (message: MailMessage) => mailer.send(message),
          },
        },
        {
          name: 'threat checks',
          concurrency: 1,
          timeoutMs: 30_000,
          handlers: { [THREAT_CHECK_JOB]: (payload, attempt) => checks.run(payload, attempt) },
        },
        {
          name: 'screenshots',
          concurrency: 1,
          timeoutMs: 45_000,
          // Optional work: a page that failed twice shows its site icon; Refresh asks again.
          maxAttempts: 2,
          handlers: { [SCREENSHOT_JOB]: (payload) => screenshots.run(payload) },
        },
        {
          // Link health: one address at a time, so that no site sees two checks at once from here.
          name: 'link checks',
          concurrency: 1,
          timeoutMs: 30_000,
          // A check records every answer, a timeout included: only a database failure retries.
          maxAttempts: 2,
          handlers: { [LINK_CHECK_JOB]: (payload) => linkHealth.run(payload) },
        },
        ...(reconciler
          ? [
              {
                // Stripe's word on every paid subscription, once a day: a webhook lost or late
                // never leaves a plan on (features/billing/reconcile.ts).
                name: 'billing',
                concurrency: 1,
                timeoutMs: 5 * 60_000,
                handlers: { [BILLING_RECONCILE_JOB]: reconciler.handleJob },
              },
            ]
          : []),
        {
          // A deleted group's links, removed in batches off the request path (features/groups/purge.ts),
          // and the hourly housekeeping (features/housekeeping).
          name: 'cleanup',
          concurrency: 1,
          timeoutMs: 45_000,
          handlers: {
            [GROUP_PURGE_JOB]: groupPurge(groupRepo, { links: linkTrash, days: config.trashDays }).handler,
            [HOUSEKEEPING_JOB]: housekeeper.handler,
          },
        },
      ],
      log,
      { leaseMs: config.jobLeaseMs, retryBaseMs: config.jobRetryBaseMs },
    );
    peers?.on('jobs', () => worker.poke());
    if (config.crawl) {
      // The crawler finds its pages in the bookmarks (features/copies/crawler.ts), not in jobs.
      crawler = startCrawler({
        repo: crawlRepository(db, database.dialect),
        read: (bookmarkId) => copies.read(bookmarkId),
        readGroupLink: (linkId) => copies.readGroupLink(linkId),
        concurrency: config.crawlConcurrency,
        busySites: () => sites.busy(),
        budget: config.crawlBudget ? crawlBudget(db, { limit: config.crawlBudget }) : undefined,
        log,
        pollMs: 5000,
        now: opts.crawlNow,
      });
      worker = alongside(worker, crawler);
    }
  }
  // Queued once a day whichever processes ask (the id names the day); checked every hour.
  const today = (): ReconcilePage => ({ day: new Date().toISOString().slice(0, 10) });
  const queueReconcile = () =>
    reconciler &&
    queue
      .enqueue(BILLING_RECONCILE_JOB, today(), { id: reconcileJobId(today()) })
      .catch((err) => log.error({ err }, 'could not queue the billing reconcile'));
  await queueReconcile();
  const reconcileTimer = setInterval(queueReconcile, 60 * 60_000).unref();
  // Outside fetches are budgeted per account (see outsideFetchBudget); feeds and site icons apart.
  const budget = (name: string) =>
    fetchBudget(db, { name, limit: config.fetchBudget, windowMs: outsideFetchBudget.windowMs });
  const favicons = faviconService(faviconRepository(db), files, fetchPage, { budget: budget('favicons') });
  const bookmarkRepo = bookmarkRepository(db, database.dialect);
  const bookmarks = bookmarkService(bookmarkRepo, screenshots, { adverts: advertRepo, favicons, copies, trash });
  // Queued at the start and every hour by every process, run once an hour by one of them.
  const queueHousekeeping = () =>
    housekeeper
      .queue()
      .then(() => poke())
      .catch((err) => log.error({ err }, 'could not queue the hourly housekeeping'));
  await queueHousekeeping();
  const housekeepingTimer = setInterval(queueHousekeeping, 60 * 60_000).unref();
  const feedRepo = feedRepository(db);
  const feeds = feedService({
    bookmarks: bookmarkRepo,
    cache: feedCache(feedRepo, createFeedReader(fetchPage), { log }),
    permissions,
    images,
    budget: budget('feeds'),
  });

  const importRepo = importRepository(db, database.dialect, { trashDays: config.trashDays });
  const importWorker = importRunner({
    workerFile: opts.importWorkerFile ?? fileURLToPath(new URL('./import-worker.js', import.meta.url)),
    data: {
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      sqliteFile: opts.sqliteFile,
      trashDays: config.trashDays,
      waitingWriters: writersWaiting,
    },
    repo: importRepo,
    log,
    async onImported(userId, favourites) {
      // The worker refreshed the planner's statistics after its commit; this connection reads them anew.
      await database.reloadStatistics();
      // An imported favourite gets its site's screenshot, as one saved by hand does.
      await screenshots.requestMany(favourites, userId);
      // And every imported page is read for its copy, in turn with everyone else's (crawler.ts).
      copies.saved();
    },
  });
  const imports = importService({ repo: importRepo, runner: importWorker, log });
  if (opts.recoverImports ?? true) await imports.recover(database.dialect);
  // Accounts whose sign-up a crash cut short get their profile and welcome mail; idempotent, so
  // every process may run it.
  const repairAccounts = () =>
    setup
      .repair()
      .then((n) => n && (log.warn({ accounts: n }, 'finished the setup of accounts a crash cut short'), poke()))
      .catch((err) => log.error({ err }, 'could not finish the setup of accounts'));
  await repairAccounts();
  const repairTimer = setInterval(repairAccounts, 5 * 60_000).unref();
  const stopSweep = imports.sweep();

  const recommendations = recommendationService({
    db,
    repo: recommendationRepository(db),
    bookmarks: bookmarkRepo,
    permissions,
    providers: recommendationProviders(config.recommendations),
    local: opts.localRecommender ?? localRecommender(localRecommendationRepository(db, database.dialect)),
    dailyLimit: config.recommendations.dailyLimit,
    timeoutMs: config.recommendations.timeoutMs,
    log,
  });

  const app = createApp({
    config,
    db,
    log,
    auth,
    plans,
    billing,
    billingWebhooks,
    bookmarks,
    copies,
    linkHealth,
    trash,
    duplicates: duplicateService(duplicateRepository(db, database.dialect), trash),
    tokens,
    imports,
    profiles: profileService(profiles, files, copyRepository(db, database.dialect)),
    pages: pageService(fetchPage, screenshots.enabled),
    favicons,
    feeds,
    adverts,
    admin: adminService(users, permissions),
    promo: promoService({ adverts: advertRepo, repo: promoRepository(db) }),
    groups,
    recommendations,
    groupEvents: groupLive.routes,
    files,
  });

  return {
    app,
    importWorker,
    database,
    log,
    mailer,
    auth,
    permissions,
    worker,
    favicons,
    linkHealth,
    trash,
    housekeeper,
    files,
    billingReady,
    async stopBackground() {
      await worker.stop();
      await screenshotter.close();
      await extractor.close();
    },
    async close() {
      favicons.stop();
      stopSweep();
      stopLinkSweeps();
      clearInterval(repairTimer);
      clearInterval(reconcileTimer);
      clearInterval(housekeepingTimer);
      // An import in its last seconds may finish; one that does not ends as interrupted.
      await Promise.race([importWorker.idle(), new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      await importWorker.close();
      await worker.stop();
      await screenshotter.close();
      await extractor.close();
      mailer.close();
      await groupLive.close();
      await billingReady;
      await database.destroy();
    },
  };
}
