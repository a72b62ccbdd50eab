import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { driveSetupChanged } from './admin-cache';

/**
 * `DELETE /v1/drive/admin/projects/{project}`: the drive's setup goes; its quota and storage class
 * are the defaults again (1 GB, standard). Its files stay.
 */
export function useResetDriveProject() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: string) => client.deleteDriveProjectAdmin({ project }),
    onSuccess: (_, project) => driveSetupChanged(queryClient, project),
  });
}
