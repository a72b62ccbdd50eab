import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { chatKeys } from './keys';

/**
 * `GET /v1/chat/channels/{channel}/messages/{message}`: one message, for the quote of a reply whose
 * original is not in the loaded window.
 */
export function useMessage(channel: string, message: string, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: chatKeys.message(channel, message),
    queryFn: ({ signal }) => client.getMessage({ channel, message }, { signal }),
    enabled,
    staleTime: 60_000,
  });
}
