import { useCallback, useEffect, useRef, useState } from 'react';

// A field marked in error: MUI puts aria-invalid on the input of a TextField with `error`, and our
// own fields (the description editor, pickers) set it themselves.
const invalidField = '[aria-invalid="true"]';

/**
 * Brings the first field in error (in the page's order) into view and gives it the focus, so that
 * a message under a field scrolled out of a dialog is seen and read out (issue 26: 'Slug already
 * exists!' sat under the Display name, out of sight, with the focus left on the dialog). Answers the
 * field, or null when nothing inside `root` is marked.
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): HTMLElement | null {
  const field = root?.querySelector<HTMLElement>(invalidField) ?? null;
  if (!field) return null;
  // jsdom has no scrollIntoView; browsers scroll every scrolling box around the field, the dialog's too.
  field.scrollIntoView?.({ block: 'center', inline: 'nearest' });
  field.focus({ preventScroll: true });
  return field;
}

/**
 * For every form: `ref` on the form and its submit handler passed through `submitting`. Once the
 * handler is done (the schema refused, or the server answered), the first field then in error gets
 * the focus; a submit that left no field in error moves nothing. The focus moves once the messages
 * are drawn (the effect runs after the render that marks the fields), not in the handler, where
 * they are not drawn yet.
 */
export function useFirstErrorFocus<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked) focusFirstInvalid(ref.current);
  }, [asked]);
  const focusFirstError = useCallback(() => setAsked((n) => n + 1), []);
  const submitting = useCallback(
    <E>(handler: (event: E) => unknown) =>
      async (event: E) => {
        try {
          await handler(event);
        } finally {
          focusFirstError();
        }
      },
    [focusFirstError],
  );
  return { ref, focusFirstError, submitting };
}
