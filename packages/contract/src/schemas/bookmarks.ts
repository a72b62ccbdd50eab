import { z } from 'zod';
import { multiline } from './common.js';
import { RouteRef } from './notifications.js';

import {
  BOOKMARK_DESCRIPTION_MAX,
  BOOKMARK_TAB_NAME_MAX,
  BOOKMARK_TABS_MAX,
  BOOKMARK_TITLE_MAX,
} from '../shell-constants.js';

export {
  BOOKMARK_DESCRIPTION_MAX,
  BOOKMARK_TAB_NAME_MAX,
  BOOKMARK_TABS_MAX,
  BOOKMARK_TITLE_MAX,
  BOOKMARKS_MAX,
  NEW_TAB_PREFIX,
} from '../shell-constants.js';

export const BookmarkColor = z.enum(['gray', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink']);
export type BookmarkColor = z.infer<typeof BookmarkColor>;
export const BookmarkIcon = z.enum(['bookmark', 'star', 'flag', 'heart', 'bolt', 'box', 'chart', 'users', 'cog']);
export type BookmarkIcon = z.infer<typeof BookmarkIcon>;

/** What a bookmark opens: a console route (matched by name, params and query) or an address. */
export const BookmarkData = z
  .object({
    route: RouteRef.optional(),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  })
  .refine((d) => Boolean(d.route) !== Boolean(d.url), 'A bookmark opens either a route or an address.')
  .meta({ id: 'BookmarkData' });
export type BookmarkData = z.infer<typeof BookmarkData>;

/**
 * SPEC.md section 3. `sortOrder` places the bookmark among all of the person's bookmarks in the
 * project and `tabSortOrder` within its tab (both 1-based); `tabId` null is the default tab.
 */
export const Bookmark = z
  .object({
    id: z.uuid(),
    title: z.string(),
    data: BookmarkData,
    description: z.string().nullable(),
    color: BookmarkColor.nullable(),
    icon: BookmarkIcon.nullable(),
    tabId: z.uuid().nullable(),
    sortOrder: z.number().int(),
    tabSortOrder: z.number().int(),
  })
  .meta({ id: 'Bookmark' });
export type Bookmark = z.infer<typeof Bookmark>;

const Title = z
  .string()
  .trim()
  .min(1, 'Enter a title.')
  .max(BOOKMARK_TITLE_MAX, `Use at most ${BOOKMARK_TITLE_MAX} characters.`);
const Description = multiline(
  z.string().trim().max(BOOKMARK_DESCRIPTION_MAX, `Use at most ${BOOKMARK_DESCRIPTION_MAX} characters.`),
);

export const CreateBookmarkRequest = z
  .object({
    title: Title,
    data: BookmarkData,
    description: Description.nullable().optional(),
    color: BookmarkColor.nullable().optional(),
    icon: BookmarkIcon.nullable().optional(),
    tabId: z.uuid().nullable().optional(),
  })
  .meta({ id: 'CreateBookmarkRequest' });
export type CreateBookmarkRequest = z.infer<typeof CreateBookmarkRequest>;

/** Any of the fields; `tabId` and `tabSortOrder` together move it (the others in the tab shift up or down). */
export const UpdateBookmarkRequest = z
  .object({
    title: Title.optional(),
    description: Description.nullable().optional(),
    color: BookmarkColor.nullable().optional(),
    icon: BookmarkIcon.nullable().optional(),
    tabId: z.uuid().nullable().optional(),
    tabSortOrder: z.number().int().min(1).optional(),
  })
  .meta({ id: 'UpdateBookmarkRequest' });
export type UpdateBookmarkRequest = z.infer<typeof UpdateBookmarkRequest>;

export const BookmarkTab = z
  .object({ id: z.uuid(), name: z.string(), sortOrder: z.number().int().min(1) })
  .meta({ id: 'BookmarkTab' });
export type BookmarkTab = z.infer<typeof BookmarkTab>;

/**
 * The whole set of tabs, in order: tabs left out are deleted (their bookmarks go to the default
 * tab), tabs with a null id are created. sortOrder is 1-based.
 */
export const UpdateBookmarkTabsRequest = z
  .object({
    tabs: z
      .array(
        z.object({
          id: z.uuid().nullable(),
          name: z
            .string()
            .trim()
            .min(1, 'Name the tab.')
            .max(BOOKMARK_TAB_NAME_MAX, `Use at most ${BOOKMARK_TAB_NAME_MAX} characters.`),
          sortOrder: z.number().int().min(1),
        }),
      )
      .max(BOOKMARK_TABS_MAX, `Keep at most ${BOOKMARK_TABS_MAX} tabs.`),
  })
  .meta({ id: 'UpdateBookmarkTabsRequest' });
export type UpdateBookmarkTabsRequest = z.infer<typeof UpdateBookmarkTabsRequest>;
