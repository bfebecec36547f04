import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/databases.js';
import { testDatabase } from '../../testing/group-live.js';
import { tinyPng } from '../../testing/fixture-server.js';
import { storedFiles } from '../../web/static.js';
import { databaseFileStore } from './database.js';

describe.each(testDialects)('files kept in the database (%s)', (dialect) => {
  let t: Awaited<ReturnType<typeof testDatabase>>;
  // A second connection stands for a server process on another machine.
  let other: Awaited<ReturnType<typeof t.open>>;
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    t = await testDatabase(dialect);
    other = await t.open();
    const app = express().use('/files', storedFiles(databaseFileStore(other.db)));
    const http = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => http.once('listening', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    close = () => http.close();
  });
  afterAll(async () => {
    close();
    await t.close();
  });

  it('serves from every process what one process stored, and forgets what it removed', async () => {
    const store = databaseFileStore(t.database.db);
    const publicPath = await store.put('profile', 'a1b2.png', tinyPng);
    expect(publicPath).toBe('/files/profile/a1b2.png');
    const served = await fetch(url + publicPath);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await served.arrayBuffer()).equals(tinyPng)).toBe(true);

    await store.remove(publicPath);
    expect((await fetch(url + publicPath)).status).toBe(404);
    expect(await store.read(publicPath)).toBeNull();
  });

  it('replaces a file stored again under the same name', async () => {
    const store = databaseFileStore(t.database.db);
    const count = async () => (await t.database.db.selectFrom('stored_file').select('path').execute()).length;
    const before = await count();
    await store.put('favicons', 'site.img', Buffer.from('first'));
    const again = await store.put('favicons', 'site.img', Buffer.from('second'));
    expect((await databaseFileStore(other.db).read(again))?.toString()).toBe('second');
    expect(await count()).toBe(before + 1);
  });

  it('refuses names that could leave the store, and answers 404 for them', async () => {
    const store = databaseFileStore(t.database.db);
    await expect(store.put('..', 'x.png', tinyPng)).rejects.toThrow('Unsafe file name');
    await expect(store.put('profile', '.hidden', tinyPng)).rejects.toThrow('Unsafe file name');
    await expect(store.put('profile', 'a/b.png', tinyPng)).rejects.toThrow('Unsafe file name');
    expect((await fetch(`${url}/files/profile/%2e%2e`)).status).toBe(404);
    expect((await fetch(`${url}/files/profile/missing.png`)).status).toBe(404);
  });
});
