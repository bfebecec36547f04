import { advertLimits, advertMessages } from '@linkhive/shared/domain';

export type AdvertImageKind = 'logo' | 'background';

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export const imageLimits: Record<AdvertImageKind, { maxBytes: number; tooLarge: string }> = {
  logo: { maxBytes: advertLimits.logoMaxBytes, tooLarge: advertMessages.logoTooLarge },
  background: { maxBytes: advertLimits.backgroundMaxBytes, tooLarge: advertMessages.backgroundTooLarge },
};

// FileReader rather than Blob.arrayBuffer(): older Safari and jsdom lack the latter.
function readStart(file: Blob, length: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, length));
  });
}

/** A PNG by its signature, as the server judges it: names and declared types can lie or be missing. */
export async function isPng(file: Blob): Promise<boolean> {
  const start = await readStart(file, pngSignature.length).catch(() => null);
  return !!start && start.length === pngSignature.length && pngSignature.every((b, i) => start[i] === b);
}

/** The message that refuses the picked file, or null: checked before anything is sent. */
export async function checkAdvertImage(file: File, kind: AdvertImageKind): Promise<string | null> {
  if (!(await isPng(file))) return advertMessages.pngOnly;
  if (file.size > imageLimits[kind].maxBytes) return imageLimits[kind].tooLarge;
  return null;
}
