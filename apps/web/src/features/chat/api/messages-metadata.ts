import { CHAT_METADATA_MAX } from '@wharf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { chatKeys } from './keys';

/**
 * `POST /v1/chat/users/{user}/messages/metadata`: how many of the channel's other members read
 * each of the messages shown (read-by on hover). Asked for the newest loaded messages only (the
 * server takes at most 100), and again when a `read` event arrives.
 */
export function useMessagesMetadata(user: string, channel: string, messages: readonly string[]) {
  const client = useApiClient();
  const ids = messages.slice(-CHAT_METADATA_MAX);
  const query = useQuery({
    queryKey: chatKeys.metadataOf(channel, ids),
    queryFn: async ({ signal }) =>
      (await client.getMessagesMetadata({ user, metadataRequest: { messages: ids } }, { signal })).items,
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
  const readBy = new Map((query.data ?? []).map((m) => [m.messageId, m.readBy]));
  return readBy;
}
