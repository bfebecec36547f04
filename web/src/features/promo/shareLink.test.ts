import { describe, expect, it, vi } from 'vitest';
import { shareLink } from './shareLink';

const url = 'https://linkhive.example/promo/acme-ltd';
const domError = (name: string, message = '') => Object.assign(new Error(message), { name });

function host(share?: () => Promise<void>, writeText: (text: string) => Promise<void> = async () => {}) {
  return { share, clipboard: { writeText: vi.fn(writeText) } } as unknown as Navigator;
}

describe('shareLink', () => {
  it('uses the share sheet when there is one', async () => {
    const h = host(async () => {});
    expect(await shareLink(url, 'Acme', h)).toBe('shared');
    expect(h.clipboard.writeText).not.toHaveBeenCalled();
  });

  it('copies the link without a share sheet', async () => {
    const h = host();
    expect(await shareLink(url, 'Acme', h)).toBe('copied');
    expect(h.clipboard.writeText).toHaveBeenCalledWith(url);
  });

  it("copies the link when the sheet reports 'method not supported' or a browser's refusal", async () => {
    for (const error of [
      new Error('method not supported'),
      domError('NotAllowedError'),
      domError('NotSupportedError'),
    ]) {
      const h = host(() => Promise.reject(error));
      expect(await shareLink(url, 'Acme', h)).toBe('copied');
    }
  });

  it('does nothing more when the visitor closes the sheet', async () => {
    const h = host(() => Promise.reject(domError('AbortError')));
    expect(await shareLink(url, 'Acme', h)).toBe('cancelled');
    expect(h.clipboard.writeText).not.toHaveBeenCalled();
  });

  it('reports a failure when the link cannot be copied either', async () => {
    expect(
      await shareLink(
        url,
        'Acme',
        host(undefined, () => Promise.reject(new Error('denied'))),
      ),
    ).toBe('failed');
    expect(await shareLink(url, 'Acme', {} as Navigator)).toBe('failed');
  });
});
