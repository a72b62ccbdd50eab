import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { addMessage } from './cache';
import type { Message } from './types';

export interface MessageDraft {
  text: string;
  mentions: string[];
  attachments: string[];
  /** The message this one answers. */
  replyTo?: string;
}

/**
 * `POST /v1/chat/channels/{channel}/messages?project=`: the message shows in the window as soon as
 * the server answers (the realtime echo of it is then recognised by its id and not added twice).
 */
export function useCreateMessage(project: string, channel: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: MessageDraft) => client.createMessage({ project, channel, createMessageRequest: draft }),
    onSuccess: (message: Message) => addMessage(queryClient, message),
  });
}
