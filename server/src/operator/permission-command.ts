import type { Kysely } from 'kysely';
import { permissionFlags } from '@linkhive/shared/domain';
import type { Database } from '../db/schema.js';
import { userLookupRepository } from '../features/admin/repository.js';
import { permissionRepository } from '../features/permissions/repository.js';
import { isPermissionFlag } from '../features/permissions/service.js';

export const adminUsage = `Usage: npm run admin -- grant|revoke <email> <flag>
Flags: ${permissionFlags.join(', ')}`;

/**
 * `npm run admin -- grant|revoke <email> <flag>` (server/src/admin.ts): an operator's command, not
 * an endpoint. Answers the line to print and the exit code.
 */
export async function runAdminCommand(
  db: Kysely<Database>,
  argv: string[],
): Promise<{ code: number; message: string }> {
  const [command, email, flag] = argv;
  if ((command !== 'grant' && command !== 'revoke') || !email || !flag) return { code: 2, message: adminUsage };
  if (!isPermissionFlag(flag)) return { code: 2, message: `Unknown flag "${flag}".\n${adminUsage}` };
  const user = await userLookupRepository(db).byEmail(email.trim());
  if (!user) return { code: 1, message: `No account uses ${email}.` };
  const repo = permissionRepository(db);
  if (command === 'grant') {
    await repo.grant(user.id, flag, 'operator');
    return { code: 0, message: `Granted ${flag} to ${user.email}.` };
  }
  const removed = await repo.revoke(user.id, flag);
  return { code: 0, message: removed ? `Revoked ${flag} from ${user.email}.` : `${user.email} did not have ${flag}.` };
}
