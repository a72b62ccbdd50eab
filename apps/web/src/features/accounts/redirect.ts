/**
 * Where to go after signing in, when the `redirect` query asks for somewhere: only a path on this
 * origin. `//evil.com`, `/\evil.com` (browsers read `\` as `/`), `https://evil.com`,
 * `javascript:…` and paths hiding a tab or newline (which browsers strip) are refused.
 */
export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  if (!value.startsWith('/')) return undefined;
  if (value.startsWith('//') || value.includes('\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return undefined;
  const base = 'https://console.invalid';
  try {
    const url = new URL(value, base);
    if (url.origin !== base) return undefined;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return undefined;
  }
}

/**
 * The page a signed-in user lands on when nothing else was asked: the Dashboard (SPEC.md section 2,
 * route project.dashboard at /dashboard/; the router adds the active or first project).
 */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard/';

export function signedInDestination(redirect: unknown): string {
  return safeRedirectPath(redirect) ?? DEFAULT_SIGNED_IN_PATH;
}
