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

/** The CSRF header for the next call, when the server has set its cookie. */
export function csrfHeaders(): Record<string, string> {
  const token = readCookie(CSRF_COOKIE);
  return token ? { [CSRF_HEADER]: token } : {};
}
