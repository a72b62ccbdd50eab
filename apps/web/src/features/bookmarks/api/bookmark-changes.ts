import type { Bookmark, CreateBookmarkRequest, UpdateBookmarkRequest } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { requireProject } from '../no-project';
import { applyMove, type BookmarkMove } from '../ordering';
import { bookmarkKeys } from './keys';

/** SPEC.md section 4: after a create, update or delete the list is loaded again. */
function useReload(project: string | undefined) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: bookmarkKeys.all(project) });
}

/** `POST /v1/projects/{project}/bookmarks`: the bookmark goes last in its tab. */
export function useCreateBookmark(project: string | undefined) {
  const client = useApiClient();
  const reload = useReload(project);
  return useMutation({
    mutationFn: async (input: CreateBookmarkRequest) =>
      client.createBookmark({ project: requireProject(project), createBookmarkRequest: input }),
    onSettled: reload,
  });
}

export interface BookmarkUpdate {
  id: string;
  changes: UpdateBookmarkRequest;
}

/** `PATCH /v1/projects/{project}/bookmarks/{bookmark}`: title, description, colour, icon. */
export function useUpdateBookmark(project: string | undefined) {
  const client = useApiClient();
  const reload = useReload(project);
  return useMutation({
    mutationFn: async ({ id, changes }: BookmarkUpdate) =>
      client.updateBookmark({ project: requireProject(project), bookmark: id, updateBookmarkRequest: changes }),
    onSettled: reload,
  });
}

/** `DELETE /v1/projects/{project}/bookmarks/{bookmark}`. */
export function useDeleteBookmark(project: string | undefined) {
  const client = useApiClient();
  const reload = useReload(project);
  return useMutation({
    mutationFn: async (id: string) => client.deleteBookmark({ project: requireProject(project), bookmark: id }),
    onSettled: reload,
  });
}

/**
 * A move within or between tabs, as one updateBookmark of `tabId` and `tabSortOrder`. The list
 * shows the new order at once; a failure puts the old one back; either way the list is reloaded.
 */
export function useMoveBookmark(project: string | undefined) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const key = bookmarkKeys.list(project);
  return useMutation({
    mutationFn: async ({ id, tabId, tabSortOrder }: BookmarkMove) =>
      client.updateBookmark({
        project: requireProject(project),
        bookmark: id,
        updateBookmarkRequest: { tabId, tabSortOrder },
      }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Bookmark[]>(key);
      if (before) queryClient.setQueryData<Bookmark[]>(key, applyMove(before, move));
      return { before };
    },
    onError: (_error, _move, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookmarkKeys.all(project) }),
  });
}
