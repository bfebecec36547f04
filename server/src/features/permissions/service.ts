import { permissionFlags, type PermissionFlag, type Permissions } from '@linkhive/shared/domain';
import type { PermissionRepository } from './repository.js';

/**
 * Stored grants plus admin for the addresses in ADMIN_EMAILS. The environment is read at request
 * time rather than copied into the table, so removing an address from ADMIN_EMAILS takes admin away.
 * Anyone can sign up with any address, so ADMIN_EMAILS counts only once the owner has proven the
 * address from the mailed link; a caller that does not say whether it is verified gets no admin.
 */
export function permissionService(repo: PermissionRepository, adminEmails: readonly string[]) {
  return {
    async permissionsOf(user: { id: string; email: string; emailVerified?: boolean }): Promise<Permissions> {
      const stored = new Set(await repo.flagsOf(user.id));
      if (user.emailVerified === true && adminEmails.includes(user.email.toLowerCase())) stored.add('admin');
      return Object.fromEntries(permissionFlags.map((f) => [f, stored.has(f)])) as Permissions;
    },
    grant: (userId: string, flag: PermissionFlag, source: string) => repo.grant(userId, flag, source),
    revoke: (userId: string, flag: PermissionFlag) => repo.revoke(userId, flag),
  };
}

export type PermissionService = ReturnType<typeof permissionService>;

export function isPermissionFlag(value: string): value is PermissionFlag {
  return (permissionFlags as readonly string[]).includes(value);
}
