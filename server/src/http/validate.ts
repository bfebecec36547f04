import type { z } from 'zod';
import { fromZod } from './app-error.js';

/** Parses a request part with the shared schema; the first failing rule becomes the 400 answer. */
export function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw fromZod(result.error);
  return result.data;
}
