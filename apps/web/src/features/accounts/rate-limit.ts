/**
 * The client turns error answers into ApiError without their headers, so the Retry-After of a
 * 429 is noted here by path (the app client's fetch sees every answer) for the form to read.
 */
const retryAt = new Map<string, number>();

/** Retry-After in seconds, or an HTTP date (RFC 9110 section 10.2.3). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

export function recordRetryAfter(pathname: string, header: string | null): void {
  const seconds = parseRetryAfter(header);
  if (seconds === undefined) retryAt.delete(pathname);
  else retryAt.set(pathname, Date.now() + seconds * 1000);
}

/** Whole seconds until the server accepts the path again; undefined when it did not say or it passed. */
export function retryAfterSeconds(pathname: string): number | undefined {
  const at = retryAt.get(pathname);
  if (at === undefined) return undefined;
  const left = Math.ceil((at - Date.now()) / 1000);
  if (left > 0) return left;
  retryAt.delete(pathname);
  return undefined;
}
