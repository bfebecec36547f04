// @vitest-environment jsdom
import { isValidElement } from 'react';
import { matchPath, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { memberPages } from '../../../test/testing/memberPages';
import { routes } from '../routes';
import { RequireAuth } from './RequireAuth';

/** The full path of every page under `routes`, with its parent paths joined on. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.index || (route.path && !route.children) ? [path] : [];
    return [...own, ...pagePaths(route.children ?? [], path)];
  });
}

function signedInRoutes(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) =>
    isValidElement(route.element) && route.element.type === RequireAuth
      ? (route.children ?? [])
      : signedInRoutes(route.children ?? []),
  );
}

describe('the signed-in pages', () => {
  it('are each under the end-to-end accessibility check (test/member-a11y.spec.ts)', () => {
    const patterns = pagePaths(signedInRoutes(routes));
    expect(patterns).toContain('/categories');
    const unchecked = patterns.filter((pattern) => !memberPages.some((page) => matchPath(pattern, page.path)));
    expect(unchecked, 'add these routes to test/testing/memberPages.ts').toEqual([]);
    const gone = memberPages.filter((page) => !patterns.some((pattern) => matchPath(pattern, page.path)));
    expect(gone).toEqual([]);
  });
});
