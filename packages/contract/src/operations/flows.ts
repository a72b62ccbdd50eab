import { z } from 'zod';
import { defineOperation, type Operation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import {
  CreateFlowRequest,
  Flow,
  FlowDraft,
  FlowPage,
  FlowTestSendResult,
  FlowVersionList,
  ListFlowsQuery,
  UpdateFlowDraftRequest,
  UpdateFlowRequest,
} from '../schemas/flows.js';

const tags = ['flows'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const conflict = { 409: ApiErrorBody };
const inProject = z.object({ project: z.uuid() });
const flowParams = z.object({ flowId: z.uuid() });
const readFlows = { kind: 'permission', permission: 'flows.read' } as const;
const manageFlows = { kind: 'permission', permission: 'flows.manage' } as const;

/**
 * Automated mail flows (SPEC.md section 7 "Flows", issue 23, decision 039). Every call needs the Flows
 * and Marketing modules installed in the project (403 MODULE_NOT_INSTALLED); a flow, list or draft
 * of another project answers as an unknown one (404). SPEC.md gives the list, the flow, its draft and
 * the test send; creating, deleting, editing the draft, publishing, discarding and versions are ours.
 */
export const flowOperations = {
  listFlows: defineOperation({
    operationId: 'listFlows',
    method: 'GET',
    path: '/v1/flows',
    summary: "The project's flows matching every word of `search` in their name, newest first",
    tags,
    query: ListFlowsQuery,
    responses: { 200: FlowPage, ...errors },
    access: readFlows,
    audited: false,
  }),
  createFlow: defineOperation({
    operationId: 'createFlow',
    method: 'POST',
    path: '/v1/flows',
    summary: 'Start a flow: a name and, optionally, the first draft of its trigger and steps. It runs once published',
    tags,
    query: inProject,
    body: CreateFlowRequest,
    bodyName: 'createFlowRequest',
    responses: { 201: Flow, ...errors },
    access: manageFlows,
    audited: true,
  }),
  getFlow: defineOperation({
    operationId: 'getFlow',
    method: 'GET',
    path: '/v1/flows/{flowId}',
    summary: 'One flow: its status, live version and trigger, and how many runs stand at each step',
    tags,
    params: flowParams,
    query: inProject,
    responses: { 200: Flow, ...errors },
    access: readFlows,
    audited: false,
  }),
  updateFlow: defineOperation({
    operationId: 'updateFlow',
    method: 'PATCH',
    path: '/v1/flows/{flowId}',
    summary:
      'Rename a flow, or pause or resume it: paused, nobody enters and runs wait where they are. A flow never published answers 409 FLOW_NOT_PUBLISHED to `active`; resuming (`active`) also needs mail.send',
    tags,
    params: flowParams,
    query: inProject,
    body: UpdateFlowRequest,
    bodyName: 'updateFlowRequest',
    responses: { 200: Flow, ...conflict, ...errors },
    access: manageFlows,
    audited: true,
  }),
  deleteFlow: defineOperation({
    operationId: 'deleteFlow',
    method: 'DELETE',
    path: '/v1/flows/{flowId}',
    summary: 'Delete a flow with its versions and runs: nobody in it is mailed again by it',
    tags,
    params: flowParams,
    query: inProject,
    responses: { 204: z.null(), ...errors },
    access: manageFlows,
    audited: true,
  }),
  getFlowDraft: defineOperation({
    operationId: 'getFlowDraft',
    method: 'GET',
    path: '/v1/flows/{flowId}/draft',
    summary: "The flow's draft: the trigger and steps being edited, and the version it started from",
    tags,
    params: flowParams,
    query: inProject,
    responses: { 200: FlowDraft, ...errors },
    access: readFlows,
    audited: false,
  }),
  updateFlowDraft: defineOperation({
    operationId: 'updateFlowDraft',
    method: 'PUT',
    path: '/v1/flows/{flowId}/draft',
    summary:
      "Replace the draft: the live version keeps running unchanged until the draft is published. Lists and drafts it names must be the project's (404), step ids unique (400 FLOW_INVALID)",
    tags,
    params: flowParams,
    query: inProject,
    body: UpdateFlowDraftRequest,
    bodyName: 'updateFlowDraftRequest',
    responses: { 200: FlowDraft, ...errors },
    access: manageFlows,
    audited: true,
  }),
  discardFlowDraft: defineOperation({
    operationId: 'discardFlowDraft',
    method: 'DELETE',
    path: '/v1/flows/{flowId}/draft',
    summary:
      "Discard the draft's changes: it becomes the live version again (empty if never published). Answers the draft as it now stands",
    tags,
    params: flowParams,
    query: inProject,
    responses: { 200: FlowDraft, ...errors },
    access: manageFlows,
    audited: true,
  }),
  publishFlowDraft: defineOperation({
    operationId: 'publishFlowDraft',
    method: 'POST',
    path: '/v1/flows/{flowId}/draft/publish',
    summary:
      "Publish the draft as the next version, with its mails' content as they stand now, and make it live (the flow becomes active). Runs already going keep their version. 400 FLOW_INVALID without a trigger or a send step; 409 FLOW_UNCHANGED when the draft is the live version. Needs mail.send as well: a live flow mails on its own",
    tags,
    params: flowParams,
    query: inProject,
    responses: { 200: Flow, ...conflict, ...errors },
    access: manageFlows,
    audited: true,
  }),
  testSendFlowDraft: defineOperation({
    operationId: 'testSendFlowDraft',
    method: 'POST',
    path: '/v1/flows/{flowId}/draft/test-send',
    summary:
      "Send the draft's mails, one per send step in order, to the caller's own address, filled in as for a subscriber of the caller's name; nobody else is mailed and nothing is recorded. Needs a signed-in person (not an API key)",
    tags,
    params: flowParams,
    query: inProject,
    responses: { 200: FlowTestSendResult, ...errors },
    access: manageFlows,
    audited: true,
  }),
  listFlowVersions: defineOperation({
    operationId: 'listFlowVersions',
    method: 'GET',
    path: '/v1/flows/{flowId}/versions',
    summary: "The flow's published versions, newest first, with the live one marked",
    tags,
    params: flowParams,
    query: inProject,
    responses: { 200: FlowVersionList, ...errors },
    access: readFlows,
    audited: false,
  }),
  restoreFlowVersion: defineOperation({
    operationId: 'restoreFlowVersion',
    method: 'POST',
    path: '/v1/flows/{flowId}/versions/{version}/restore',
    summary:
      'Copy a published version into the draft, replacing it; publish to make it live again. The live version is not changed',
    tags,
    params: z.object({ flowId: z.uuid(), version: z.coerce.number().int().min(1).max(1_000_000) }),
    query: inProject,
    responses: { 200: FlowDraft, ...errors },
    access: manageFlows,
    audited: true,
  }),
} satisfies Record<string, Operation>;
