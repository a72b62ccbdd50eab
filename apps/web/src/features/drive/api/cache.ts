import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { DriveFile } from '@wharf/contract';
import { driveKeys } from './keys';

type FilePages = InfiniteData<{ items: DriveFile[]; nextPageToken: string | null }>;

/**
 * Puts a changed file in every loaded list of its project at once, so a rename or a tag shows before
 * the lists are asked again (they are: a change may move the file in or out of a search).
 */
export function replaceFileInLists(queryClient: QueryClient, project: string, file: DriveFile): void {
  queryClient.setQueriesData<FilePages>({ queryKey: driveKeys.lists(project) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === file.id ? file : item)),
          })),
        }
      : data,
  );
}

/** Takes deleted files out of every loaded list of their project. */
export function removeFilesFromLists(queryClient: QueryClient, project: string, ids: ReadonlySet<string>): void {
  queryClient.setQueriesData<FilePages>({ queryKey: driveKeys.lists(project) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.filter((item) => !ids.has(item.id)) })),
        }
      : data,
  );
}

/** The lists and the usage are asked again (after an upload or a delete). */
export function refreshDrive(queryClient: QueryClient, project: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: driveKeys.lists(project) }),
    queryClient.invalidateQueries({ queryKey: driveKeys.status(project) }),
  ]);
}
