import type { Platform } from '../platform/browser';

export const recentCategoriesKey = 'recentCategories';
const keep = 10;

/** Notes a category the user just saved to, most recent first. */
export async function rememberCategory(p: Platform, category: string): Promise<void> {
  const recent = (await p.storage.local.get<string[]>(recentCategoriesKey)) ?? [];
  await p.storage.local.set(recentCategoriesKey, [category, ...recent.filter((c) => c !== category)].slice(0, keep));
}

export async function recentCategories(p: Platform): Promise<string[]> {
  return (await p.storage.local.get<string[]>(recentCategoriesKey)) ?? [];
}

/**
 * The user's categories for the picker, most recently used first: those saved to from this
 * browser, then those of the newest bookmarks (saved anywhere), then the rest as the server lists them.
 */
export function orderCategories(all: readonly string[], ...recentFirst: (readonly string[])[]): string[] {
  const known = new Set(all);
  const seen = new Set<string>();
  const ordered: string[] = [];
  for (const name of [...recentFirst.flat().filter((c) => known.has(c)), ...all]) {
    if (seen.has(name)) continue;
    seen.add(name);
    ordered.push(name);
  }
  return ordered;
}
