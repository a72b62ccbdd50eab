import type { CreateDraftRequest, UpdateDraftRequest } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { Draft } from './drafts';
import { marketingKeys } from './keys';

/** After a change the answer replaces the cached draft, and the list (order, names) is loaded again. */
function useSettle(project: string) {
  const queryClient = useQueryClient();
  return (draft?: Draft) => {
    if (draft) queryClient.setQueryData(marketingKeys.draft(project, draft.id), draft);
    void queryClient.invalidateQueries({ queryKey: [...marketingKeys.drafts(project), 'list'] });
  };
}

/** `POST /v1/mail/drafts` (mail.manage). */
export function useCreateDraft(project: string) {
  const client = useApiClient();
  const settle = useSettle(project);
  return useMutation({
    mutationFn: (body: CreateDraftRequest) => client.createDraft({ project, createDraftRequest: body }),
    onSuccess: settle,
  });
}

/** `PATCH /v1/mail/drafts/{draftId}` (mail.manage): the fields that changed. */
export function useUpdateDraft(project: string, draftId: string) {
  const client = useApiClient();
  const settle = useSettle(project);
  return useMutation({
    mutationFn: (changes: UpdateDraftRequest) => client.updateDraft({ project, draftId, updateDraftRequest: changes }),
    onSuccess: settle,
  });
}

/** `POST /v1/mail/drafts/{draftId}/duplicate` (mail.manage): "Copy of …". */
export function useDuplicateDraft(project: string) {
  const client = useApiClient();
  const settle = useSettle(project);
  return useMutation({
    mutationFn: (draftId: string) => client.duplicateDraft({ project, draftId }),
    onSuccess: settle,
  });
}

/** `DELETE /v1/mail/drafts/{draftId}` (mail.manage). */
export function useDeleteDraft(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draftId: string) => client.deleteDraft({ project, draftId }),
    onSuccess: (_, draftId) => {
      queryClient.removeQueries({ queryKey: marketingKeys.draft(project, draftId) });
      void queryClient.invalidateQueries({ queryKey: [...marketingKeys.drafts(project), 'list'] });
    },
  });
}
