import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages, profileMessages, profilePhotoMaxBytes } from '@linkhive/shared/domain';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { tinyPng } from '../../testing/fixture-server.js';

/** A valid PNG of exactly `size` bytes: tinyPng with a private ancillary chunk of padding before IEND. */
function paddedPng(size: number): Buffer {
  const iend = tinyPng.subarray(tinyPng.length - 12);
  const data = Buffer.alloc(size - tinyPng.length - 12);
  const typeAndData = Buffer.concat([Buffer.from('pdDg', 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([tinyPng.subarray(0, tinyPng.length - 12), length, typeAndData, crc, iend]);
}

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);

describe.each(testDialects)('profile on %s', (dialect) => {
  let t: TestServer;
  let a: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    a = t.agent();
    await a.seedAccount(`pro-${dialect}@example.com`, 'Priya');
  });
  afterAll(() => t?.close());

  it('starts with the sign-up name, list layout and the page default colour', async () => {
    const res = await a.get('/api/profile');
    expect(res.body).toEqual({
      displayName: 'Priya',
      email: `pro-${dialect}@example.com`,
      photoURL: null,
      settings: { categoryTabColor: null, layoutPreference: 'list', keepCopies: true },
    });
  });

  it('updates the display name, tab colour and layout, each alone', async () => {
    expect((await a.patch('/api/profile', { displayName: 'Priya S' })).body.displayName).toBe('Priya S');
    const colour = await a.patch('/api/profile', { settings: { categoryTabColor: '#00aa11' } });
    expect(colour.body.settings).toEqual({ categoryTabColor: '#00AA11', layoutPreference: 'list', keepCopies: true });
    const grid = await a.patch('/api/profile', { settings: { layoutPreference: 'grid' } });
    expect(grid.body).toMatchObject({
      displayName: 'Priya S',
      settings: { categoryTabColor: '#00AA11', layoutPreference: 'grid' },
    });
    expect((await a.get('/api/auth/me')).body.profile.settings.layoutPreference).toBe('grid');
    // An empty colour falls back to the page default.
    expect(
      (await a.patch('/api/profile', { settings: { categoryTabColor: '' } })).body.settings.categoryTabColor,
    ).toBeNull();
  });

  it('refuses a bad name, colour or layout and changes nothing', async () => {
    const before = (await a.get('/api/profile')).body;
    expect((await a.patch('/api/profile', { displayName: '' })).body.error).toEqual({
      code: 'invalid',
      message: authMessages.nameRequired,
      field: 'displayName',
    });
    expect((await a.patch('/api/profile', { displayName: 'x'.repeat(51) })).body.error.message).toBe(
      authMessages.nameTooLong,
    );
    expect((await a.patch('/api/profile', { settings: { categoryTabColor: 'red' } })).status).toBe(400);
    expect((await a.patch('/api/profile', { settings: { layoutPreference: 'table' } })).status).toBe(400);
    expect((await a.get('/api/profile')).body).toEqual(before);
  });

  it('takes a PNG picture and serves it under /files', async () => {
    const res = await a.upload('/api/profile/photo', 'file', tinyPng, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body.photoURL).toMatch(/^\/files\/profile\/[0-9a-f]{32}\.png$/);
    const file = await fetch(t.url + res.body.photoURL);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(tinyPng)).toBe(true);
    expect((await a.get('/api/auth/me')).body.profile.photoURL).toBe(res.body.photoURL);
  });

  it('refuses a renamed JPEG, a text file and an over-large picture, keeping the old picture', async () => {
    const before = (await a.get('/api/profile')).body.photoURL;
    for (const [data, name, type] of [
      [jpeg, 'photo.png', 'image/png'],
      [Buffer.from('just some text that is not an image'), 'notes.png', 'image/png'],
    ] as const) {
      const res = await a.upload('/api/profile/photo', 'file', data, name, type);
      expect(res.status).toBe(415);
      expect(res.body.error).toEqual({ code: 'png_only', message: profileMessages.pngOnly, field: 'file' });
    }
    const big = Buffer.concat([tinyPng, Buffer.alloc(3 * 1024 * 1024)]);
    const tooBig = await a.upload('/api/profile/photo', 'file', big, 'big.png', 'image/png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe(profileMessages.imageTooLarge);
    expect((await a.get('/api/profile')).body.photoURL).toBe(before);
  });

  it('takes a picture of exactly 2 MiB and refuses one byte more with the size message', async () => {
    const limit = 2 * 1024 * 1024;
    expect(profilePhotoMaxBytes).toBe(limit);
    const exact = await a.upload('/api/profile/photo', 'file', paddedPng(limit), 'exact.png', 'image/png');
    expect(exact.status).toBe(200);
    const file = await fetch(t.url + exact.body.photoURL);
    expect((await file.arrayBuffer()).byteLength).toBe(limit);

    const over = await a.upload('/api/profile/photo', 'file', paddedPng(limit + 1), 'over.png', 'image/png');
    expect(over.status).toBe(413);
    expect(over.body.error).toEqual({ code: 'too_large', message: profileMessages.imageTooLarge, field: 'file' });
    expect((await a.get('/api/profile')).body.photoURL).toBe(exact.body.photoURL);
  });

  it('asks for sign-in', async () => {
    const anon = t.agent();
    expect((await anon.get('/api/profile')).status).toBe(401);
    expect((await anon.patch('/api/profile', { displayName: 'X' })).status).toBe(401);
    expect((await anon.upload('/api/profile/photo', 'file', tinyPng, 'x.png', 'image/png')).status).toBe(401);
  });
});
