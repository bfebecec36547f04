// @vitest-environment jsdom
import { advertLimits, advertMessages } from '@linkhive/shared/domain';
import { describe, expect, it } from 'vitest';
import { imageFile } from '../../testing/adverts';
import { checkAdvertImage, isPng } from './pngFile';

describe('the picture check before upload', () => {
  it('knows a PNG by its signature alone, whatever its name or declared type', async () => {
    expect(await isPng(imageFile('logo', { type: '' }))).toBe(true);
    expect(await isPng(imageFile('photo.jpg', { type: 'image/jpeg' }))).toBe(true);
    expect(await isPng(imageFile('x.png', { png: false }))).toBe(false);
    expect(await isPng(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'short.png'))).toBe(false);
    expect(await isPng(new File([], 'empty.png'))).toBe(false);
  });

  it('takes each picture up to its own size limit', async () => {
    expect(await checkAdvertImage(imageFile('a', { size: advertLimits.logoMaxBytes }), 'logo')).toBeNull();
    expect(await checkAdvertImage(imageFile('a', { size: advertLimits.logoMaxBytes + 1 }), 'logo')).toBe(
      advertMessages.logoTooLarge,
    );
    expect(await checkAdvertImage(imageFile('a', { size: advertLimits.logoMaxBytes + 1 }), 'background')).toBeNull();
    expect(await checkAdvertImage(imageFile('a', { png: false, size: 10 }), 'background')).toBe(advertMessages.pngOnly);
  });
});
