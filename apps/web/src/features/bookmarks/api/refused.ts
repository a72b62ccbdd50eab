import { ApiError } from '@wharf/client';

/** SPEC.md sections 6 and 8: a 401 or 403 on a bookmarks list reads as an empty list; others fail. */
export async function emptyWhenRefused<T>(call: Promise<T[]>): Promise<T[]> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return [];
    throw error;
  }
}
