import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview, promoLimits } from '@linkhive/shared/domain';
import { startTestServer, testPublicUrl, type Agent, type TestServer } from '../testing/harness.js';
import { testDialects } from '../testing/databases.js';
import { tinyPng } from '../testing/fixture-server.js';
import { advertInput, descriptionOf, newAdmin, newUser } from '../testing/adverts.js';
import { approvedPage } from '../testing/promo.js';

// The tags of web/index.html, laid out as the built file lays them out (attributes on their own lines).
const shell = `<!doctype html>
<html lang="en">
  <head>
    <meta
      name="description"
      content="Linkhive is a bookmark manager."
    />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="Linkhive: the bookmark manager" />
    <meta
      property="og:description"
      content="Save links into categories."
    />
    <meta property="og:url" content="/" />
    <meta property="og:image" content="/icons/og-image.png" />
    <meta property="og:image:width" content="1200" />
    <meta property="og:image:height" content="630" />
    <meta property="og:image:alt" content="The Linkhive logo" />
    <title>Linkhive</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const metaOf = (html: string, attr: string, key: string) =>
  new RegExp(`<meta\\s+${attr}="${key}"\\s+content="([^"]*)"`).exec(html)?.[1];

describe.each(testDialects)('link previews of promo pages on %s', (dialect) => {
  let t: TestServer;
  let admin: Agent;
  let unchanged: string;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'linkhive-dist-'));
  const page = async (p: string) => {
    const res = await fetch(t.url + p, { headers: { accept: 'text/html' } });
    expect([p, res.status]).toEqual([p, 200]);
    return res.text();
  };

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), shell);
    t = await startTestServer(dialect, { WEB_DIST: dist });
    admin = (await newAdmin(t)).agent;
    unchanged = await page('/categories');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("puts the page's title, description, address and logo into the HTML, without counting a view", async () => {
    const {
      owner,
      advert,
      slug,
      path: api,
    } = await approvedPage(t, admin, 'Preview Bakery', {
      description: descriptionOf(400),
    });
    const logo = await owner.agent.upload(`/api/adverts/${advert.id}/logo`, 'file', tinyPng, 'l.png', 'image/png');
    await owner.agent.upload(`/api/adverts/${advert.id}/background`, 'file', tinyPng, 'b.png', 'image/png');
    const html = await page(`/promo/${slug}`);
    const text = preview(descriptionOf(400).replace(/<[^>]+>/g, ''), promoLimits.metaDescription);
    expect(Array.from(text)).toHaveLength(promoLimits.metaDescription + 1); // 160 and the ellipsis
    expect(html).toContain('<title>Preview Bakery</title>');
    expect(metaOf(html, 'property', 'og:title')).toBe('Preview Bakery');
    expect(metaOf(html, 'name', 'description')).toBe(text);
    expect(metaOf(html, 'property', 'og:description')).toBe(text);
    expect(metaOf(html, 'property', 'og:url')).toBe(`${testPublicUrl}/promo/${slug}`);
    expect(metaOf(html, 'property', 'og:image')).toBe(`${testPublicUrl}${logo.body.logo}`);
    expect(metaOf(html, 'property', 'og:image:alt')).toBe('Preview Bakery');
    // The shell's size describes its own picture, not the logo.
    expect(html).not.toContain('og:image:width');
    expect(html).not.toContain('og:image:height');
    expect(metaOf(html, 'property', 'og:type')).toBe('website');
    expect(html).toContain('<div id="root"></div>');
    expect((await owner.agent.get(`${api}/stats`)).body.views).toBe(0);
  });

  it('uses the banner without a logo, and keeps the site picture without either', async () => {
    const banner = await approvedPage(t, admin, 'Banner Only');
    const bg = await banner.owner.agent.upload(
      `/api/adverts/${banner.advert.id}/background`,
      'file',
      tinyPng,
      'b.png',
      'image/png',
    );
    expect(metaOf(await page(`/promo/${banner.slug}`), 'property', 'og:image')).toBe(
      `${testPublicUrl}${bg.body.background}`,
    );
    const plain = await approvedPage(t, admin, 'No Pictures');
    const html = await page(`/promo/${plain.slug}`);
    expect(metaOf(html, 'property', 'og:image')).toBe(`${testPublicUrl}/icons/og-image.png`);
    expect(metaOf(html, 'property', 'og:image:width')).toBe('1200');
    expect(metaOf(html, 'property', 'og:title')).toBe('No Pictures');
  });

  it('escapes what the owner wrote', async () => {
    const words = `<p>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; "quoted" &amp; $&amp; it's ${'x'.repeat(200)}</p>`;
    const { slug } = await approvedPage(t, admin, "Ann's Tricks", { description: words });
    const html = await page(`/promo/${slug}`);
    expect(html).toContain('<title>Ann&#39;s Tricks</title>');
    const description = metaOf(html, 'name', 'description')!;
    expect(
      description.startsWith(
        '&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot; &amp; $&amp; it&#39;s',
      ),
    ).toBe(true);
    expect(html).not.toContain('<script>');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('serves the shell unchanged for unknown, pending and malformed slugs', async () => {
    const pending = await newUser(t, 'Pat');
    expect((await pending.agent.post('/api/adverts', advertInput('Still Pending'))).status).toBe(201);
    for (const p of [
      '/promo/no-such-page',
      '/promo/still-pending',
      '/promo/a%2Fb',
      '/promo/%E0%A4%A',
      '/promo/',
      '/promo/x/y',
    ]) {
      expect([p, await page(p)]).toEqual([p, unchanged]);
    }
    expect(unchanged).toContain('<title>Linkhive</title>');
    expect(metaOf(unchanged, 'property', 'og:url')).toBe(`${testPublicUrl}/`);
  });
});
