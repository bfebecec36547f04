import { extensionMessages } from '@linkhive/shared/domain';
import { describe, expect, it } from 'vitest';
import { checkServer, serverCheckMessages } from './serverCheck';

const url = 'https://links.example.com';
const answer =
  (status: number, body: string, type = 'application/json') =>
  async () =>
    new Response(body, { status, headers: { 'content-type': type } });

describe('checkServer', () => {
  it('says Connected for the health answer of a Linkhive server', async () => {
    expect(await checkServer(url, { fetch: answer(200, '{"ok":true}') })).toEqual({
      kind: 'connected',
      message: 'Connected to https://links.example.com',
    });
  });

  it('says the address cannot be reached when nothing answers', async () => {
    const refused = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect((await checkServer(url, { fetch: refused })).message).toBe(serverCheckMessages.unreachable(url));
  });

  it('gives up on a server that never answers, once, within its deadline', async () => {
    const hang = (_: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
      );
    expect(await checkServer(url, { fetch: hang, timeoutMs: 20 })).toMatchObject({ kind: 'unreachable' });
  });

  it('tells a web page or another app apart from Linkhive', async () => {
    for (const fetch of [
      answer(200, '<!doctype html><title>Blog</title>', 'text/html'),
      answer(404, 'Not Found', 'text/plain'),
      answer(200, '{"status":"UP"}'),
      answer(502, '{"message":"Bad gateway"}'),
    ])
      expect(await checkServer(url, { fetch })).toEqual({
        kind: 'not-linkhive',
        message: serverCheckMessages.notLinkhive(url),
      });
  });

  it('passes on the server’s own words when Linkhive answers with an error', async () => {
    const down = answer(503, '{"error":{"code":"database_unavailable","message":"The database does not answer"}}');
    expect((await checkServer(url, { fetch: down })).message).toBe(
      'https://links.example.com is a Linkhive server but cannot serve just now: The database does not answer',
    );
    const old = answer(
      426,
      JSON.stringify({ error: { code: 'extension_outdated', message: extensionMessages.outdated } }),
    );
    expect(await checkServer(url, { fetch: old })).toEqual({ kind: 'outdated', message: extensionMessages.outdated });
  });
});
