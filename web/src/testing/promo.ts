import type { Post, PostPage, PromoPage } from '@linkhive/shared/domain';
import { act, screen } from '@testing-library/react';
import Quill from 'quill';
import { makeAdvert } from './adverts';

/** An approved advert's page as GET /api/promo/:slug answers it, for a visitor who does not follow. */
export function makePromoPage(over: Partial<PromoPage> = {}): PromoPage {
  return {
    advert: { ...makeAdvert({ status: true, approvedDate: '2026-03-03T10:00:00.000Z' }), ownerId: 'owner-1' },
    followers: 4,
    following: false,
    isOwner: false,
    ...over,
  };
}

export function makePost(n: number): Post {
  return {
    id: `p${n}`,
    title: `Post number ${n}`,
    content: `<p>Body of post ${n}</p>`,
    createdAt: new Date(Date.UTC(2026, 2, 1 + n)).toISOString(),
  };
}

/** A page of posts, newest first, as the API sends it to a follower or the owner. */
export function makePostPage(total: number, page = 1, pageSize = 5): PostPage {
  const first = total - (page - 1) * pageSize;
  const items = Array.from({ length: Math.max(0, Math.min(pageSize, first)) }, (_, i) => makePost(first - i));
  return { items, total, page, pageSize, locked: false };
}

/** Writes plain text into the rich-text editor named `label`, as a user would (see writeDescription). */
export async function writeRichText(label: string, text: string) {
  const editor = await screen.findByRole('textbox', { name: label });
  const quill = Quill.find(editor.parentElement!) as Quill;
  act(() => {
    quill.setText(text, 'user');
  });
}

/** The order of the API calls that change something, as `METHOD path` (a page preview changes nothing). */
export const writes = (calls: { method: string; url: string }[]) =>
  calls
    .filter((c) => c.method !== 'GET' && c.url !== '/api/pages/preview')
    .map((c) => `${c.method} ${c.url.split('?')[0]}`);
