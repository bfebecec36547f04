import { defaultServerUrl } from './serverAddress';

// Replaced at build time by wxt.config.ts (LINKHIVE_SERVER_URL); absent in unit tests.
declare const __LINKHIVE_SERVER_URL__: string | undefined;

export const buildServerUrl: string =
  typeof __LINKHIVE_SERVER_URL__ === 'string' ? __LINKHIVE_SERVER_URL__ : defaultServerUrl;

/** What a save goes to when the user has not chosen a default: the import's own fallback category. */
export const fallbackCategory = 'Uncategorized';
