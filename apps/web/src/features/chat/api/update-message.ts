import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { replaceMessage } from './cache';
import type { Message } from './types';

/** `PATCH /v1/chat/channels/{channel}/messages/{message}`: one's own message, then marked edited. */
export function useUpdateMessage(channel: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, text }: { message: string; text: string }) =>
      client.updateMessage({ channel, message, updateMessageRequest: { text } }),
    onSuccess: (message: Message) => replaceMessage(queryClient, message),
  });
}
