import { ApiError } from '@wharf/client';
import { useRef } from 'react';

/**
 * Whether a failed write may be sent again under the same Idempotency-Key. The server (decision
 * 015) stores and replays refusals it gave (a 402 decline), so only a write it never answered — no
 * response, a 5xx (rolled back, key released) or 409 IDEMPOTENCY_KEY_IN_USE (still in flight) — is
 * retried with its key; anything else was answered and a new attempt is a new submission.
 */
export function isRetryableWithSameKey(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.code === 'IDEMPOTENCY_KEY_IN_USE';
}

/**
 * One Idempotency-Key per submission: `keyFor(what)` gives the same key while `what` (the
 * submission's content, e.g. `top-up:1000:EUR`) is unchanged and the last attempt may be retried,
 * so a double click or a retry after a timeout cannot charge twice. `settle(error?)` ends the
 * submission unless the failure was one to retry.
 */
export function useIdempotencyKey() {
  const current = useRef<{ what: string; key: string } | null>(null);
  return {
    keyFor(what: string): string {
      if (current.current?.what !== what) current.current = { what, key: crypto.randomUUID() };
      return current.current.key;
    },
    settle(error?: unknown): void {
      if (error === undefined || !isRetryableWithSameKey(error)) current.current = null;
    },
  };
}
