import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advertLimits,
  advertMessages as m,
  authMessages,
  bookmarkMessages,
  httpMessages,
} from '@linkhive/shared/domain';
import { startTestServer, type TestServer } from '../../testing/harness.js';
import { testDialects } from '../../testing/databases.js';
import { tinyPng } from '../../testing/fixture-server.js';
import { advertInput, descriptionOf, mailsTo, newUser } from '../../testing/adverts.js';

const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00]);
const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ffb20f' } })
    .png()
    .toBuffer();

describe.each(testDialects)('adverts on %s', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t?.close());

  it('asks a signed-out visitor to sign in for everything but the public list', async () => {
    const anon = t.agent();
    expect((await anon.get('/api/adverts')).status).toBe(200);
    for (const [method, p] of [
      ['GET', '/api/adverts/mine'],
      ['POST', '/api/adverts'],
      ['PATCH', '/api/adverts/some-id'],
      ['POST', '/api/adverts/some-id/logo'],
      ['POST', '/api/adverts/some-id/background'],
    ] as const) {
      const res = await anon.request(method, p, method === 'GET' ? undefined : {});
      expect([method, p, res.status, res.body.error.message]).toEqual([method, p, 401, authMessages.notAuthenticated]);
    }
  });

  it('creates a pending advert with the derived slug, takes the advertiser flag away and mails a confirmation', async () => {
    const ann = await newUser(t, 'Ann');
    await t.server.permissions.grant(ann.id, 'advertiser', 'admin');
    const res = await ann.agent.post('/api/adverts', advertInput("Ann's Corner Bakery"));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: "Ann's Corner Bakery",
      slug: 'anns-corner-bakery',
      category: 'Food',
      link: 'https://ann-s-corner-bakery.example.com/',
      domain: 'ann-s-corner-bakery.example.com',
      status: false,
      approvedDate: null,
      logo: null,
      background: null,
    });
    expect((await ann.agent.get('/api/adverts/mine')).body.advert).toEqual(res.body);
    expect((await ann.agent.get('/api/auth/me')).body.permissions.advertiser).toBe(false);
    // Pending adverts are not public.
    expect((await t.agent().get('/api/adverts')).body.items.map((a: { id: string }) => a.id)).not.toContain(
      res.body.id,
    );
    const mails = await mailsTo(t, ann.email);
    expect(mails).toHaveLength(2); // the welcome mail, then the confirmation
    expect(mails[1]!.subject).toBe(`We received your promo page "Ann's Corner Bakery"`);
    expect(mails[1]!.text).toContain('http://linkhive.test/promo/anns-corner-bakery');
  });

  it('answers null for a user without an advert', async () => {
    const bob = await newUser(t, 'Bob');
    expect((await bob.agent.get('/api/adverts/mine')).body).toEqual({ advert: null });
  });

  it('refuses every bad field with the rule message and stores nothing', async () => {
    const u = await newUser(t, 'Cara');
    const cases: Array<[Partial<ReturnType<typeof advertInput>>, number, string, string?]> = [
      [{ title: '' }, 400, m.titleRequired, 'title'],
      [{ title: '   ' }, 400, m.titleRequired, 'title'],
      [{ title: 'A'.repeat(101) }, 400, m.titleTooLong, 'title'],
      [{ title: 'Acme & Co' }, 400, m.titleCharacters, 'title'],
      [{ title: 'Acme <b>' }, 400, m.titleCharacters, 'title'],
      [{ title: 'Studio 0' }, 400, m.titleCharacters, 'title'],
      [{ title: "'-'" }, 400, m.titleNeedsLetter, 'title'],
      [{ category: '' }, 400, bookmarkMessages.categoryRequired, 'category'],
      [{ category: 'Food & Drink' }, 400, bookmarkMessages.categoryCharacters, 'category'],
      [{ link: '' }, 400, bookmarkMessages.linkRequired, 'link'],
      [{ link: 'javascript:alert(1)' }, 400, bookmarkMessages.linkInvalid, 'link'],
      [{ link: 'not a url' }, 400, bookmarkMessages.linkInvalid, 'link'],
      [{ description: descriptionOf(199) }, 400, m.descriptionLength, 'description'],
      [{ description: descriptionOf(5001) }, 400, m.descriptionLength, 'description'],
      // Markup does not count, and a script's text is not text.
      [{ description: `<p>${'<b></b>'.repeat(300)}</p>` }, 400, m.descriptionLength, 'description'],
      [{ description: `<script>${'x'.repeat(300)}</script>` }, 400, m.descriptionLength, 'description'],
      [{ description: `<p>${'<i>x</i>'.repeat(8000)}</p>` }, 400, m.descriptionTooMuchMarkup, 'description'],
    ];
    for (const [over, status, message, field] of cases) {
      const res = await u.agent.post('/api/adverts', advertInput('Cara Studio', over));
      expect([over, res.status, res.body.error]).toEqual([over, status, { code: 'invalid', message, field }]);
    }
    // Five thousand characters wrapped in a megabyte of markup: refused before it is read.
    const huge = `${'<span>'.repeat(100_000)}${'x'.repeat(5000)}${'</span>'.repeat(100_000)}`;
    const big = await u.agent.post('/api/adverts', advertInput('Cara Studio', { description: huge }));
    expect([big.status, big.body.error.message]).toEqual([413, httpMessages.bodyTooLarge]);
    expect((await u.agent.get('/api/adverts/mine')).body.advert).toBeNull();
  });

  it('takes descriptions of exactly 200 and 5000 plain-text characters, counted on the sanitised copy', async () => {
    for (const n of [200, 5000]) {
      const u = await newUser(t, 'Dee');
      const res = await u.agent.post(
        '/api/adverts',
        advertInput(`Dee Shop ${n === 200 ? 'Small' : 'Large'}`, { description: descriptionOf(n) }),
      );
      expect(res.status).toBe(201);
    }
    // 200 characters of text plus a script: the script goes, and what is left is still 200.
    const u = await newUser(t, 'Dee');
    const res = await u.agent.post(
      '/api/adverts',
      advertInput('Dee Shop Script', { description: `${descriptionOf(200)}<script>alert(1)</script>` }),
    );
    expect(res.status).toBe(201);
    expect(res.body.description).not.toContain('script');
  });

  it("refuses a slug that collides after derivation ('Acme Ltd' then \"Acme' Ltd\")", async () => {
    const a = await newUser(t, 'Eve');
    const b = await newUser(t, 'Fay');
    expect((await a.agent.post('/api/adverts', advertInput('Acme Ltd'))).status).toBe(201);
    const clash = await b.agent.post('/api/adverts', advertInput("Acme' Ltd"));
    expect([clash.status, clash.body.error]).toEqual([
      409,
      { code: 'slug_taken', message: m.slugTaken, field: 'title' },
    ]);
    expect((await b.agent.get('/api/adverts/mine')).body.advert).toBeNull();
  });

  it('lets one of two simultaneous submits of one slug win, and refuses the other', async () => {
    const [a, b] = await Promise.all([newUser(t, 'Gil'), newUser(t, 'Hal')]);
    const results = await Promise.all([
      a.agent.post('/api/adverts', advertInput('Twin Bakery')),
      b.agent.post('/api/adverts', advertInput("Twin Bakery'")),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe(m.slugTaken);
  });

  it('keeps one advert per user, also under a double submit', async () => {
    const u = await newUser(t, 'Ivy');
    const results = await Promise.all([
      u.agent.post('/api/adverts', advertInput('Ivy Flowers')),
      u.agent.post('/api/adverts', advertInput('Ivy Plants')),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toEqual({ code: 'one_advert', message: m.oneAdvert });
    const again = await u.agent.post('/api/adverts', advertInput('Ivy Trees'));
    expect([again.status, again.body.error.code]).toEqual([409, 'one_advert']);
  });

  it('lets the owner edit everything but the slug; an edited description is sanitised again', async () => {
    const u = await newUser(t, 'Jo');
    const created = (await u.agent.post('/api/adverts', advertInput('Jo Cafe'))).body;
    const res = await u.agent.patch(`/api/adverts/${created.id}`, {
      title: 'Jo Coffee House',
      category: 'drinks',
      description: `${descriptionOf(220)}<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Jo Coffee House', slug: 'jo-cafe', category: 'Drinks', status: false });
    expect(res.body.description).not.toMatch(/onerror|javascript|<img/);
    const slug = await u.agent.patch(`/api/adverts/${created.id}`, { slug: 'other' });
    expect([slug.status, slug.body.error]).toEqual([400, { code: 'invalid', message: m.slugFixed, field: 'slug' }]);
    const bad = await u.agent.patch(`/api/adverts/${created.id}`, { description: descriptionOf(10) });
    expect(bad.body.error.message).toBe(m.descriptionLength);
    expect((await u.agent.get('/api/adverts/mine')).body.advert).toEqual(res.body);
  });

  it('does not let another user see, edit or upload to an advert', async () => {
    const owner = await newUser(t, 'Kim');
    const other = await newUser(t, 'Lou');
    const created = (await owner.agent.post('/api/adverts', advertInput('Kim Tailoring'))).body;
    const edit = await other.agent.patch(`/api/adverts/${created.id}`, { title: 'Stolen' });
    expect([edit.status, edit.body.error.message]).toEqual([404, m.notFound]);
    const up = await other.agent.upload(`/api/adverts/${created.id}/logo`, 'file', tinyPng, 'x.png', 'image/png');
    expect([up.status, up.body.error.message]).toEqual([404, m.notFound]);
    expect((await other.agent.get('/api/adverts/mine')).body.advert).toBeNull();
    expect((await owner.agent.get('/api/adverts/mine')).body.advert).toEqual(created);
  });

  it('stores a re-encoded PNG logo and background from our origin with nosniff, whatever the name says', async () => {
    const u = await newUser(t, 'Max');
    const created = (await u.agent.post('/api/adverts', advertInput('Max Garage'))).body;
    const logo = await u.agent.upload(
      `/api/adverts/${created.id}/logo`,
      'file',
      tinyPng,
      'logo',
      'application/x-unknown',
    );
    expect(logo.status).toBe(200);
    expect(logo.body.logo).toMatch(/^\/files\/adverts\/[0-9a-f]{32}\.png$/);
    const wide = await pngOf(3000, 600);
    const bg = await u.agent.upload(`/api/adverts/${created.id}/background`, 'file', wide, 'banner.png', 'image/png');
    expect(bg.status).toBe(200);
    const served = await fetch(t.url + bg.body.background);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', advertLimits.backgroundMaxWidth, 384]);
    // A new logo replaces the old file.
    const second = await u.agent.upload(`/api/adverts/${created.id}/logo`, 'file', tinyPng, 'l.png', 'image/png');
    expect(second.body.logo).not.toBe(logo.body.logo);
    expect((await fetch(t.url + logo.body.logo)).status).toBe(404);
  });

  it('refuses a non-PNG, an oversized file and an empty form, and keeps the old image', async () => {
    const u = await newUser(t, 'Ned');
    const created = (await u.agent.post('/api/adverts', advertInput('Ned Plumbing'))).body;
    const first = await u.agent.upload(`/api/adverts/${created.id}/logo`, 'file', tinyPng, 'a.png', 'image/png');
    const notPng = await u.agent.upload(`/api/adverts/${created.id}/logo`, 'file', jpeg, 'x.png', 'image/png');
    expect([notPng.status, notPng.body.error]).toEqual([415, { code: 'png_only', message: m.pngOnly, field: 'file' }]);
    const big = Buffer.concat([tinyPng, Buffer.alloc(advertLimits.logoMaxBytes)]);
    const tooBig = await u.agent.upload(`/api/adverts/${created.id}/logo`, 'file', big, 'big.png', 'image/png');
    expect([tooBig.status, tooBig.body.error.message]).toEqual([413, m.logoTooLarge]);
    const bigBg = Buffer.concat([tinyPng, Buffer.alloc(advertLimits.backgroundMaxBytes)]);
    const tooBigBg = await u.agent.upload(`/api/adverts/${created.id}/background`, 'file', bigBg, 'b.png', 'image/png');
    expect([tooBigBg.status, tooBigBg.body.error.message]).toEqual([413, m.backgroundTooLarge]);
    const empty = await u.agent.send('POST', `/api/adverts/${created.id}/logo`, new FormData());
    expect([empty.status, empty.body.error.message]).toEqual([400, m.fileRequired]);
    expect((await u.agent.get('/api/adverts/mine')).body.advert.logo).toBe(first.body.logo);
    expect((await fetch(t.url + first.body.logo)).status).toBe(200);
  });
});
