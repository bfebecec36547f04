import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/databases.js';
import { startTestServer, type Agent, type TestServer } from '../../testing/harness.js';

/** Another site's page posting the share target's form with the user's cookie, as a browser would. */
const evil = 'https://evil.example';

describe.each(testDialects)('the share target on %s', (dialect) => {
  let t: TestServer;
  let member: Agent;
  beforeAll(async () => {
    t = await startTestServer(dialect);
    member = t.agent();
    await member.seedAccount(`share-${dialect}@example.com`);
  });
  afterAll(() => t?.close());

  /** POSTs the form with the member's cookie and no redirect followed: the answer itself is checked. */
  async function share(body: FormData | URLSearchParams | string, headers: Record<string, string> = {}) {
    const res = await fetch(`${t.url}/share-target`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: evil,
        cookie: `linkhive.session_token=${member.cookie('linkhive.session_token')}`,
        ...headers,
      },
      body,
    });
    await res.arrayBuffer();
    return { status: res.status, location: res.headers.get('location') };
  }
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };
  const savedCount = async () => (await member.get('/api/bookmarks')).body.total as number;

  it('answers 303 to the save page with the shared link and title, and writes nothing', async () => {
    const res = await share(form({ title: 'An article', text: '', url: 'https://example.com/a?b=1&c=2' }));
    expect(res.status).toBe(303);
    const to = new URL(res.location!, 'http://x');
    expect(to.pathname).toBe('/save');
    expect(to.searchParams.get('url')).toBe('https://example.com/a?b=1&c=2');
    expect(to.searchParams.get('title')).toBe('An article');
    expect(await savedCount()).toBe(0);
  });

  it('finds the link in the text of a multipart or urlencoded form', async () => {
    const multipart = await share(form({ title: '', text: 'Look at this https://example.com/x' }));
    expect(multipart.status).toBe(303);
    expect(multipart.location).toBe('/save?url=https%3A%2F%2Fexample.com%2Fx&title=Look+at+this');
    const urlencoded = await share(new URLSearchParams({ text: 'https://example.org/y.' }), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(urlencoded.location).toBe('/save?url=https%3A%2F%2Fexample.org%2Fy');
    expect(await savedCount()).toBe(0);
  });

  it('refuses a javascript: or data: link, and says when no link was shared', async () => {
    expect(await share(form({ url: 'javascript:alert(document.cookie)', text: 'https://example.com/' }))).toEqual({
      status: 303,
      location: '/save?problem=not-web',
    });
    expect((await share(form({ text: 'data:text/html,<script>alert(1)</script>' }))).location).toBe(
      '/save?problem=not-web',
    );
    expect((await share(form({ title: 'Nothing to see', text: 'no address here' }))).location).toBe(
      '/save?problem=no-link',
    );
    // No form at all (JSON, or an empty body) is an empty share, not a server error.
    expect(
      await share(JSON.stringify({ url: 'https://example.com/' }), { 'content-type': 'application/json' }),
    ).toEqual({ status: 303, location: '/save?problem=no-link' });
    expect(await savedCount()).toBe(0);
  });

  it('ignores a file sent with the form and keeps only the first of a repeated field', async () => {
    const f = form({ url: 'https://example.com/first' });
    f.append('url', 'https://example.com/second');
    f.append('file', new Blob([new Uint8Array(200_000)], { type: 'image/png' }), 'shot.png');
    const res = await share(f);
    expect(res.location).toBe('/save?url=https%3A%2F%2Fexample.com%2Ffirst');
    expect(await savedCount()).toBe(0);
  });

  it('does not read a body far larger than three fields', async () => {
    const f = form({ url: 'https://example.com/big' });
    f.append('file', new Blob([new Uint8Array(2 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    expect(await share(f)).toEqual({ status: 303, location: '/save?problem=no-link' });
  });
});
