import { z } from 'zod';
import { defineOperation, type Operation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import {
  CreateDraftRequest,
  Draft,
  DraftPage,
  DraftPreview,
  ListDraftsQuery,
  PreviewDraftRequest,
  UpdateDraftRequest,
} from '../schemas/mail-drafts.js';

const tags = ['mail'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const inProject = z.object({ project: z.uuid() });
const draftParams = z.object({ draftId: z.uuid() });
const readMail = { kind: 'permission', permission: 'mail.read' } as const;
const manageMail = { kind: 'permission', permission: 'mail.manage' } as const;

/** How a template that does not parse is answered: the same for saving and previewing. */
const TEMPLATE_RULE =
  'A merge tag or Liquid tag that does not parse answers 400 TEMPLATE_INVALID naming the field (subject, preheader, markdown, blocks.N.field) and the line, and changes nothing';

/**
 * Mail drafts (SPEC.md section 7 "Mail", issue 23, decision 038): a mail's subject, preheader and
 * body in Markdown or blocks, with Liquid merge tags. Every call needs the Marketing module.
 */
export const mailDraftOperations = {
  listDrafts: defineOperation({
    operationId: 'listDrafts',
    method: 'GET',
    path: '/v1/mail/drafts',
    summary: "The project's drafts, last edited first, matching every word of `search` in the name or subject",
    tags,
    query: ListDraftsQuery,
    responses: { 200: DraftPage, ...errors },
    access: readMail,
    audited: false,
  }),
  getDraft: defineOperation({
    operationId: 'getDraft',
    method: 'GET',
    path: '/v1/mail/drafts/{draftId}',
    summary: 'One draft with its body in both formats (only the chosen one is sent)',
    tags,
    params: draftParams,
    query: inProject,
    responses: { 200: Draft, ...errors },
    access: readMail,
    audited: false,
  }),
  createDraft: defineOperation({
    operationId: 'createDraft',
    method: 'POST',
    path: '/v1/mail/drafts',
    summary: `Write a new draft. ${TEMPLATE_RULE}`,
    tags,
    query: inProject,
    body: CreateDraftRequest,
    bodyName: 'createDraftRequest',
    responses: { 201: Draft, ...errors },
    access: manageMail,
    audited: true,
  }),
  updateDraft: defineOperation({
    operationId: 'updateDraft',
    method: 'PATCH',
    path: '/v1/mail/drafts/{draftId}',
    summary: `Change a draft's name, subject, preheader, format or body; what is left out stays. ${TEMPLATE_RULE}`,
    tags,
    params: draftParams,
    query: inProject,
    body: UpdateDraftRequest,
    bodyName: 'updateDraftRequest',
    responses: { 200: Draft, ...errors },
    access: manageMail,
    audited: true,
  }),
  deleteDraft: defineOperation({
    operationId: 'deleteDraft',
    method: 'DELETE',
    path: '/v1/mail/drafts/{draftId}',
    summary: 'Delete a draft. Campaigns made from it keep the copy of its content they were scheduled with',
    tags,
    params: draftParams,
    query: inProject,
    responses: { 204: z.undefined(), ...errors },
    access: manageMail,
    audited: true,
  }),
  duplicateDraft: defineOperation({
    operationId: 'duplicateDraft',
    method: 'POST',
    path: '/v1/mail/drafts/{draftId}/duplicate',
    summary:
      'Copy a draft as "Copy of <name>" (shortened to fit the name\'s limit), with the same subject, preheader and body',
    tags,
    params: draftParams,
    query: inProject,
    responses: { 201: Draft, ...errors },
    access: manageMail,
    audited: true,
  }),
  previewDraft: defineOperation({
    operationId: 'previewDraft',
    method: 'POST',
    path: '/v1/mail/drafts/preview',
    summary: `Render a draft as it is being edited (nothing is saved) in the mail layout, with a plain-text part, for one subscriber: the one named, else the sample values, else the project's first subscriber, else "Ada Lovelace". ${TEMPLATE_RULE}`,
    tags,
    query: inProject,
    body: PreviewDraftRequest,
    bodyName: 'previewDraftRequest',
    responses: { 200: DraftPreview, ...errors },
    access: readMail,
    audited: false,
  }),
} satisfies Record<string, Operation>;
