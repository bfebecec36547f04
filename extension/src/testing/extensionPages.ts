import { createSavedUrls } from '../core/savedUrls';
import { setupExtension, type SetupOptions, type TestExtension } from './fakeExtension';

/**
 * What ui/extension.ts gives the extension's pages, filled from a test extension. A page test mocks
 * that module with `vi.mock('../extension', () => pageModule)` and calls `setupPages` first.
 */
let current: { ext: TestExtension; savedUrls: ReturnType<typeof createSavedUrls> } | null = null;

function need() {
  if (!current) throw new Error('setupPages() first');
  return current;
}

export const pageModule = {
  get platform() {
    return need().ext.p;
  },
  get api() {
    return need().ext.pageApi;
  },
  get savedUrls() {
    return need().savedUrls;
  },
};

export async function setupPages(options: SetupOptions = {}) {
  const ext = await setupExtension(options);
  current = { ext, savedUrls: createSavedUrls(ext.p, ext.pageApi) };
  return ext;
}
