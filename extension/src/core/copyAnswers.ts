import { copySchema } from '@linkhive/shared/domain';

// A bookmark's readable copy as the side panel's Reader view reads it, parsed like every other
// answer (see api.ts): the contract's schema, with the fields the view does not show made lenient,
// so that a server changing them breaks nothing. What it shows stays strict.

const s = copySchema.shape;
export const copyAnswerSchema = copySchema.extend({
  excerpt: s.excerpt.catch(null),
  leadImage: s.leadImage.catch(null),
});
