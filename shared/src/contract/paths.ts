// Paths and query strings of the contract's endpoints, without zod: the clients' first load needs
// these before the contract's schemas arrive (shared/api loads those on its first call).

/** The endpoint's path with its parameters filled in, each encoded. */
export function pathOf(e: { path: string }, params: Record<string, string | number> = {}): string {
  return e.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${e.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

/** A query string of the defined values ('' when none), in the order given. */
export function queryString(query: object | undefined): string {
  if (!query) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
