import { describe, expect, it } from 'vitest';
import { hostPermissionFor, isUnencryptedRemote, normaliseServerUrl, storeBuildWarning } from './serverAddress';

describe('the server address', () => {
  it('keeps http(s) addresses, without a trailing slash, query or fragment', () => {
    expect(normaliseServerUrl(' https://links.example.com/ ')).toBe('https://links.example.com');
    expect(normaliseServerUrl('http://localhost:3000')).toBe('http://localhost:3000');
    expect(normaliseServerUrl('https://example.com/linkhive/?x=1#y')).toBe('https://example.com/linkhive');
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'localhost:3000', 'ftp://example.com', 'https://user:pw@example.com', 'not a url'])
      expect(normaliseServerUrl(bad), bad).toBeNull();
  });

  it('asks for the host, on every port, as Chrome match patterns do', () => {
    expect(hostPermissionFor('http://localhost:3000')).toBe('http://localhost/*');
    expect(hostPermissionFor('https://links.example.com/sub')).toBe('https://links.example.com/*');
  });

  it('warns of plain http to another machine only', () => {
    expect(isUnencryptedRemote('http://links.example.com')).toBe(true);
    expect(isUnencryptedRemote('http://192.168.1.20:3000')).toBe(true);
    for (const fine of [
      'https://links.example.com',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ])
      expect(isUnencryptedRemote(fine), fine).toBe(false);
  });
});

describe('storeBuildWarning', () => {
  it('warns when a build names no server, and says how to name one', () => {
    expect(storeBuildWarning(undefined)).toContain(
      'LINKHIVE_SERVER_URL is not set: this build talks to http://localhost:3000',
    );
    expect(storeBuildWarning('')).toContain('LINKHIVE_SERVER_URL=https://links.example.com npm run build');
    expect(storeBuildWarning('https://links.example.com')).toBeNull();
  });
});
