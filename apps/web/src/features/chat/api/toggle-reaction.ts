import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { replaceMessage } from './cache';
import type { Message } from './types';

/**
 * `POST` or `DELETE …/messages/{message}/reactions`: adds the emoji, or takes the caller's back when
 * they already reacted with it. The server answers the message with the counts and `mine`.
 */
export function useToggleReaction(channel: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ message, emoji }: { message: Message; emoji: string }) => {
      const mine = message.reactions.some((r) => r.emoji === emoji && r.mine);
      const args = { channel, message: message.id, reaction: { emoji } };
      return mine ? client.removeReaction(args) : client.addReaction(args);
    },
    onSuccess: (message: Message) => replaceMessage(queryClient, message),
  });
}
