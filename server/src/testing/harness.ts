import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { loadConfig, type Config } from '../config.js';
import { createServer, type Server } from '../server.js';
import { createPostgresDatabase, type TestDialect } from './databases.js';
import { readOutbox } from './outbox.js';

/** Links in mail point here; requests themselves go to the real port, which the origin check also accepts. */
export const testPublicUrl = 'http://linkhive.test';

export interface TestServer {
  url: string;
  dataDir: string;
  server: Server;
  outbox: () => ReturnType<typeof readOutbox>;
  agent: () => Agent;
  close(): Promise<void>;
}

/** A real server on a free port, its own data folder and its own database. */
export async function startTestServer(
  dialect: TestDialect,
  env: Record<string, string> = {},
  hooks: Pick<Parameters<typeof createServer>[1] & object, 'importHooks'> = {},
): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-test-'));
  const pgDb = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    PUBLIC_URL: testPublicUrl,
    AUTH_RATE_LIMIT: '1000',
    SCREENSHOTS: 'off',
    ...env,
    DATABASE_URL: pgDb?.url ?? '',
  });
  const server = await createServer(config, { log: pino({ level: process.env.TEST_LOG ?? 'silent' }), ...hooks });
  const http = server.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => http.once('listening', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    url,
    dataDir,
    server,
    outbox: () => readOutbox(dataDir),
    agent: () => new Agent(url),
    async close() {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await server.close();
      await pgDb?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
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

  constructor(readonly baseUrl: string) {}

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
  async upload<T = any>(p: string, field: string, data: Uint8Array, filename: string, type: string): Promise<Reply<T>> {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(data)], { type }), filename);
    const headers: Record<string, string> = { origin: this.baseUrl };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.baseUrl + p, { method: 'POST', headers, body: form });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, headers: res.headers };
  }

  get = <T = any>(p: string) => this.request<T>('GET', p);
  post = <T = any>(p: string, body: unknown = {}) => this.request<T>('POST', p, body);
  patch = <T = any>(p: string, body: unknown = {}) => this.request<T>('PATCH', p, body);
  delete = <T = any>(p: string) => this.request<T>('DELETE', p);

  /** Signs up a fresh account on this agent. */
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
