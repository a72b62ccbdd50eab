import type { CreateSubscriberRequest, UpdateSubscriberRequest } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { marketingKeys } from './keys';
import type { Subscriber } from './subscribers';

/**
 * A subscriber's change touches the subscriber lists (rows, the total) and the mailing lists'
 * counts; both are loaded again.
 */
function useReloadLists(project: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: [...marketingKeys.subscribers(project), 'list'] });
    void queryClient.invalidateQueries({ queryKey: marketingKeys.lists(project) });
  };
}

/** `POST /v1/mail/subscribers` (mail.subscribe): subscribed at once, or mailed a confirmation first. */
export function useCreateSubscriber(project: string) {
  const client = useApiClient();
  const reload = useReloadLists(project);
  return useMutation({
    mutationFn: (body: CreateSubscriberRequest) => client.createSubscriber({ project, createSubscriberRequest: body }),
    onSuccess: reload,
  });
}

/** `PUT /v1/mail/subscribers/{subscriberId}` (mail.manage): the whole subscriber, as it should be. */
export function useUpdateSubscriber(project: string, subscriberId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const reload = useReloadLists(project);
  return useMutation({
    mutationFn: (body: UpdateSubscriberRequest) =>
      client.updateSubscriber({ project, subscriberId, updateSubscriberRequest: body }),
    onSuccess: (subscriber: Subscriber) => {
      queryClient.setQueryData(marketingKeys.subscriber(project, subscriberId), subscriber);
      // Each change is a line of their activity.
      void queryClient.invalidateQueries({ queryKey: marketingKeys.subscriberEvents(project, subscriberId) });
      reload();
    },
  });
}

/** `DELETE /v1/mail/subscribers/{subscriberId}` (mail.manage): erased, the address kept as do-not-mail. */
export function useDeleteSubscriber(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const reload = useReloadLists(project);
  return useMutation({
    mutationFn: (subscriberId: string) => client.deleteSubscriber({ project, subscriberId }),
    onSuccess: (_answer, subscriberId) => {
      queryClient.removeQueries({ queryKey: marketingKeys.subscriber(project, subscriberId) });
      queryClient.removeQueries({ queryKey: marketingKeys.subscriberEvents(project, subscriberId) });
      reload();
    },
  });
}
