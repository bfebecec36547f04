import { useState } from 'react';
import type { z } from 'zod';
import { validate } from '../validation.js';

export type CategoryMode = 'pick' | 'custom';

/** What the add and edit forms hold while the user types. */
export interface BookmarkDraft {
  link: string;
  title: string;
  category: string;
  categoryMode: CategoryMode;
  rssFeed: string;
  favourite: boolean;
}

export type DraftField = 'link' | 'title' | 'category' | 'rssFeed';
export type DraftErrors = Partial<Record<DraftField, string>>;

export function useBookmarkDraft(initial: () => BookmarkDraft) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});

  const set = <K extends keyof BookmarkDraft>(name: K, value: BookmarkDraft[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    // A corrected field stops showing its old message; the others keep theirs until the next submit.
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const setCategoryMode = (mode: CategoryMode) => {
    setValues((v) => ({ ...v, categoryMode: mode, category: '' }));
    setErrors((e) => ({ ...e, category: undefined }));
  };

  /** Runs the shared schema over the draft; the parsed values, or null with the messages shown. */
  const check = <T>(schema: z.ZodType<T>, extra: Record<string, unknown> = {}): T | null => {
    const { categoryMode: _mode, ...fields } = values;
    const result = validate(schema, { ...fields, ...extra });
    setErrors(result.fieldErrors as DraftErrors);
    return result.data;
  };

  return { values, errors, set, setCategoryMode, check };
}
