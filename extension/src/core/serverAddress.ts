// Pure helpers for the server address, shared by the build (wxt.config.ts) and the options page.

/** The server a build talks to unless the user picks another: LINKHIVE_SERVER_URL at build time. */
export const defaultServerUrl = 'http://localhost:3000';

/** An http(s) address without credentials, query or fragment and without a trailing slash; else null. */
export function normaliseServerUrl(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password)
    return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** The host permission that covers a server: Chrome's match patterns cover every port of a host. */
export function hostPermissionFor(serverUrl: string): string {
  const url = new URL(serverUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

/** A server reached over plain http on another machine: passwords and tokens would cross the network in clear. */
export function isUnencryptedRemote(serverUrl: string): boolean {
  const url = new URL(serverUrl);
  const local = /^(localhost|127(\.\d+){3}|\[::1\])$/i.test(url.hostname) || url.hostname.endsWith('.localhost');
  return url.protocol === 'http:' && !local;
}

/**
 * What the build says when no server was named: a store build made this way would start at
 * localhost, which only works for someone running Linkhive on their own machine. Null when one was.
 */
export function storeBuildWarning(given: string | undefined): string | null {
  if (given) return null;
  return [
    `LINKHIVE_SERVER_URL is not set: this build talks to ${defaultServerUrl} until its user enters another server in the options.`,
    'For a store build, name your server: LINKHIVE_SERVER_URL=https://links.example.com npm run build (see the README).',
  ].join('\n');
}
