import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateDriveSetupRequest } from '@wharf/contract';
import { useApiClient } from '../../../app/api-client';
import { driveSetupChanged } from './admin-cache';

/** `PATCH /v1/drive/admin/projects/{project}`: changes a drive's quota, its storage class, or both. */
export function useUpdateDriveProject() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ project, updateSetup }: { project: string; updateSetup: UpdateDriveSetupRequest }) =>
      client.updateDriveProjectAdmin({ project, updateSetup }),
    onSuccess: (drive, { project }) => driveSetupChanged(queryClient, project, drive),
  });
}
