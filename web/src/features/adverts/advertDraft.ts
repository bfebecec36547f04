import type { Advert } from '@linkhive/shared/domain';
import {
  advertMessages,
  createAdvertSchema,
  descriptionLength,
  isDescriptionLengthValid,
} from '@linkhive/shared/domain';

export interface AdvertDraft {
  title: string;
  category: string;
  link: string;
  /** The editor's HTML, sent as is: the server sanitises it. */
  description: string;
  /** The editor's plain text, which the length rule counts. */
  descriptionText: string;
}

export type DraftField = 'title' | 'category' | 'link' | 'description';
export type DraftErrors = Partial<Record<DraftField, string>>;

export const emptyDraft: AdvertDraft = { title: '', category: '', link: '', description: '', descriptionText: '' };

/** The text of stored HTML, as the editor's getText() would count it (line breaks do not count). */
export function htmlText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

export function draftOf(advert: Advert): AdvertDraft {
  const { title, category, link, description } = advert;
  return { title, category, link, description, descriptionText: htmlText(description) };
}

const fieldSchemas = {
  title: createAdvertSchema.shape.title,
  category: createAdvertSchema.shape.category,
  link: createAdvertSchema.shape.link,
};

/** Each field's first message under the shared rules, the description's counted on its plain text. */
export function draftErrors(draft: AdvertDraft): DraftErrors {
  const errors: DraftErrors = {};
  for (const field of ['title', 'category', 'link'] as const) {
    const result = fieldSchemas[field].safeParse(draft[field]);
    if (!result.success) errors[field] = result.error.issues[0]?.message;
  }
  const markup = createAdvertSchema.shape.description.safeParse(draft.description);
  if (!isDescriptionLengthValid(descriptionLength(draft.descriptionText))) {
    errors.description = advertMessages.descriptionLength;
  } else if (!markup.success) {
    errors.description = markup.error.issues[0]?.message;
  }
  return errors;
}

/** What the server is sent: the schema's own trimming and capitalising, and never a slug. */
export function draftBody(draft: AdvertDraft) {
  return createAdvertSchema.parse({
    title: draft.title,
    category: draft.category,
    link: draft.link,
    description: draft.description,
  });
}
