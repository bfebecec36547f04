import { ApiError } from '@linkhive/shared/api';
import type { Advert } from '@linkhive/shared/domain';
import { advertMessages } from '@linkhive/shared/domain';
import { failureMessage } from '@linkhive/shared/ui';
import { useState } from 'react';
import { api } from '../../api';
import { draftBody, type AdvertDraft, type DraftField } from './advertDraft';
import { imageLimits, type AdvertImageKind } from './pngFile';

export type SaveField = DraftField | AdvertImageKind;
type PerImage<T> = Record<AdvertImageKind, T>;

const kinds: AdvertImageKind[] = ['logo', 'background'];
const draftFields: readonly string[] = ['title', 'category', 'link', 'description'];

/**
 * Sends the advert, then its pictures one after the other. An advert created before a picture
 * failed is kept, so that trying again updates it instead of asking for a second one (which the
 * server refuses), and a picture already sent is not sent twice.
 */
export function useAdvertSave(existing: Advert | null) {
  const [saved, setSaved] = useState<Advert | null>(existing);
  const [files, setFiles] = useState<PerImage<File | null>>({ logo: null, background: null });
  const [progress, setProgress] = useState<PerImage<number | null>>({ logo: null, background: null });
  const [serverErrors, setServerErrors] = useState<Partial<Record<SaveField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setFile = (kind: AdvertImageKind, file: File | null) => {
    setFiles((f) => ({ ...f, [kind]: file }));
    setServerErrors((e) => ({ ...e, [kind]: undefined }));
  };
  const clearServerError = (field: SaveField) => setServerErrors((e) => ({ ...e, [field]: undefined }));

  function fail(error: unknown, kind?: AdvertImageKind) {
    const message = failureMessage(error, advertMessages.updateFailed);
    const field = error instanceof ApiError ? error.field : undefined;
    if (kind) setServerErrors((e) => ({ ...e, [kind]: message }));
    else if (field && draftFields.includes(field)) setServerErrors((e) => ({ ...e, [field]: message }));
    else setFormError(message);
  }

  /** The advert as the server answers it after every part is saved, or null when a part failed. */
  async function save(draft: AdvertDraft): Promise<Advert | null> {
    setBusy(true);
    setFormError(null);
    setServerErrors({});
    try {
      let advert: Advert;
      try {
        // The slug is left out on purpose: it is made once, from the first display name.
        advert = saved
          ? await api.adverts.update(saved.id, draftBody(draft))
          : await api.adverts.create(draftBody(draft));
        setSaved(advert);
      } catch (error) {
        fail(error);
        return null;
      }
      for (const kind of kinds) {
        const file = files[kind];
        if (!file) continue;
        setProgress((p) => ({ ...p, [kind]: 0 }));
        try {
          advert = await api.adverts.uploadImage(advert.id, kind, file, {
            // A proxy in front of the server may refuse a large body with a page of its own.
            fallbacks: { 413: new ApiError(413, 'too_large', imageLimits[kind].tooLarge, 'file') },
            onUploadProgress: (sent, total) =>
              setProgress((p) => ({ ...p, [kind]: total ? Math.round((sent / total) * 100) : 0 })),
          });
          setSaved(advert);
          setFiles((f) => ({ ...f, [kind]: null }));
        } catch (error) {
          fail(error, kind);
          return null;
        } finally {
          setProgress((p) => ({ ...p, [kind]: null }));
        }
      }
      return advert;
    } finally {
      setBusy(false);
    }
  }

  return { files, setFile, progress, serverErrors, clearServerError, formError, busy, save, saved };
}
