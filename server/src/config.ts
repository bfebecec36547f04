import os from 'node:os';
import path from 'node:path';
import { defaultTrashDays, outsideFetchBudget, recommendationRules } from '@linkhive/shared/domain';

export interface Config {
  port: number;
  /**
   * HOST: the address the server listens on. Loopback by default, as a personal install should be:
   * nothing on the network reaches it until its owner says so (`0.0.0.0` or `::` for every interface).
   */
  host: string;
  /**
   * WEB_CONCURRENCY: server processes sharing the port. Default: one on SQLite, where every write
   * takes turns on one file and a second process added memory but no saves (547 vs 637 saves/s on
   * 2 cores); the machine's cores on Postgres, whose writes do run side by side.
   */
  webConcurrency: number;
  /**
   * JOB_WORKER=off: this process runs no background jobs (screenshots, mail, threat checks). In a
   * cluster only the first process runs them; on several machines, each machine's first does.
   */
  jobWorker: boolean;
  /**
   * JOB_LEASE_MS: how long a process holds a job it took before another may take it again, should
   * the first have died (default 60 s). Shorter only where a test waits for a killed process's job.
   */
  jobLeaseMs: number;
  /** JOB_RETRY_BASE_MS: a failed job's n-th retry waits 2^n times this (default 1 s: 2 s, then 4 s). */
  jobRetryBaseMs: number;
  /** FILE_STORE: where stored files live; 'database' (the default with DATABASE_URL) or 'disk'. */
  fileStore: 'disk' | 'database';
  /**
   * TRUST_PROXY: whose X-Forwarded-For and -Proto to believe (Express's 'trust proxy'): addresses
   * or subnets, comma-separated, or a number of hops. Default: loopback (nginx on the same machine).
   */
  trustProxy: string | number;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | null;
  smtpUrl: string | null;
  adminEmails: string[];
  fetchAllowHosts: string[];
  /** Secret that signs session cookies; generated and kept in DATA_DIR when not given. */
  authSecret: string | null;
  webDist: string | null;
  /**
   * EXTENSION_STORE_URL: the extension's store listing (Chrome Web Store; Edge installs from it too).
   * Without it the web app's 'Get the extension' page explains how to load the zip served below.
   */
  extensionStoreUrl: string | null;
  /** EXTENSION_DIR: where the built extension's zips are (linkhive-<version>-<browser>.zip). */
  extensionDir: string | null;
  logLevel: string;
  /** CHROMIUM_PATH; null looks in the usual places. */
  chromiumPath: string | null;
  /** SCREENSHOTS=off turns page screenshots off even where Chromium is installed. */
  screenshots: boolean;
  /** CRAWL=off: saved pages are not read for their readable copy. */
  crawl: boolean;
  /** CRAWL_CONCURRENCY: pages read at once by one process (default 4). */
  crawlConcurrency: number;
  /** CRAWL_BUDGET: pages the crawler reads per account per hour (default 10,000; 0: no limit). */
  crawlBudget: number;
  /** TRASH_DAYS: how long deleted bookmarks wait in the trash before they are gone for good (default 30). */
  trashDays: number;
  /** Outside fetches per account per 10 minutes, feeds and site icons each (FETCH_BUDGET). */
  fetchBudget: number;
  /** Origin of the landing page's video (VITE_VIDEO_URL), which the page may embed. */
  videoOrigin: string | null;
  /** Requests per minute per address on sign-in, sign-up and reset. */
  authRateLimit: number;
  /** Failed sign-ins per minute per account, from any number of addresses. */
  authAccountRateLimit: number;
  /** SAFE_BROWSING_KEY; without it adverts are marked 'not checked'. */
  safeBrowsingKey: string | null;
  /** SAFE_BROWSING_URL: the service's base address; the client adds /v4/threatMatches:find. */
  safeBrowsingUrl: string;
  /** STRIPE_SECRET_KEY; without it billing is off and checkout answers 503. */
  stripeSecretKey: string | null;
  /** STRIPE_WEBHOOK_SECRET: the signing secret of the webhook endpoint (whsec_…). */
  stripeWebhookSecret: string | null;
  /** STRIPE_API_BASE: a Stripe-compatible endpoint (tests' fake); null is Stripe itself. */
  stripeApiBase: string | null;
  /** Recommended websites (features/recommendations): each provider is skipped without its key. */
  recommendations: {
    openai: { apiKey: string | null; baseUrl: string | null; model: string };
    gemini: { apiKey: string | null; baseUrl: string | null; model: string };
    /** RECOMMENDATION_DAILY_LIMIT: provider calls (cache misses) per account per day. */
    dailyLimit: number;
    /** RECOMMENDATION_TIMEOUT_MS: how long each provider gets before the next is asked. */
    timeoutMs: number;
  };
}

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute address, got "${env.PUBLIC_URL}"`);
  }
  const databaseUrl = env.DATABASE_URL || null;
  const fileStore = env.FILE_STORE || (databaseUrl ? 'database' : 'disk');
  if (fileStore !== 'disk' && fileStore !== 'database')
    throw new Error(`FILE_STORE must be disk or database, got "${env.FILE_STORE}"`);
  return {
    port,
    host: env.HOST?.trim() || '127.0.0.1',
    webConcurrency: env.WEB_CONCURRENCY
      ? atLeastOne('WEB_CONCURRENCY', env.WEB_CONCURRENCY)
      : databaseUrl
        ? os.availableParallelism()
        : 1,
    jobWorker: env.JOB_WORKER !== 'off',
    jobLeaseMs: env.JOB_LEASE_MS ? atLeastOne('JOB_LEASE_MS', env.JOB_LEASE_MS) : 60_000,
    jobRetryBaseMs: env.JOB_RETRY_BASE_MS ? atLeastOne('JOB_RETRY_BASE_MS', env.JOB_RETRY_BASE_MS) : 1000,
    fileStore,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    dataDir: path.resolve(env.DATA_DIR || './data'),
    publicUrl,
    databaseUrl,
    smtpUrl: env.SMTP_URL || null,
    adminEmails: list(env.ADMIN_EMAILS).map((e) => e.toLowerCase()),
    fetchAllowHosts: list(env.FETCH_ALLOW_HOSTS),
    authSecret: env.AUTH_SECRET || null,
    webDist: env.WEB_DIST ?? null,
    extensionStoreUrl: httpsUrl('EXTENSION_STORE_URL', env.EXTENSION_STORE_URL),
    extensionDir: env.EXTENSION_DIR ?? null,
    logLevel: env.LOG_LEVEL || 'info',
    authRateLimit: Number(env.AUTH_RATE_LIMIT || 10),
    authAccountRateLimit: Number(env.AUTH_ACCOUNT_RATE_LIMIT || 10),
    chromiumPath: env.CHROMIUM_PATH || null,
    videoOrigin: originOf(env.VITE_VIDEO_URL),
    screenshots: env.SCREENSHOTS !== 'off',
    crawl: env.CRAWL !== 'off',
    crawlConcurrency: Math.max(1, positive('CRAWL_CONCURRENCY', env, 4)),
    crawlBudget: positive('CRAWL_BUDGET', env, 10_000),
    trashDays: env.TRASH_DAYS ? atLeastOne('TRASH_DAYS', env.TRASH_DAYS) : defaultTrashDays,
    fetchBudget: Number(env.FETCH_BUDGET || outsideFetchBudget.perAccount),
    safeBrowsingKey: env.SAFE_BROWSING_KEY || null,
    safeBrowsingUrl: (env.SAFE_BROWSING_URL || 'https://safebrowsing.googleapis.com').replace(/\/+$/, ''),
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    stripeApiBase: stripeApiBase(env.STRIPE_API_BASE),
    recommendations: {
      openai: {
        apiKey: env.OPENAI_API_KEY || null,
        baseUrl: env.OPENAI_BASE_URL || null,
        model: env.OPENAI_MODEL || 'gpt-3.5-turbo',
      },
      gemini: {
        apiKey: env.GEMINI_API_KEY || null,
        baseUrl: env.GEMINI_BASE_URL || null,
        model: env.GEMINI_MODEL || 'gemini-1.5-pro',
      },
      dailyLimit: positive('RECOMMENDATION_DAILY_LIMIT', env, recommendationRules.dailyProviderCalls),
      timeoutMs: positive('RECOMMENDATION_TIMEOUT_MS', env, recommendationRules.providerTimeoutMs),
    },
  };
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function stripeApiBase(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    throw new Error(`STRIPE_API_BASE must be an address such as http://127.0.0.1:12111, got "${url}"`);
  }
}

function positive(name: string, env: NodeJS.ProcessEnv, fallback: number): number {
  const v = env[name];
  if (!v) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${v}"`);
  return n;
}

function atLeastOne(name: string, v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got "${v}"`);
  return n;
}

function trustProxyOf(v: string | undefined): string | number {
  if (!v) return 'loopback';
  if (/^\d+$/.test(v)) return Number(v);
  // Trusting every address would let any client write the address that rate limits count by.
  if (v === 'true' || v === '*')
    throw new Error('TRUST_PROXY must name the proxies (addresses, subnets or hops), not all');
  return v;
}

/** An https address, or null when not set; anything else stops the start with a clear message. */
function httpsUrl(name: string, value: string | undefined): string | null {
  if (!value?.trim()) return null;
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'https:') return url.toString();
  } catch {
    // Said below.
  }
  throw new Error(`${name} must be an https:// address, got "${value}"`);
}
