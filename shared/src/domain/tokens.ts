import { z } from 'zod';

/** The most personal API tokens one account holds: enough for every script, few enough to review. */
export const maxApiTokens = 25;
/** Every token starts so: a scanner (or a person) sees what leaked, and the server tells it from a session. */
export const apiTokenPrefix = 'lh_';

/** A personal API token as its owner sees it later: never the token itself, which is shown once. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A read-only token may read (GET) and nothing else. */
  readOnly: z.boolean(),
  createdAt: z.string(),
  /** When it last signed a request in, to the minute; null if never. */
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** The answer to a create: the token in clear, this once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const tokenMessages = {
  nameRequired: 'Give the token a name, so you know later what uses it.',
  nameTooLong: 'A token name is at most 60 characters.',
  tooMany: `You have ${maxApiTokens} API tokens, the most an account can hold. Revoke one you no longer use first.`,
  notFound: 'This API token does not exist, or was revoked already.',
  readOnly: 'This API token is read-only: it cannot change anything.',
  sessionOnly: 'An API token cannot manage API tokens. Sign in to Linkhive to do that.',
  created: 'Token created. Copy it now: it is not shown again.',
  revoked: (name: string) => `Token “${name}” revoked.`,
  copied: 'Token copied to the clipboard',
};

export const createApiTokenSchema = z.object({
  name: z.string().trim().min(1, tokenMessages.nameRequired).max(60, tokenMessages.nameTooLong),
  readOnly: z.boolean().default(false),
});
export type CreateApiToken = z.input<typeof createApiTokenSchema>;

export const apiTokenParamsSchema = z.object({ id: z.string().min(1) });
