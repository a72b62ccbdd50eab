import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DriveSetupRequest } from '@wharf/contract';
import { useApiClient } from '../../../app/api-client';
import { driveSetupChanged } from './admin-cache';

/** `POST /v1/drive/admin/projects/{project}`: sets up a drive that never was, with a quota and a storage class. */
export function useSetupDriveProject() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ project, setup }: { project: string; setup: DriveSetupRequest }) =>
      client.setupDriveProjectAdmin({ project, setup }),
    onSuccess: (drive, { project }) => driveSetupChanged(queryClient, project, drive),
  });
}
