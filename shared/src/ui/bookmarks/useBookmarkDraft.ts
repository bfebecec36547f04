import { useState } from 'react';
import type { FormEvent } from 'react';
import type { z } from 'zod';
import { useFirstErrorFocus } from '../useFirstErrorFocus.js';
import { validate } from '../validation.js';
import { failureMessage } from './failureMessage.js';

import type { CategoryMode } from '../../domain/index.js';

export type { CategoryMode };

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

/** The request a form makes once its values passed the shared schema; it resolves when the host is done. */
export type DraftRequest = () => Promise<unknown>;

/** What runs while a request is under way: the edit form's save and delete share the failure line. */
export type DraftBusy = 'save' | 'delete';

/**
 * The add and edit forms' state and their one way to send: the draft and its messages, which request
 * is under way, and the failure shown under the form.
 */
export function useBookmarkDraft(initial: () => BookmarkDraft) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [busy, setBusy] = useState<DraftBusy | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Both forms sit in dialogs that scroll: a refused field is brought into view and focused.
  const errorFocus = useFirstErrorFocus();

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

  /**
   * Makes a request with the button it belongs to busy. A rejection is shown under the form: the
   * server's or the host's own message, else `fallback` (a bug's text would mean nothing to the user).
   */
  const run = async (action: DraftBusy, request: DraftRequest, fallback: string) => {
    setBusy(action);
    setFailure(null);
    try {
      await request();
    } catch (error) {
      setFailure(failureMessage(error, fallback));
    } finally {
      setBusy(null);
    }
  };

  /**
   * The submit handler of both forms: nothing while a request is under way; the draft is checked with
   * the shared schema (with `extra` values the form sends but does not show), and `prepare` turns the
   * checked values into the request to make, or null when there is nothing to send.
   */
  const submit = <T>(
    schema: z.ZodType<T>,
    options: { extra?: Record<string, unknown>; fallback: string; prepare: (data: T) => DraftRequest | null },
  ) =>
    errorFocus.submitting(async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      setFailure(null);
      const data = check(schema, options.extra);
      if (!data) return;
      const request = options.prepare(data);
      if (request) await run('save', request, options.fallback);
    });

  return { values, errors, set, setCategoryMode, busy, failure, run, submit, formRef: errorFocus.ref };
}

/** A form's draft as BookmarkFields takes it. */
export type BookmarkDraftState = ReturnType<typeof useBookmarkDraft>;
