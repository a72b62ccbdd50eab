/** What projects.settings leaves in projects.list's `notice` query after deleting a project. */
export const PROJECT_DELETED_NOTICE = 'project-deleted';
