/** The public site's keys in the server-data cache. */
export const siteKeys = {
  /** How this server's users get the browser extension (/extension). */
  extensionOffer: ['extension', 'offer'] as const,
};
