import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { errorMessage } from '../../forms/form-errors';
import { refreshDrive, removeFilesFromLists } from './cache';

/** Some of the files asked for were not deleted: which, and why (the first reason). */
export class DeleteFilesError extends Error {
  override readonly name = 'DeleteFilesError';
  constructor(
    /** The ids that were deleted. */
    readonly deleted: string[],
    /** The ids that are still there. */
    readonly failed: string[],
    reason: string,
  ) {
    super(
      deleted.length === 0
        ? reason
        : `${failed.length} of ${deleted.length + failed.length} files could not be deleted: ${reason}`,
    );
  }
}

/**
 * `DELETE /v1/drive/files/{file}` for each file asked (a selection), side by side. Those deleted
 * leave the lists at once; if any could not be, it fails with DeleteFilesError naming them. Either
 * way the lists and the usage are asked again.
 */
export function useDeleteFiles(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const results = await Promise.allSettled(ids.map((file) => client.deleteFile({ project, file })));
      const deleted = ids.filter((_, i) => results[i]!.status === 'fulfilled');
      removeFilesFromLists(queryClient, project, new Set(deleted));
      const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (refused) {
        const failed = ids.filter((_, i) => results[i]!.status === 'rejected');
        throw new DeleteFilesError(deleted, failed, errorMessage(refused.reason));
      }
      return deleted;
    },
    onSettled: () => refreshDrive(queryClient, project),
  });
}
