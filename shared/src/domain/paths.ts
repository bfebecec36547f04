const base = 'http://same.origin';
// An honest path is escaped once, maybe twice; one escaped ten times over is somebody's trick.
const maxDecodings = 10;

/**
 * Whether `path` could take a browser elsewhere: '//host' and '/\host' name another host, browsers
 * read '\' as '/' and drop tabs and newlines (so '/\t/host' is '//host'), and control characters
 * have no place in a path we made.
 */
function leavesOrigin(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return true;
  if (/[\u0000-\u001f\u007f]/.test(path)) return true;
  const url = new URL(path, base);
  // Dot segments are resolved here: '/.//evil' and '/a/..//evil' come out as '//evil'.
  return url.origin !== base || url.pathname.startsWith('//');
}

/** '%2F' to '/', '%5C' to '\', '%2e' to '.', '%09' to a tab: only the ASCII escapes can change where a path goes. */
const decodeAscii = (path: string) =>
  path.replace(/%([0-7][0-9a-f])/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * Accepts only same-origin paths for post-login redirects: '/x' but not '//evil', '/\evil',
 * '/.//evil', 'https://evil' or 'javascript:'. The path must stay same-origin however many times a
 * router or a server decodes it ('/%2F%2Fevil', '/%252F%252Fevil'). Anything else falls back.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/categories'): string {
  if (!value || typeof value !== 'string') return fallback;
  try {
    if (leavesOrigin(value)) return fallback;
    const url = new URL(value, base);
    let path = url.pathname;
    for (let i = 0; ; i++) {
      if (leavesOrigin(path)) return fallback;
      const decoded = decodeAscii(path);
      if (decoded === path) break;
      if (i === maxDecodings) return fallback;
      path = decoded;
    }
    const result = url.pathname + url.search + url.hash;
    return leavesOrigin(result) ? fallback : result;
  } catch {
    return fallback;
  }
}
