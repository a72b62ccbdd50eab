/** Query keys of a person's bookmarks in one project (null: no project selected). */
export const bookmarkKeys = {
  all: (project: string | undefined) => ['bookmarks', project ?? null] as const,
  list: (project: string | undefined) => [...bookmarkKeys.all(project), 'list'] as const,
  tabs: (project: string | undefined) => [...bookmarkKeys.all(project), 'tabs'] as const,
};
