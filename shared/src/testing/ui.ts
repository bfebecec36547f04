import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { isInaccessible, prettyDOM, screen } from '@testing-library/react';
import { expect } from 'vitest';

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

/**
 * Fails unless the element reaches the user: neither it nor a parent is hidden from sight (the
 * hidden attribute, display: none, visibility: hidden) or from assistive technology (aria-hidden,
 * as behind an open dialog). Text queries (getByText, getByLabelText) also find hidden elements;
 * role queries already leave them out.
 */
export function expectShown(element: Element): void {
  expect(isInaccessible(element), `hidden from the user:\n${prettyDOM(element, 500)}`).toBe(false);
}

/**
 * Records the elements scrolled into view (jsdom has no scrollIntoView, so nothing else would), for
 * tests that a refused form brings its first field in error into sight. Call the answer's `restore`
 * when done.
 */
export function watchScrollIntoView() {
  const scrolled: Element[] = [];
  const proto = Element.prototype as { scrollIntoView?: Element['scrollIntoView'] };
  const before = proto.scrollIntoView;
  proto.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
  return {
    scrolled,
    restore: () => {
      if (before) proto.scrollIntoView = before;
      else delete proto.scrollIntoView;
    },
  };
}

/**
 * A wrapper for `render` with a fresh server-data cache, as the hosts give the shared components
 * (the add form's page lookup goes through it).
 */
export function withQueries() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return function Queries({ children }: { children: ReactNode }) {
    return createElement(QueryClientProvider, { client }, children);
  };
}
export { bookmark } from './bookmarks.js';
