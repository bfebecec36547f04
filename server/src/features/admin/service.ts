import {
  advertMessages as m,
  authMessages,
  permissionFlags,
  type AdminPermissionsInput,
  type AdminUser,
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

    async setPermissions(input: AdminPermissionsInput): Promise<AdminUser> {
      const user = await users.byEmail(input.email);
      if (!user) throw notFound(m.userNotFound);
      for (const flag of permissionFlags) {
        const value = input.permissions[flag];
        if (value === true) await permissions.grant(user.id, flag, 'admin');
        if (value === false) await permissions.revoke(user.id, flag);
      }
      return describe(user);
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
