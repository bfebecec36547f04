/**
 * Accepts only same-origin paths for post-login redirects: '/x' but not '//evil', '/\evil',
 * 'https://evil' or 'javascript:'. Anything else falls back.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/categories'): string {
  if (!value || typeof value !== 'string') return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  try {
    const base = 'http://same.origin';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
