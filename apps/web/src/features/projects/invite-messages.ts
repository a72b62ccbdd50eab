/** A whole email address, domain dots included. */
const WHOLE_ADDRESS = /[^\s@]+@[^\s@]+\.[^\s@.]+/;

export const MISMATCH_FALLBACK =
  'This invitation was sent to another email address. Sign in with that address to accept it.';

/**
 * What to say on INVITE_EMAIL_MISMATCH. The server's message names the address the invitation was
 * sent to, but the client's humanizeMessage (SPEC.md section 8) turns dots between word characters
 * into spaces, so `grace@example.com` arrives as `grace@example com`. A message still holding a
 * whole address is shown as it is; otherwise the console's own words, never a wrong address.
 */
export function mismatchMessage(message: string): string {
  return WHOLE_ADDRESS.test(message) ? message : MISMATCH_FALLBACK;
}
