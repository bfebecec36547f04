import { profileMessages, profilePhotoMaxBytes } from '../../domain/index.js';

export type PhotoCheck = { ok: true } | { ok: false; message: string } | { ok: 'ignore' };

/**
 * The checks a picture passes before it is sent; the server checks the bytes again. The spec
 * ignores a file name without an extension, and asks for PNG by both type and name otherwise.
 */
export function checkPhoto(file: File): PhotoCheck {
  const dot = file.name.lastIndexOf('.');
  if (dot <= 0 || dot === file.name.length - 1) return { ok: 'ignore' };
  if (file.type !== 'image/png' || file.name.slice(dot).toLowerCase() !== '.png') {
    return { ok: false, message: profileMessages.pngOnly };
  }
  if (file.size > profilePhotoMaxBytes) return { ok: false, message: profileMessages.imageTooLarge };
  return { ok: true };
}
