import { describe, expect, it } from 'vitest';
import { ApiError } from '@linkhive/shared/api';
import { authMessages, extensionMessages } from '@linkhive/shared/domain';
import { setupExtension } from '../testing/fakeExtension';
import { readAuth } from './auth';
import { problemOf } from './problems';
import { readQueue } from './queue';
import { writeSettings } from './settings';

describe('signing in and the token', () => {
  it('keeps the token in extension storage, for the server that issued it', async () => {
    const ext = await setupExtension({ signedIn: false });
    const session = await ext.pageApi.signIn({ email: 'ann@example.com', password: 'Passw0rd!' });
    expect(await readAuth(ext.p)).toEqual({ session, problem: null });
    expect(session).toMatchObject({ email: 'ann@example.com', firstName: 'Ann', serverUrl: ext.server.origin });
    const login = ext.server.requests.find((r) => r.path === '/api/auth/login?mode=token')!;
    expect(login.credentials).toBe('omit');
  });

  it("shows the server's message for a wrong password and keeps nobody signed in", async () => {
    const ext = await setupExtension({ signedIn: false });
    const error = await ext.pageApi.signIn({ email: 'ann@example.com', password: 'wrong' }).catch((e) => e);
    expect(problemOf(error)).toMatchObject({ message: authMessages.invalidCredentials });
    expect((await readAuth(ext.p)).session).toBeNull();
  });

  it('says so when the server cannot be reached', async () => {
    const ext = await setupExtension({ signedIn: false });
    ext.server.setOnline(false);
    const error = await ext.pageApi.signIn({ email: 'ann@example.com', password: 'Passw0rd!' }).catch((e) => e);
    expect(problemOf(error)).toEqual({ kind: 'offline', message: extensionMessages.serverUnreachable });
  });

  it('treats a token from another server as no token at all', async () => {
    const ext = await setupExtension();
    await writeSettings(ext.p, { serverUrl: 'https://other.example.com' });
    expect(await ext.bg.saver.flush()).toEqual([]);
    const e = await ext.pageApi.lookup('https://a.example.com/').catch((err) => err);
    expect(ext.server.requests.at(-1)?.headers.Authorization).toBeUndefined();
    expect(problemOf(e).kind).toBe('offline');
  });
});

describe('an expired or revoked token', () => {
  it('ends the session with a reason the screens show, instead of failing quietly', async () => {
    const ext = await setupExtension();
    ext.server.revokeTokens();
    const error = await ext.pageApi.lookup('https://a.example.com/').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: extensionMessages.sessionEnded });
    expect(await readAuth(ext.p)).toEqual({ session: null, problem: 'expired' });
  });

  it('leaves a newer session alone when the 401 of an older token arrives late', async () => {
    const ext = await setupExtension();
    let started!: () => void;
    let release!: () => void;
    const sent = new Promise<void>((resolve) => (started = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: typeof fetch = async (input, init) => {
      started();
      await gate;
      return ext.server.fetch(input, init);
    };
    const { createExtensionApi } = await import('./api');
    ext.server.revokeTokens();
    const late = createExtensionApi(ext.p, { fetch: slow })
      .lookup('https://a.example.com/')
      .catch((e) => e);
    await sent;
    const session = await ext.pageApi.signIn({ email: 'ann@example.com', password: 'Passw0rd!' });
    release();
    expect(await late).toMatchObject({ status: 401 });
    expect(await readAuth(ext.p)).toEqual({ session, problem: null });
  });

  it('keeps a save made meanwhile, asks for a sign-in, and sends it once signed in again', async () => {
    const ext = await setupExtension();
    ext.server.revokeTokens();
    const outcome = await ext.bg.saver.save({ link: 'https://kept.example.com/', title: 'Kept', category: 'Work' });
    expect(outcome).toMatchObject({ kind: 'queued', reason: 'signed-out', message: extensionMessages.signInToSave });
    expect((await readAuth(ext.p)).problem).toBe('expired');
    expect(await readQueue(ext.p)).toHaveLength(1);

    // Notifications about it lead to the options page, where the user signs in.
    await ext.bg.notifier.report(outcome);
    const [id] = Object.keys(ext.browser.notifications.getAllCreateOptions());
    await ext.browser.notifications.onClicked.trigger(id!);
    expect(ext.openedOptions).toHaveLength(1);

    await ext.pageApi.signIn({ email: 'ann@example.com', password: 'Passw0rd!' });
    expect(ext.server.stored()).toMatchObject([{ link: 'https://kept.example.com/' }]);
    expect(await readQueue(ext.p)).toEqual([]);
  });
});

describe('an extension the server no longer supports', () => {
  it("shows the server's 'please update' message and keeps the save for after the update", async () => {
    const ext = await setupExtension();
    ext.server.state.minimumVersion = '0.2.0';
    const outcome = await ext.bg.saver.save({ link: 'https://new.example.com/', title: 'New', category: 'Work' });
    expect(outcome).toMatchObject({ kind: 'queued', reason: 'outdated', message: extensionMessages.outdated });
    const error = await ext.pageApi.lookup('https://new.example.com/').catch((e) => e);
    expect(problemOf(error)).toEqual({ kind: 'outdated', message: extensionMessages.outdated });
  });

  it('reads an answer of an unknown shape as a reason to update, not as data', async () => {
    const ext = await setupExtension();
    const odd: typeof fetch = async () =>
      new Response(JSON.stringify({ bookmark: { id: 7 } }), { headers: { 'content-type': 'application/json' } });
    const { createExtensionApi } = await import('./api');
    const error = await createExtensionApi(ext.p, { fetch: odd })
      .lookup('https://a.example.com/')
      .catch((e) => e);
    expect(problemOf(error)).toEqual({ kind: 'outdated', message: extensionMessages.unexpectedAnswer });
  });
});
