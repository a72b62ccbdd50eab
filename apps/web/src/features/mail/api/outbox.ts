import type { WharfClient } from '@wharf/client';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';

/** Mails per page (the server's default; it allows up to 100). */
export const OUTBOX_PAGE_SIZE = 20;

export const outboxKeys = {
  all: ['outbox'] as const,
  /** One list per recipient filter (`to` null: every recipient). */
  list: (to: string | undefined) => [...outboxKeys.all, 'list', { to: to ?? null }] as const,
};

export type OutboxPage = Awaited<ReturnType<WharfClient['listOutbox']>>;
export type OutboxMail = OutboxPage['items'][number];

export function outboxQueryOptions(client: WharfClient, to: string | undefined) {
  return infiniteQueryOptions({
    queryKey: outboxKeys.list(to),
    queryFn: ({ pageParam, signal }) =>
      client.listOutbox(
        { pageSize: OUTBOX_PAGE_SIZE, ...(pageParam ? { pageToken: pageParam } : {}), ...(to ? { to } : {}) },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    // Keyset paging: the server's opaque token of the last row, null on the last page.
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
  });
}

/**
 * `GET /v1/admin/mail/outbox` (bearer token, platform admins; 403 FORBIDDEN for others): mail the
 * platform sent or queued, newest first, page by page. `enabled` is false for non-admins, who are
 * told so without asking the server.
 */
export function useOutboxQuery(to: string | undefined, enabled: boolean) {
  return useInfiniteQuery({ ...outboxQueryOptions(useApiClient(), to), enabled });
}
