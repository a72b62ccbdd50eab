import type { QueryClient } from '@tanstack/react-query';
import type { DriveProjectAdmin } from '@wharf/contract';
import { driveKeys } from './keys';

/**
 * A project's drive setup changed (set up, changed or reset): the lists of drives are asked again,
 * and so is the project's own usage view, which shows the quota to its members.
 */
export function driveSetupChanged(queryClient: QueryClient, project: string, drive?: DriveProjectAdmin) {
  if (drive) queryClient.setQueryData(driveKeys.adminProject(project), drive);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: driveKeys.adminLists() }),
    queryClient.invalidateQueries({ queryKey: driveKeys.status(project) }),
    // Without the answer's drive (a reset answers nothing), the project's setup is asked again.
    drive ? undefined : queryClient.invalidateQueries({ queryKey: driveKeys.adminProject(project) }),
  ]);
}
