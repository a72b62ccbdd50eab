import type { UpdateMetadataRequest } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { replaceFileInLists } from './cache';
import { driveKeys } from './keys';

export interface FileUpdate {
  file: string;
  changes: UpdateMetadataRequest;
}

/**
 * `PATCH /v1/drive/metadata/{file}`: rename, move to a folder, tags, alt text, custom fields, public
 * or private. The answer replaces the file in the loaded lists at once; the lists are then asked
 * again, since the change may move the file in or out of a search or along the order.
 */
export function useUpdateFile(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, changes }: FileUpdate) =>
      client.updateFileMetadata({ project, file, updateMetadataRequest: changes }),
    onSuccess: (file) => replaceFileInLists(queryClient, project, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: driveKeys.lists(project) }),
  });
}
