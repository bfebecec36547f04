import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PermissionFlag } from '../../shared/src/domain/index.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Gives an account a permission flag the way an operator does (`npm run admin -- grant`), on the
 * end-to-end server's own database. The page sees it at its next sign-in check, such as a page load.
 */
export async function grant(
  email: string,
  flag: PermissionFlag = 'subscriptionPro',
  dataDir = process.env.E2E_DATA_DIR!,
) {
  await promisify(execFile)(process.execPath, [path.join(root, 'server/dist/admin.js'), 'grant', email, flag], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
}
