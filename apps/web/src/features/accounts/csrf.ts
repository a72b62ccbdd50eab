/** SPEC.md section 9: cookie `{product}-XSRF-TOKEN`, header `X-CSRF-TOKEN` (double submit). */
export const CSRF_COOKIE = 'wharf-XSRF-TOKEN';
export const CSRF_HEADER = 'X-CSRF-TOKEN';

export function readCookie(name: string, cookies: string = document.cookie): string | undefined {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0) continue;
    if (pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Methods the server never checks for CSRF (core/security/cookies.ts on the server). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The CSRF header for a call that changes something, when the server has set its cookie. A read
 * carries none: the server does not check it, and reading `document.cookie` is not free (some 20 ms of
 * the dashboard's first load under Lighthouse's 4× slower CPU, bench/profile-dashboard.mjs).
 */
export function csrfHeaders(method: string): Record<string, string> {
  if (SAFE_METHODS.has(method.toUpperCase())) return {};
  const token = readCookie(CSRF_COOKIE);
  return token ? { [CSRF_HEADER]: token } : {};
}
