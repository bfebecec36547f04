import { screen } from '@testing-library/react';

/** The text MUI shows under an input: its helper text, linked by aria-describedby. */
export function messageUnder(label: string): string {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
}

export function isInvalid(label: string): boolean {
  return screen.getByLabelText(label).getAttribute('aria-invalid') === 'true';
}

/** A promise the test settles by hand, to look at the form while onSubmit is running. */
export function deferred<T = unknown>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function formErrors(): string[] {
  return screen.queryAllByTestId('form-error').map((e) => e.textContent ?? '');
}
