import { randomUUID } from 'node:crypto';

/** An incoming request id is kept only if it is short and plain, so it cannot forge log lines. */
const requestIdPattern = /^[\w.:-]{1,128}$/;

/** The id of a request: the caller's `x-request-id` when it is plain, else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
}
