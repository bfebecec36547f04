import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../config.js';
import { createServer, type Server } from '../server.js';
import { createPostgresDatabase, sqliteFromTemplate, type TestDialect } from './databases.js';
import { seedAccount } from './factory.js';
import { readOutbox } from './outbox.js';

/** Links in mail point here; requests themselves go to the real port, which the origin check also accepts. */
export const testPublicUrl = 'http://linkhive.test';

export interface TestServer {
  url: string;
  dataDir: string;
  /** The Postgres database of a Postgres test server. */
  databaseUrl: string | null;
  config: Config;
  server: Server;
  outbox: () => ReturnType<typeof readOutbox>;
  /** A browser-like client with no account yet; `seedAccount` or `signUp` gives it one. */
  agent: () => Agent;
  /**
   * Stops this server and starts another on the same data and database, as after a crash or a
   * deploy; `changes` are settings that differ on the new one.
   */
  restart(changes?: Record<string, string>): Promise<TestServer>;
  close(): Promise<void>;
}

interface Storage {
  dataDir: string;
  pgDb: { url: string; drop(): Promise<void> } | null;
}

/** A real server on a free port, its own data folder and its own database. */
export async function startTestServer(
  dialect: TestDialect,
  env: Record<string, string> = {},
  /** Stand-ins createServer accepts (e.g. a scripted local recommender). */
  serverOpts: ServerOptions = {},
): Promise<TestServer> {
  const storage: Storage = {
    dataDir: await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-test-')),
    pgDb: dialect === 'postgres' ? await createPostgresDatabase() : null,
  };
  return serveOn(storage, env, serverOpts);
}

type ServerOptions = Pick<
  NonNullable<Parameters<typeof createServer>[1]>,
  'localRecommender' | 'liveHeartbeatMs' | 'linkHealth' | 'crawlSitePauseMs' | 'crawlLimits' | 'crawlNow'
>;

async function serveOn(storage: Storage, env: Record<string, string>, serverOpts: ServerOptions): Promise<TestServer> {
  const { dataDir, pgDb } = storage;
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    PUBLIC_URL: testPublicUrl,
    AUTH_RATE_LIMIT: '1000',
    SCREENSHOTS: 'off',
    // Saved pages are read only where a test says so (CRAWL: 'on'): most tests save addresses of
    // no site at all, and their crawl would be work and log lines for nothing.
    CRAWL: 'off',
    ...env,
    DATABASE_URL: pgDb?.url ?? '',
  });
  // Migrated once per run (setup-server.ts): a copy of the template is the same as migrating here.
  if (!pgDb) await sqliteFromTemplate(config.dataDir);
  const server = await createServer(config, {
    log: pino({ level: process.env.TEST_LOG ?? 'silent' }),
    importWorkerFile: inject('importWorkerFile'),
    readableWorkerFile: inject('readableWorkerFile'),
    ...serverOpts,
  });
  const http = server.app.listen(0, '127.0.0.1');
  // The test and the server share one event loop: while a test keeps it busy, the server's 5 s
  // keep-alive timer and the client's reuse of that idle connection can meet, and the request
  // fails with ECONNRESET. A test's connections stay open as long as the test needs them.
  http.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => http.once('listening', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  async function stop() {
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    await server.close();
  }
  const testServer: TestServer = {
    url,
    dataDir,
    databaseUrl: pgDb?.url ?? null,
    config,
    server,
    outbox: () => readOutbox(dataDir),
    agent: () => new Agent(url, (agent, email, name) => seedAccount(testServer, { agent, email, name })),
    async restart(changes = {}) {
      await stop();
      return serveOn(storage, { ...env, ...changes }, serverOpts);
    },
    async close() {
      await stop();
      await pgDb?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return testServer;
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps cookies and sends our Origin, as the web app does. */
export class Agent {
  private cookies = new Map<string, string>();
  bearer: string | null = null;

  constructor(
    readonly baseUrl: string,
    private readonly seed?: (agent: Agent, email?: string, name?: string) => Promise<{ id: string }>,
  ) {}

  async request<T = any>(
    method: string,
    p: string,
    body?: unknown,
    init: { headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    if (body !== undefined || init.raw !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(this.baseUrl + p, {
      method,
      headers,
      body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (!value || /max-age=0/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  /** A multipart upload of one file, as a browser's FormData sends it. */
  upload<T = any>(p: string, field: string, data: Uint8Array, filename: string, type: string): Promise<Reply<T>> {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
    return this.send<T>('POST', p, form);
  }

  /** A multipart form, with this agent's cookies or token. */
  async send<T = any>(method: string, p: string, form: FormData): Promise<Reply<T>> {
    const headers: Record<string, string> = { origin: this.baseUrl };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const res = await fetch(this.baseUrl + p, { method, headers, body: form });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }

  get = <T = any>(p: string) => this.request<T>('GET', p);
  post = <T = any>(p: string, body: unknown = {}) => this.request<T>('POST', p, body);
  patch = <T = any>(p: string, body: unknown = {}) => this.request<T>('PATCH', p, body);
  delete = <T = any>(p: string) => this.request<T>('DELETE', p);

  /**
   * A fresh account from the test-data factory (factory.ts), signed in on this agent: the rows a
   * sign-up writes, without the HTTP round trip and the password hashing. The same answer as signUp.
   */
  async seedAccount(email?: string, firstName = 'Ann'): Promise<{ user: { id: string } }> {
    if (!this.seed) throw new Error('This agent has no test server to seed an account in: use t.agent().');
    const { id } = await this.seed(this, email, firstName);
    return { user: { id } };
  }

  /** Signs up a fresh account on this agent over HTTP, as a person does: for the tests of sign-up. */
  async signUp(email: string, firstName = 'Ann') {
    const res = await this.post('/api/auth/signup', { firstName, email, password: 'Passw0rd!' });
    if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
    return res.body as { user: { id: string } };
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string) {
    this.cookies.set(name, value);
  }

  hasSessionCookie() {
    return [...this.cookies.keys()].some((k) => k.includes('session_token'));
  }
}
