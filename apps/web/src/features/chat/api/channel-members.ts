import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { chatKeys } from './keys';

/**
 * `GET /v1/chat/channels/{channel}/users?includeSubscription=true`: the members (the header, the
 * mention autocomplete) and, beside the caller's own entry, their subscription (mute, notify, and
 * how far they read: the "new messages" divider).
 */
export function useChannelMembers(channel: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: chatKeys.members(channel),
    queryFn: async ({ signal }) =>
      (await client.listChannelUsers({ channel, includeSubscription: 'true' }, { signal })).items,
  });
}
