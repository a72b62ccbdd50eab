import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WharfClient } from '@wharf/client';
import { useApiClient } from '../../../app/api-client';
import { chatKeys } from './keys';
import type { Channel } from './types';

export function channelsQueryOptions(client: WharfClient) {
  return queryOptions({
    queryKey: chatKeys.channels(),
    queryFn: async ({ signal }) => (await client.listChannels({}, { signal })).items,
  });
}

/** The newest conversation first; never-used channels after the rest, by name. */
export function byLatest(a: Channel, b: Channel): number {
  const at = a.lastMessageAt ?? '';
  const bt = b.lastMessageAt ?? '';
  if (at !== bt) return at < bt ? 1 : -1;
  return a.name.localeCompare(b.name);
}

/**
 * `GET /v1/chat/channels`: the caller's channels across all their projects, with unread and
 * mention counts. One list for the whole console: the page filters it by project, the dashboard
 * shows it whole, and the realtime events patch it in place.
 */
export function useChannels() {
  return useQuery(channelsQueryOptions(useApiClient()));
}
