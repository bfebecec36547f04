import { browser } from 'wxt/browser';
import { createExtensionApi } from '../core/api';
import { createSavedUrls } from '../core/savedUrls';
import { createPlatform } from '../platform/browser';

// The extension pages' (popup, options, side panel) one platform and one API client.
export const platform = createPlatform(browser);
export const api = createExtensionApi(platform);
export const savedUrls = createSavedUrls(platform, api);
