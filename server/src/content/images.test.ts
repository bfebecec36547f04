import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { advertMessages } from '@linkhive/shared/domain';
import { AppError } from '../http/errors.js';
import { isPng } from '../http/upload.js';
import { reencodePng } from './images.js';

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.8 } } });
const png = (width: number, height: number) => image(width, height).png().toBuffer();

/** The chunk types of a PNG, in order, up to its end or wherever its bytes stop making sense. */
function chunkTypes(data: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at + 12 <= data.length; at += 12 + data.readUInt32BE(at)) {
    types.push(data.toString('latin1', at + 4, at + 8));
  }
  return types;
}

function chunk(type: string, body: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** The PNG with a chunk inserted right after its IHDR (8 bytes of signature, 25 of IHDR). */
const withChunk = (data: Buffer, type: string, body: Buffer) =>
  Buffer.concat([data.subarray(0, 33), chunk(type, body), data.subarray(33)]);

async function expectRefused(data: Buffer, status: number, code: string, message: string) {
  const error = await reencodePng(data, 'logo').then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({ status, code, message, field: 'file' });
}

describe('reencodePng', () => {
  it('gives back a PNG no larger than the picture is shown', async () => {
    const sizes: [number, number, 'logo' | 'background', number, number][] = [
      [100, 100, 'logo', 100, 100],
      [1000, 2000, 'logo', 256, 512],
      [3000, 500, 'background', 1920, 320],
      [1000, 3000, 'background', 360, 1080],
      [800, 600, 'background', 800, 600],
    ];
    for (const [width, height, kind, outWidth, outHeight] of sizes) {
      const out = await reencodePng(await png(width, height), kind);
      expect(isPng(out)).toBe(true);
      expect(await sharp(out).metadata()).toMatchObject({ format: 'png', width: outWidth, height: outHeight });
    }
  });

  it('keeps the pixels and drops text chunks and EXIF', async () => {
    const plain = await png(64, 64);
    const tagged = withChunk(
      await image(64, 64)
        .png()
        .withExif({ IFD0: { Copyright: 'secret-exif', Artist: 'secret-artist' } })
        .toBuffer(),
      'tEXt',
      Buffer.from('Comment\0secret-text <script>alert(1)</script>', 'latin1'),
    );
    expect(chunkTypes(tagged)).toEqual(expect.arrayContaining(['tEXt', 'eXIf']));
    expect((await sharp(tagged).metadata()).comments).toEqual([
      { keyword: 'Comment', text: 'secret-text <script>alert(1)</script>' },
    ]);

    const out = await reencodePng(tagged, 'logo');
    expect(chunkTypes(out).filter((t) => !['IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IEND'].includes(t))).toEqual([]);
    expect(out.toString('latin1')).not.toMatch(/secret|script/);
    const meta = await sharp(out).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.comments).toBeUndefined();
    const pixels = (data: Buffer) => sharp(data).ensureAlpha().raw().toBuffer();
    expect((await pixels(out)).equals(await pixels(plain))).toBe(true);
  });

  it('refuses a JPEG named x.png, and a GIF with a PNG inside', async () => {
    const jpeg = await image(10, 10).jpeg().toBuffer();
    await expectRefused(jpeg, 415, 'png_only', 'Images must be PNG files');
    await expectRefused(
      Buffer.concat([Buffer.from('GIF89a'), await png(10, 10)]),
      415,
      'png_only',
      advertMessages.pngOnly,
    );
  });

  it('drops what a polyglot hides after the image, and refuses a PNG signature over garbage', async () => {
    const hidden = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    const out = await reencodePng(Buffer.concat([await png(20, 20), hidden]), 'logo');
    expect(out.includes('script')).toBe(false);
    expect(chunkTypes(out).at(-1)).toBe('IEND');
    expect(out.subarray(-12).equals(chunk('IEND', Buffer.alloc(0)))).toBe(true);

    const garbage = Buffer.concat([(await png(20, 20)).subarray(0, 8), Buffer.from('<script>alert(1)</script>')]);
    await expectRefused(garbage, 422, 'image_unreadable', advertMessages.imageUnreadable);
  });

  it('refuses a header claiming 50,000 x 50,000 pixels before decoding it', async () => {
    const small = await png(16, 16);
    const header = Buffer.from(small.subarray(16, 29));
    header.writeUInt32BE(50_000, 0);
    header.writeUInt32BE(50_000, 4);
    const bomb = Buffer.concat([small.subarray(0, 8), chunk('IHDR', header), small.subarray(33)]);
    await expectRefused(bomb, 413, 'too_many_pixels', 'The image has too many pixels: at most 40 megapixels');
  });

  it('refuses a truncated PNG rather than keeping the rows it could read', async () => {
    const noise = Buffer.from(Array.from({ length: 300 * 300 * 3 }, (_, i) => (i * 7919) % 251));
    const full = await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    await expectRefused(full.subarray(0, full.length >> 1), 422, 'image_unreadable', advertMessages.imageUnreadable);
    await expectRefused(full.subarray(0, 40), 422, 'image_unreadable', advertMessages.imageUnreadable);
  });
});
