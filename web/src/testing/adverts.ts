import type { Advert, PendingAdvert } from '@linkhive/shared/domain';
import { act, screen } from '@testing-library/react';
import Quill from 'quill';

export function makeAdvert(over: Partial<Advert> = {}): Advert {
  return {
    id: 'a1',
    title: "Acme' Ltd",
    slug: 'acme-ltd',
    category: 'Shops',
    link: 'https://acme.example.com/',
    domain: 'acme.example.com',
    description: `<p>${'We sell anvils. '.repeat(15)}</p>`,
    summary: 'We sell anvils. '.repeat(15).trim(),
    logo: null,
    background: null,
    status: false,
    approvedDate: null,
    createdAt: '2026-03-02T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    ...over,
  };
}

export function makePending(over: Partial<PendingAdvert> = {}): PendingAdvert {
  return {
    ...makeAdvert(),
    owner: { id: 'u2', email: 'bob@example.com', name: 'Bob' },
    threat: { status: 'clean', types: [], checkedAt: '2026-03-02T10:01:00.000Z' },
    ...over,
  };
}

const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A file that starts like a PNG (or not), with whatever name and declared type a browser might give it. */
export function imageFile(name: string, { png = true, size = 64, type = 'image/png' } = {}): File {
  const bytes = new Uint8Array(size);
  if (png) bytes.set(signature);
  else bytes.set([0xff, 0xd8, 0xff, 0xe0]); // a JPEG's start
  return new File([bytes], name, { type });
}

/**
 * Writes into the real Quill editor as a user would (Quill runs in jsdom; typing into its
 * contenteditable does not, so its own API makes the change, with the 'user' source).
 */
export async function writeDescription(text: string) {
  const editor = await screen.findByRole('textbox', { name: 'Description' });
  const quill = Quill.find(editor.parentElement!) as Quill;
  act(() => {
    quill.setText(text, 'user');
  });
}

/** Plain text of `n` characters, in words, as the length rule counts it. */
export const textOfLength = (n: number) =>
  'Anvils and more. '
    .repeat(Math.ceil(n / 17))
    .slice(0, n)
    .replace(/ $/, 'x');
