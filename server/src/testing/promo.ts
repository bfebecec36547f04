import type { Advert, CreateAdvertInput } from '@linkhive/shared/domain';
import type { Agent, TestServer } from './harness.js';
import { advertInput, newUser } from './adverts.js';

/** A new owner with an advert that an admin approved through the admin API: a live promo page. */
export async function approvedPage(t: TestServer, admin: Agent, title: string, over: Partial<CreateAdvertInput> = {}) {
  const owner = await newUser(t, 'Owner');
  const created = await owner.agent.post('/api/adverts', advertInput(title, over));
  if (created.status !== 201) throw new Error(`advert refused: ${JSON.stringify(created.body)}`);
  const approved = await admin.post<Advert>(`/api/admin/adverts/${created.body.id}/approve`);
  if (approved.status !== 200) throw new Error(`approval refused: ${JSON.stringify(approved.body)}`);
  return { owner, advert: approved.body, slug: approved.body.slug, path: `/api/promo/${approved.body.slug}` };
}

/** A few paragraphs of rich text, as the editor writes a post. */
export const postContent = (text = 'Fresh loaves every morning.') => `<h2>News</h2><p>${text}</p><ul><li>Rye</li></ul>`;
