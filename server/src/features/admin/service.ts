import {
  advertMessages as m,
  authMessages,
  permissionFlags,
  type AdminPermissionsInput,
  type AdminUser,
  type Permissions,
} from '@linkhive/shared/domain';
import { forbidden, notFound } from '../../http/errors.js';
import type { PermissionService } from '../permissions/service.js';
import type { UserLookupRepository } from './repository.js';

type Found = NonNullable<Awaited<ReturnType<UserLookupRepository['byId']>>>;

/** What only admins may do besides deciding adverts: look accounts up and set their permissions. */
export function adminService(users: UserLookupRepository, permissions: PermissionService) {
  async function describe(user: Found): Promise<AdminUser> {
    const emailVerified = !!user.emailVerified;
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified,
      permissions: await permissions.permissionsOf({ ...user, emailVerified }),
      recentChanges: await users.recentAudit(user.id),
    };
  }

  return {
    async assertAdmin(user: { id: string; email: string; emailVerified: boolean }) {
      if (!(await permissions.permissionsOf(user)).admin) throw forbidden(authMessages.notAuthorised);
    },

    async find(query: { email?: string; id?: string }): Promise<AdminUser> {
      const user = query.id ? await users.byId(query.id) : query.email ? await users.byEmail(query.email) : undefined;
      if (!user) throw notFound(m.userNotFound);
      return describe(user);
    },

    /** Sets the flags given and records who set them; `change` is what was asked, for the caller's log. */
    async setPermissions(
      input: AdminPermissionsInput,
      actor: { id: string },
    ): Promise<{ user: AdminUser; change: Partial<Permissions> }> {
      const user = await users.byEmail(input.email);
      if (!user) throw notFound(m.userNotFound);
      const change: Partial<Permissions> = {};
      for (const flag of permissionFlags) {
        const value = input.permissions[flag];
        if (value === undefined) continue;
        change[flag] = value;
        if (value) await permissions.grant(user.id, flag, 'admin');
        else await permissions.revoke(user.id, flag);
      }
      await users.recordAudit({ actorId: actor.id, targetId: user.id, change });
      return { user: await describe(user), change };
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
