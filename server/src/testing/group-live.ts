import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import pino from 'pino';
import { openDatabase, type Db } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { errorHandler } from '../http/errors.js';
import { createPostgresDatabase, type TestDialect } from './databases.js';
import { createGroupLive, type GroupLive } from '../features/groups/live/index.js';

export const silent = pino({ level: process.env.TEST_LOG ?? 'silent' });

/** One migrated database for a test file; `open` gives further connections to it, as other processes have. */
export async function testDatabase(dialect: TestDialect) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'linkhive-live-'));
  const pgDb = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const databaseUrl = pgDb?.url ?? null;
  const opened: Db[] = [];
  const open = async () => {
    const d = await openDatabase({ databaseUrl, dataDir });
    opened.push(d);
    return d;
  };
  const first = await open();
  await migrateToLatest(first);
  return {
    database: first,
    databaseUrl,
    open,
    async close() {
      for (const d of opened) await d.destroy();
      await pgDb?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function addUser({ db }: Db, name: string): Promise<string> {
  const id = `${name}-${randomUUID()}`;
  const now = new Date().toISOString();
  await db
    .insertInto('user')
    .values({ id, name, email: `${id}@linkhive.test`, emailVerified: 0, createdAt: now, updatedAt: now })
    .execute();
  return id;
}

/** A group with its owner's member row, and active members. */
export async function addGroup({ db }: Db, ownerId: string, memberIds: string[] = []): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('workspace_group')
    .values({ id, owner_id: ownerId, name: id, name_key: id, created_at: now, updated_at: now })
    .execute();
  await addMember({ db } as Db, id, ownerId, 'owner');
  for (const m of memberIds) await addMember({ db } as Db, id, m);
  return id;
}

export async function addMember({ db }: Db, groupId: string, userId: string, role: 'owner' | 'member' = 'member') {
  await db
    .insertInto('group_member')
    .values({
      id: randomUUID(),
      group_id: groupId,
      user_id: userId,
      email: `${userId}@linkhive.test`,
      role,
      status: 'active',
      invited_by: null,
      joined_at: new Date().toISOString(),
      activated_at: new Date().toISOString(),
      token_hash: null,
      token_expires_at: null,
    })
    .execute();
}

export async function removeMember({ db }: Db, groupId: string, userId: string) {
  await db.deleteFrom('group_member').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
}

/** One server process: the live feature on its own connection, behind a fake session (header x-user). */
export async function startProcess(database: Db, databaseUrl: string | null) {
  const live: GroupLive = await createGroupLive({
    db: database.db,
    dialect: database.dialect,
    databaseUrl,
    log: silent,
    reconnectDelayMs: 50,
  });
  const app = express();
  app.use('/api', (req, _res, next) => {
    const id = req.get('x-user');
    if (id) req.user = { id, name: id, email: `${id}@linkhive.test`, emailVerified: true, createdAt: new Date() };
    next();
  });
  app.use('/api', live.routes);
  app.use(errorHandler(silent));
  const http: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => http.once('listening', resolve));
  return {
    live,
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    /** Sockets the server still has open: 0 once it has seen every client go. */
    connections: () =>
      new Promise<number>((resolve, reject) => http.getConnections((e, n) => (e ? reject(e) : resolve(n)))),
    async close() {
      await live.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

export interface SseMessage {
  id?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** Reads a Server-Sent Events response over real HTTP, a message at a time. */
export async function openStream(url: string, userId: string | null, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { ...(userId ? { 'x-user': userId } : {}), ...headers },
    signal: abort.signal,
  });
  // Made on first read, so that a refusal's JSON body can be read instead.
  let reader: ReadableStreamDefaultReader<string> | null = null;
  let buffer = '';
  async function nextBlock(): Promise<SseMessage> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        return parseBlock(block);
      }
      reader ??= res.body!.pipeThrough(new TextDecoderStream()).getReader();
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended');
      buffer += value;
    }
  }
  return {
    res,
    /** The next message of any kind (retry, comment, event). */
    nextBlock,
    /** The next event, as id and parsed data; retry lines and comments are skipped. */
    async next(): Promise<{ id: string | undefined; data: unknown }> {
      for (;;) {
        const m = await nextBlock();
        if (m.data !== undefined) return { id: m.id, data: JSON.parse(m.data) };
      }
    },
    close() {
      abort.abort();
    },
  };
}

function parseBlock(block: string): SseMessage {
  const m: SseMessage = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) m.comment = line.slice(1).trim();
    else {
      const i = line.indexOf(':');
      const field = line.slice(0, i) as 'id' | 'data' | 'retry';
      m[field] = line.slice(i + 1).trimStart();
    }
  }
  return m;
}
