import { z } from 'zod';
import { defineOperation, type Operation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import { StartImportRequest, SubscriberImport, SubscriberImportList } from '../schemas/mail-imports.js';

const tags = ['mail'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const inProject = z.object({ project: z.uuid() });
const importParams = z.object({ importId: z.uuid() });
const readMail = { kind: 'permission', permission: 'mail.read' } as const;
const manageMail = { kind: 'permission', permission: 'mail.manage' } as const;

/**
 * Subscriber imports from CSV (SPEC.md section 7 "Mail", issue 23, decision 038): upload, map the
 * columns, start, follow the progress, read the report. Every call needs the Marketing module.
 */
export const mailImportOperations = {
  importSubscribers: defineOperation({
    operationId: 'importSubscribers',
    method: 'POST',
    path: '/v1/mail/subscribers/import',
    summary:
      'Upload a CSV file of subscribers (multipart/form-data, field `file`, at most 200 MB). The file is kept and its header and first rows read: the import waits in `mapping` with a suggested mapping until it is started',
    tags,
    query: inProject,
    upload: 'multipart',
    responses: { 201: SubscriberImport, 413: ApiErrorBody, 415: ApiErrorBody, ...errors },
    access: manageMail,
    audited: true,
  }),
  listSubscriberImports: defineOperation({
    operationId: 'listSubscriberImports',
    method: 'GET',
    path: '/v1/mail/subscribers/imports',
    summary: "The project's recent imports, newest first",
    tags,
    query: inProject,
    responses: { 200: SubscriberImportList, ...errors },
    access: readMail,
    audited: false,
  }),
  getSubscriberImport: defineOperation({
    operationId: 'getSubscriberImport',
    method: 'GET',
    path: '/v1/mail/subscribers/imports/{importId}',
    summary:
      "An import: its columns and sample while mapping, its progress while running, and then its report with each problem's line",
    tags,
    params: importParams,
    query: inProject,
    responses: { 200: SubscriberImport, ...errors },
    access: readMail,
    audited: false,
  }),
  startSubscriberImport: defineOperation({
    operationId: 'startSubscriberImport',
    method: 'POST',
    path: '/v1/mail/subscribers/imports/{importId}/start',
    summary:
      'Start an import waiting in `mapping` with the columns mapped and the lists to add everyone to; it runs in the background. 409 when it was started already',
    tags,
    params: importParams,
    query: inProject,
    body: StartImportRequest,
    bodyName: 'startImportRequest',
    responses: { 200: SubscriberImport, 409: ApiErrorBody, ...errors },
    access: manageMail,
    audited: true,
  }),
  cancelSubscriberImport: defineOperation({
    operationId: 'cancelSubscriberImport',
    method: 'POST',
    path: '/v1/mail/subscribers/imports/{importId}/cancel',
    summary:
      'Cancel an import that has not finished: what it has already imported stays. 409 when it is done, failed or cancelled',
    tags,
    params: importParams,
    query: inProject,
    responses: { 200: SubscriberImport, 409: ApiErrorBody, ...errors },
    access: manageMail,
    audited: true,
  }),
} satisfies Record<string, Operation>;
