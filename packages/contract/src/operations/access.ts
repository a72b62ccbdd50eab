import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import { EnforceDenied, EnforceRequest, EnforceResponse, PermissionInfo } from '../schemas/access.js';

const tags = ['access'];

/** Access control (SPEC.md section 7, base path /v1/enforcer). */
export const accessOperations = {
  enforce: defineOperation({
    operationId: 'enforce',
    method: 'POST',
    path: '/v1/enforcer/enforce',
    summary:
      'Decide permissions for a user in a project: 200 when all are granted, 403 with the same lists when any is denied',
    tags,
    body: EnforceRequest,
    bodyName: 'enforceRequest',
    // 403 is a denial with its lists, or a plain refusal (asking about someone else without members.read).
    responses: {
      200: EnforceResponse,
      400: ApiErrorBody,
      401: ApiErrorBody,
      403: z.union([EnforceDenied, ApiErrorBody]),
    },
    access: { kind: 'user' },
    audited: false,
  }),
  listPermissions: defineOperation({
    operationId: 'listPermissions',
    method: 'GET',
    path: '/v1/enforcer/permissions',
    summary: 'The permission catalogue: every permission an operation declares, with what it allows',
    tags,
    responses: { 200: z.array(PermissionInfo), 401: ApiErrorBody },
    access: { kind: 'user' },
    audited: false,
  }),
  getPermission: defineOperation({
    operationId: 'getPermission',
    method: 'GET',
    path: '/v1/enforcer/permissions/{permission}',
    summary: 'One permission of the catalogue',
    tags,
    params: z.object({ permission: z.string().max(100) }),
    responses: { 200: PermissionInfo, 401: ApiErrorBody, 404: ApiErrorBody },
    access: { kind: 'user' },
    audited: false,
  }),
};
