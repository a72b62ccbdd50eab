// Plain data, no zod: the console's signed-in frame (the header's bell and bookmark star) imports
// these through @wharf/contract/shell-constants, so the first paint of a page does not load the
// contract's schemas (the main entry registers every schema, so it cannot be tree-shaken).

/** SPEC.md section 3: a notification belongs to a project's members or to one user. */
export const NOTIFICATION_GROUP_USER = 'user';
export const projectGroup = (projectId: string) => `project:${projectId}`;

export const BOOKMARK_TITLE_MAX = 120;
export const BOOKMARK_DESCRIPTION_MAX = 500;
export const BOOKMARK_TAB_NAME_MAX = 60;
/** Bookmarks and tabs one person may keep in one project. */
export const BOOKMARKS_MAX = 500;
export const BOOKMARK_TABS_MAX = 20;
/** A client's id for a tab it has not saved yet (SPEC.md section 3); sent to the server as null. */
export const NEW_TAB_PREFIX = 'new-';
