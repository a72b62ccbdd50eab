import { z } from 'zod';
import { defineOperation } from '../operation.js';
import {
  AuthorizationCode,
  DeviceAuthorizeRequest,
  DeviceCodeRequest,
  DeviceCodeResponse,
  OutboxMessage,
  Page,
  Paging,
  TokenRequest,
  TokenVerification,
} from '../schemas/auth.js';
import { Token, UpdateUserFeaturesRequest, User } from '../schemas/accounts.js';
import { ApiErrorBody } from '../schemas/common.js';

const tags = ['auth'];

/** The auth service (SPEC.md section 7 "Auth service"). */
export const authOperations = {
  exchangeToken: defineOperation({
    operationId: 'exchangeToken',
    method: 'POST',
    path: '/v1/auth/token',
    summary:
      'A token for a one-time authorization code, or for an approved device code (RFC 8628: ' +
      'authorization_pending, slow_down, expired_token, access_denied while it is not)',
    tags,
    body: TokenRequest,
    bodyName: 'tokenRequest',
    responses: { 200: Token, 400: ApiErrorBody, 429: ApiErrorBody },
    access: { kind: 'public' },
    audited: false,
  }),
  createAuthorizationCode: defineOperation({
    operationId: 'createAuthorizationCode',
    method: 'POST',
    path: '/v1/auth/code',
    summary: 'A one-time code (60 s) that signs this user in on another browser at /auth/{code}',
    tags,
    responses: { 201: AuthorizationCode, 401: ApiErrorBody },
    access: { kind: 'user' },
    audited: true,
  }),
  verifyToken: defineOperation({
    operationId: 'verifyToken',
    method: 'POST',
    path: '/v1/auth/token/verify',
    summary: 'Check the bearer token of this call',
    tags,
    query: z.object({ project: z.uuid().optional() }),
    responses: { 200: TokenVerification, 401: ApiErrorBody, 403: ApiErrorBody },
    access: { kind: 'user' },
    audited: false,
  }),
  createDeviceCode: defineOperation({
    operationId: 'createDeviceCode',
    method: 'POST',
    path: '/v1/auth/device/code',
    summary: 'Start the device flow (RFC 8628): a device code, a short user code and where to enter it',
    tags,
    body: DeviceCodeRequest.optional(),
    bodyName: 'deviceCodeRequest',
    responses: { 200: DeviceCodeResponse, 429: ApiErrorBody },
    access: { kind: 'public' },
    audited: false,
  }),
  authorizeDevice: defineOperation({
    operationId: 'authorizeDevice',
    method: 'POST',
    path: '/v1/auth/device/authorize',
    summary: 'Approve or deny a device by the code it shows',
    tags,
    body: DeviceAuthorizeRequest,
    bodyName: 'deviceAuthorizeRequest',
    responses: { 204: z.undefined(), 400: ApiErrorBody, 401: ApiErrorBody, 404: ApiErrorBody, 429: ApiErrorBody },
    access: { kind: 'user' },
    audited: true,
  }),
  listOutbox: defineOperation({
    operationId: 'listOutbox',
    method: 'GET',
    path: '/v1/admin/mail/outbox',
    summary: 'Mail the platform has sent or queued, newest first (platform admins)',
    tags: ['admin'],
    query: z.object({ ...Paging, to: z.string().max(254).optional() }),
    responses: { 200: Page(OutboxMessage), 401: ApiErrorBody, 403: ApiErrorBody },
    access: { kind: 'admin' },
    audited: false,
  }),
  updateUserFeatures: defineOperation({
    operationId: 'updateUserFeatures',
    method: 'PUT',
    path: '/v1/admin/users/{userId}/features',
    summary: "Set the feature levels a person is enrolled in (platform admins), e.g. ['alpha']",
    tags: ['admin'],
    params: z.object({ userId: z.uuid() }),
    body: UpdateUserFeaturesRequest,
    bodyName: 'updateUserFeaturesRequest',
    responses: { 200: User, 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody },
    access: { kind: 'admin' },
    audited: true,
  }),
};
