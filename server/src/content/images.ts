import type { SharpConstructor, SharpOptions } from 'sharp';
import { advertLimits, advertMessages } from '@linkhive/shared/domain';
import { AppError } from '../http/errors.js';
import { isPng } from '../http/upload.js';

const pngOnly = () => new AppError(415, 'png_only', advertMessages.pngOnly, 'file');
const unreadable = () => new AppError(422, 'image_unreadable', advertMessages.imageUnreadable, 'file');
const tooManyPixels = () => new AppError(413, 'too_many_pixels', advertMessages.imageTooManyPixels, 'file');

const boxes = {
  logo: { width: advertLimits.logoMaxSide, height: advertLimits.logoMaxSide },
  background: { width: advertLimits.backgroundMaxWidth, height: advertLimits.backgroundMaxHeight },
} as const;

// Refuses a decompression bomb before decoding and a truncated or corrupt file while decoding,
// rather than keeping whatever rows it could read.
const decoding: SharpOptions = { limitInputPixels: advertLimits.imageMaxPixels, failOn: 'error' };

let loaded: Promise<SharpConstructor> | null = null;

// Loaded on the first upload, so that the server starts without libvips.
function loadSharp() {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per image and no cache: a small server keeps its cores and memory for requests.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/**
 * Decodes an uploaded PNG and writes a new one: only its pixels survive (no text chunks, EXIF,
 * or bytes after the image), upright, and no larger than the picture is ever shown. Throws an
 * AppError for the upload's field `file`: 415 png_only, 413 too_many_pixels, 422 image_unreadable.
 */
export async function reencodePng(data: Buffer, kind: 'logo' | 'background'): Promise<Buffer> {
  if (!isPng(data)) throw pngOnly();
  const sharp = await loadSharp();
  // The header alone, without the pixel limit, so that an oversized image is told as such.
  const header = await sharp(data, { ...decoding, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header) throw unreadable();
  if (header.format !== 'png') throw pngOnly();
  if (header.width * header.height > advertLimits.imageMaxPixels) throw tooManyPixels();
  try {
    return await sharp(data, decoding)
      .autoOrient()
      .resize({ ...boxes[kind], fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw unreadable();
  }
}
