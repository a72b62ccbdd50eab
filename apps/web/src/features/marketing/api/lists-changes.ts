import type { CreateMailingListRequest, UpdateMailingListRequest } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { marketingKeys } from './keys';

/**
 * After a list changes, the lists are loaded again, and so are the subscribers: their rows name
 * their lists, and the list filter offers them.
 */
function useReload(project: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: marketingKeys.lists(project) });
    void queryClient.invalidateQueries({ queryKey: marketingKeys.subscribers(project) });
  };
}

/** `POST /v1/mail/mailing-lists` (mail.manage). */
export function useCreateMailingList(project: string) {
  const client = useApiClient();
  const reload = useReload(project);
  return useMutation({
    mutationFn: (body: CreateMailingListRequest) =>
      client.createMailingList({ project, createMailingListRequest: body }),
    onSuccess: reload,
  });
}

/** `PATCH /v1/mail/mailing-lists/{mailingListId}` (mail.manage): name, description or opt-in. */
export function useUpdateMailingList(project: string) {
  const client = useApiClient();
  const reload = useReload(project);
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateMailingListRequest }) =>
      client.updateMailingList({ project, mailingListId: id, updateMailingListRequest: changes }),
    onSuccess: reload,
  });
}

/** `DELETE /v1/mail/mailing-lists/{mailingListId}` (mail.manage): its members stay subscribers. */
export function useDeleteMailingList(project: string) {
  const client = useApiClient();
  const reload = useReload(project);
  return useMutation({
    mutationFn: (mailingListId: string) => client.deleteMailingList({ project, mailingListId }),
    onSuccess: reload,
  });
}
