import { z } from 'zod';
import { defineOperation } from '../operation.js';
import {
  Bookmark,
  BookmarkTab,
  CreateBookmarkRequest,
  UpdateBookmarkRequest,
  UpdateBookmarkTabsRequest,
} from '../schemas/bookmarks.js';
import { ApiErrorBody } from '../schemas/common.js';

const tags = ['bookmarks'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const projectParam = z.object({ project: z.uuid() });
const bookmarkParams = z.object({ project: z.uuid(), bookmark: z.uuid() });
/** Every member can see the project; bookmarks are each person's own within it. */
const access = { kind: 'permission', permission: 'projects.read' } as const;

/** A person's bookmarks and their tabs in one project (SPEC.md section 3). API keys have none. */
export const bookmarkOperations = {
  listBookmarks: defineOperation({
    operationId: 'listBookmarks',
    method: 'GET',
    path: '/v1/projects/{project}/bookmarks',
    summary: "The caller's bookmarks in the project, by tab and then tabSortOrder",
    tags,
    params: projectParam,
    responses: { 200: z.array(Bookmark), ...errors },
    access,
    audited: false,
  }),
  createBookmark: defineOperation({
    operationId: 'createBookmark',
    method: 'POST',
    path: '/v1/projects/{project}/bookmarks',
    summary: 'Bookmark a route or an address; it goes last in its tab. 409 when the same route is already bookmarked',
    tags,
    params: projectParam,
    body: CreateBookmarkRequest,
    bodyName: 'createBookmarkRequest',
    responses: { 201: Bookmark, 409: ApiErrorBody, ...errors },
    access,
    audited: true,
  }),
  updateBookmark: defineOperation({
    operationId: 'updateBookmark',
    method: 'PATCH',
    path: '/v1/projects/{project}/bookmarks/{bookmark}',
    summary: 'Change a bookmark, or move it within or between tabs',
    tags,
    params: bookmarkParams,
    body: UpdateBookmarkRequest,
    bodyName: 'updateBookmarkRequest',
    responses: { 200: Bookmark, ...errors },
    access,
    audited: true,
  }),
  deleteBookmark: defineOperation({
    operationId: 'deleteBookmark',
    method: 'DELETE',
    path: '/v1/projects/{project}/bookmarks/{bookmark}',
    summary: 'Delete a bookmark',
    tags,
    params: bookmarkParams,
    responses: { 204: z.undefined(), ...errors },
    access,
    audited: true,
  }),
  getBookmarkTabs: defineOperation({
    operationId: 'getBookmarkTabs',
    method: 'GET',
    path: '/v1/projects/{project}/bookmarktabs',
    summary: "The caller's bookmark tabs in the project, by sortOrder",
    tags,
    params: projectParam,
    responses: { 200: z.array(BookmarkTab), ...errors },
    access,
    audited: false,
  }),
  updateBookmarkTabs: defineOperation({
    operationId: 'updateBookmarkTabs',
    method: 'PUT',
    path: '/v1/projects/{project}/bookmarktabs',
    summary:
      'Replace the set of tabs: null ids are created, missing tabs deleted (their bookmarks go to the default tab)',
    tags,
    params: projectParam,
    body: UpdateBookmarkTabsRequest,
    bodyName: 'updateBookmarkTabsRequest',
    responses: { 200: z.array(BookmarkTab), ...errors },
    access,
    audited: true,
  }),
};
