import type { StartImportRequest } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { SubscriberImport } from './imports';
import { marketingKeys } from './keys';

/** The import as the server answered it becomes the import's query data: no second request. */
function useKeepImport(project: string) {
  const queryClient = useQueryClient();
  return (answer: SubscriberImport) => {
    queryClient.setQueryData(marketingKeys.import(project, answer.id), answer);
    void queryClient.invalidateQueries({ queryKey: marketingKeys.imports(project), exact: true });
  };
}

/** `POST /v1/mail/subscribers/import` (mail.manage): the file, sent as a form; answers the import in `mapping`. */
export function useUploadImport(project: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (file: File) => client.importSubscribers({ project, file }),
    onSuccess: useKeepImport(project),
  });
}

/** `POST /v1/mail/subscribers/imports/{importId}/start` (mail.manage): the mapping and lists; runs in the background. */
export function useStartImport(project: string, importId: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: StartImportRequest) =>
      client.startSubscriberImport({ project, importId, startImportRequest: body }),
    onSuccess: useKeepImport(project),
  });
}

/** `POST /v1/mail/subscribers/imports/{importId}/cancel` (mail.manage): what was imported stays. */
export function useCancelImport(project: string, importId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const keep = useKeepImport(project);
  return useMutation({
    mutationFn: () => client.cancelSubscriberImport({ project, importId }),
    onSuccess: (answer) => {
      keep(answer);
      // Some may have been added before it stopped.
      void queryClient.invalidateQueries({ queryKey: marketingKeys.subscribers(project) });
    },
  });
}
