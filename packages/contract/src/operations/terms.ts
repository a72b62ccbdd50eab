import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import { ActiveTerms, SaveTermsRequest, SignedTerms, Terms } from '../schemas/terms.js';

const tags = ['terms'];
const platformParam = z.object({ platformId: z.uuid() });

/**
 * A platform's terms and conditions (SPEC.md section 7 "Platform"): platform admins write versions;
 * the console shows the latest to each signed-in person until they sign it.
 */
export const termsOperations = {
  listTerms: defineOperation({
    operationId: 'listTerms',
    method: 'GET',
    path: '/v1/platform/{platformId}/terms',
    summary: "Every saved version of a platform's terms, newest first (platform admins)",
    tags,
    params: platformParam,
    responses: { 200: z.array(Terms), 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody },
    access: { kind: 'admin' },
    audited: false,
  }),
  saveTerms: defineOperation({
    operationId: 'saveTerms',
    method: 'POST',
    path: '/v1/platform/{platformId}/terms',
    summary: 'Save a new version of the terms (platform admins); the HTML is sanitised; 409 when the version exists',
    tags,
    params: platformParam,
    body: SaveTermsRequest,
    bodyName: 'saveTermsRequest',
    responses: {
      201: Terms,
      400: ApiErrorBody,
      401: ApiErrorBody,
      403: ApiErrorBody,
      404: ApiErrorBody,
      409: ApiErrorBody,
    },
    access: { kind: 'admin' },
    audited: true,
  }),
  getActiveTerms: defineOperation({
    operationId: 'getActiveTerms',
    method: 'GET',
    path: '/omnis/v3/platform/{id}/activeTerms',
    summary: "The platform's latest terms (null while it has none); with `project`, the project must be on it",
    tags,
    params: z.object({ id: z.uuid() }),
    query: z.object({ project: z.uuid().optional() }),
    responses: { 200: ActiveTerms, 400: ApiErrorBody, 404: ApiErrorBody },
    access: { kind: 'public' },
    audited: false,
  }),
  signActiveTerms: defineOperation({
    operationId: 'signActiveTerms',
    method: 'POST',
    path: '/omnis/v3/platform/{id}/activeTerms',
    summary:
      "Sign the terms `termsId` (which must be the platform's latest): its {id, version} joins the user's " +
      'signedPlatformTermsLogs. The body is empty',
    tags,
    params: z.object({ id: z.uuid() }),
    query: z.object({ project: z.uuid().optional(), termsId: z.uuid() }),
    responses: {
      200: SignedTerms,
      400: ApiErrorBody,
      401: ApiErrorBody,
      404: ApiErrorBody,
      409: ApiErrorBody,
      419: ApiErrorBody,
    },
    access: { kind: 'session' },
    audited: true,
  }),
};
