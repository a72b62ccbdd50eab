import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { chatKeys } from './keys';

/** Results per search: the newest first. */
export const SEARCH_LIMIT = 20;

/**
 * `GET /v1/chat/channels/{channel}/messages/search`: words and the filters `from:`,
 * `has:attachment`, `reaction:`, `before:` and `after:`; asked once the person submits.
 */
export function useSearchMessages(channel: string, words: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: chatKeys.search(channel, words),
    queryFn: async ({ signal }) =>
      (await client.searchMessages({ channel, search: words, limit: SEARCH_LIMIT }, { signal })).items,
    enabled: words.trim().length > 0,
  });
}
