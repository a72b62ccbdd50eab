import type { CreateChannelRequest } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { chatKeys } from './keys';
import type { Channel } from './types';

/** What the dialogs send: the contract's body before its defaults are applied. */
export type NewChannel =
  | { kind: 'open' | 'private'; name: string; topic?: string; users?: string[] }
  | { kind: 'direct'; users: string[] }
  | { kind: 'support' };

/**
 * `POST /v1/chat/channels?project=`: a new open or private channel, or the direct conversation
 * with these people, or the project's support channel. The server answers an existing direct or
 * support conversation rather than making a second, so asking is also how they are found.
 */
export function useCreateChannel(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewChannel) =>
      client.createChannel({ project, createChannelRequest: body as CreateChannelRequest }),
    onSuccess: (channel: Channel) => {
      queryClient.setQueryData<Channel[]>(chatKeys.channels(), (list) =>
        list ? [channel, ...list.filter((c) => c.id !== channel.id)] : list,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
    },
  });
}
