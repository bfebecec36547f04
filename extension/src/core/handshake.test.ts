import { extensionMessages } from '@linkhive/shared/domain';
import { describe, expect, it } from 'vitest';
import { setupExtension } from '../testing/fakeExtension';
import { readHandshake } from './handshake';

describe('what the last answer said about this version', () => {
  it("keeps a server's refusal of this version until an answer from it can be read again", async () => {
    const ext = await setupExtension();
    const origin = ext.server.origin;
    expect(await readHandshake(ext.p, origin)).toBeNull();

    ext.server.state.minimumVersion = '9.0.0';
    await expect(ext.pageApi.list({})).rejects.toMatchObject({ status: 426, message: extensionMessages.outdated });
    expect(await readHandshake(ext.p, origin)).toEqual({ serverUrl: origin, message: extensionMessages.outdated });
    // Another server's refusal says nothing about this one.
    expect(await readHandshake(ext.p, 'https://links.example.com')).toBeNull();

    // The extension updated (or the server relaxed): the first answer it reads clears the note.
    ext.server.state.minimumVersion = '0.1.0';
    await ext.pageApi.list({});
    expect(await readHandshake(ext.p, origin)).toBeNull();
  });

  it('notes a sign-in refused for the version too', async () => {
    const ext = await setupExtension({ signedIn: false });
    ext.server.state.minimumVersion = '9.0.0';
    await expect(ext.pageApi.signIn({ email: 'ann@example.com', password: 'Passw0rd!' })).rejects.toMatchObject({
      status: 426,
    });
    expect(await readHandshake(ext.p, ext.server.origin)).toMatchObject({ message: extensionMessages.outdated });
  });
});
