import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { profileMessages, type Profile, type updateProfileSchema } from '@linkhive/shared/domain';
import { AppError } from '../../http/errors.js';
import { isPng } from '../../http/upload.js';
import type { FileStore } from '../../integrations/files/index.js';
import type { ProfileRepository } from './repository.js';

type UpdateInput = z.output<typeof updateProfileSchema>;

export function profileService(
  repo: ProfileRepository,
  files: FileStore,
  /** The readable copies (features/copies): turning 'Keep readable copies' off deletes the user's. */
  copies: { removeAllOf(userId: string): Promise<void> },
) {
  async function get(user: { id: string; email: string; name: string }): Promise<Profile> {
    const row = await repo.find(user.id);
    return {
      displayName: row?.display_name ?? user.name,
      email: user.email,
      photoURL: row?.photo_url ?? null,
      settings: {
        categoryTabColor: row?.category_tab_color ?? null,
        layoutPreference: row?.layout_preference === 'grid' ? 'grid' : 'list',
        keepCopies: row ? Number(row.keep_copies) === 1 : true,
      },
    };
  }

  return {
    get,

    async update(user: { id: string; email: string; name: string }, input: UpdateInput): Promise<Profile> {
      await repo.update(user.id, {
        display_name: input.displayName,
        category_tab_color: input.settings?.categoryTabColor,
        layout_preference: input.settings?.layoutPreference,
        follower: input.follower ? 1 : undefined,
        keep_copies: input.settings?.keepCopies === undefined ? undefined : input.settings.keepCopies ? 1 : 0,
      });
      if (input.settings?.keepCopies === false) await copies.removeAllOf(user.id);
      return get(user);
    },

    async setPhoto(user: { id: string; email: string; name: string }, data: Buffer): Promise<Profile> {
      if (!isPng(data)) throw new AppError(415, 'png_only', profileMessages.pngOnly, 'file');
      const path = await files.put('profile', `${randomBytes(16).toString('hex')}.png`, data);
      const old = (await repo.find(user.id))?.photo_url;
      await repo.update(user.id, { photo_url: path });
      if (old && old !== path) await files.remove(old);
      return get(user);
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
