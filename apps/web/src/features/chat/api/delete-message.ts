import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { tombstone } from './cache';

/** `DELETE /v1/chat/channels/{channel}/messages/{message}`: a tombstone stays where it was. */
export function useDeleteMessage(channel: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => client.deleteMessage({ channel, message }),
    onSuccess: (_nothing, message) => tombstone(queryClient, channel, message),
  });
}
