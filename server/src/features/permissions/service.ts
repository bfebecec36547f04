import {
  permissionFlags,
  planFlags,
  planOfPermissions,
  type CurrentPlan,
  type PermissionFlag,
  type Permissions,
} from '@linkhive/shared/domain';
import type { PermissionRepository } from './repository.js';

/**
 * Stored grants plus admin for the addresses in ADMIN_EMAILS. The environment is read at request
 * time rather than copied into the table, so removing an address from ADMIN_EMAILS takes admin away.
 * Anyone can sign up with any address, so ADMIN_EMAILS counts only once the owner has proven the
 * address from the mailed link; a caller that does not say whether it is verified gets no admin.
 */
export function permissionService(repo: PermissionRepository, adminEmails: readonly string[]) {
  type Who = { id: string; email: string; emailVerified?: boolean };
  async function read(user: Who) {
    const grants = await repo.grantsOf(user.id);
    const stored = new Set(grants.map((g) => g.flag));
    if (user.emailVerified === true && adminEmails.includes(user.email.toLowerCase())) stored.add('admin');
    const permissions = Object.fromEntries(permissionFlags.map((f) => [f, stored.has(f)])) as Permissions;
    const key = planOfPermissions(permissions);
    // Billing writes its grants with the source 'billing'; any other source is a person's grant.
    const source = grants.find((g) => key !== 'free' && g.flag === planFlags[key])?.source;
    const plan: CurrentPlan = { key, source: key === 'free' ? 'free' : source === 'billing' ? 'billing' : 'grant' };
    return { permissions, plan };
  }
  return {
    permissionsOf: async (user: Who): Promise<Permissions> => (await read(user)).permissions,
    /** The permissions and the current plan with who gave it, from one read (GET /api/auth/me). */
    access: read,
    grant: (userId: string, flag: PermissionFlag, source: string) => repo.grant(userId, flag, source),
    revoke: (userId: string, flag: PermissionFlag) => repo.revoke(userId, flag),
  };
}

export type PermissionService = ReturnType<typeof permissionService>;

export function isPermissionFlag(value: string): value is PermissionFlag {
  return (permissionFlags as readonly string[]).includes(value);
}
