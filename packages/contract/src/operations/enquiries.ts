import { z } from 'zod';
import { defineOperation, type Operation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import {
  Enquiry,
  EnquiryLogList,
  EnquiryPage,
  ListEnquiriesQuery,
  ReplyToEnquiryRequest,
  SubmitEnquiryRequest,
  UpdateEnquiryRequest,
} from '../schemas/enquiries.js';

const tags = ['storefront'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const inProject = z.object({ project: z.uuid() });
/** SPEC.md section 7 "Platform": under the project's platform; another platform answers 404. */
const onPlatform = z.object({ platformId: z.uuid() });
const enquiryParams = onPlatform.extend({ enquiryId: z.uuid() });
const readEnquiries = { kind: 'permission', permission: 'enquiries.read' } as const;
const manageEnquiries = { kind: 'permission', permission: 'enquiries.manage' } as const;

/**
 * The storefront's enquiries (SPEC.md section 7 "Platform", issue 22): the contact form's messages,
 * sent in with the storefront's API key, read, answered by mail and closed in the console. Each step
 * is a line of the enquiry's log.
 */
export const enquiryOperations = {
  submitEnquiry: defineOperation({
    operationId: 'submitEnquiry',
    method: 'POST',
    path: '/v1/platform/{platformId}/customers/enquiries',
    summary:
      "The contact form's intake (an API key with enquiries.create): the enquiry arrives open and unread with a `received` log line, linked to the shop's customer with that email address if there is one. The email is kept lower-cased; every field is trimmed",
    tags,
    params: onPlatform,
    query: inProject,
    body: SubmitEnquiryRequest,
    bodyName: 'submitEnquiryRequest',
    responses: { 201: Enquiry, ...errors },
    access: { kind: 'permission', permission: 'enquiries.create' },
    audited: true,
  }),
  listEnquiries: defineOperation({
    operationId: 'listEnquiries',
    method: 'GET',
    path: '/v1/platform/{platformId}/customers/enquiries',
    summary:
      "The project's enquiries, newest first, received from start to before end, matching every word of `search` in the sender's name or email or the subject; `status` keeps open or closed ones and `unread=true` the unread. Each has a one-line excerpt; the page also counts the project's unread enquiries (whatever the filters) for the inbox's badge",
    tags,
    params: onPlatform,
    query: ListEnquiriesQuery,
    responses: { 200: EnquiryPage, ...errors },
    access: readEnquiries,
    audited: false,
  }),
  getEnquiry: defineOperation({
    operationId: 'getEnquiry',
    method: 'GET',
    path: '/v1/platform/{platformId}/customers/enquiries/{enquiryId}',
    summary:
      'One enquiry: the whole message, the customer it is linked to, and when it was read, last replied to and closed. Reading it changes nothing: mark it read with updateEnquiry',
    tags,
    params: enquiryParams,
    query: inProject,
    responses: { 200: Enquiry, ...errors },
    access: readEnquiries,
    audited: false,
  }),
  listEnquiryLogs: defineOperation({
    operationId: 'listEnquiryLogs',
    method: 'GET',
    path: '/v1/platform/{platformId}/customers/enquiries/{enquiryId}/logs',
    summary:
      "An enquiry's log, oldest first: received, read, replied (with the reply's text), closed and reopened, each with who did it",
    tags,
    params: enquiryParams,
    query: inProject,
    responses: { 200: EnquiryLogList, ...errors },
    access: readEnquiries,
    audited: false,
  }),
  updateEnquiry: defineOperation({
    operationId: 'updateEnquiry',
    method: 'PATCH',
    path: '/v1/platform/{platformId}/customers/enquiries/{enquiryId}',
    summary:
      'Mark an enquiry read or unread, close or reopen it. Only a change is logged (read, closed, reopened): repeating a call changes nothing, and marking unread writes no line',
    tags,
    params: enquiryParams,
    query: inProject,
    body: UpdateEnquiryRequest,
    bodyName: 'updateEnquiryRequest',
    responses: { 200: Enquiry, ...errors },
    access: manageEnquiries,
    audited: true,
  }),
  replyToEnquiry: defineOperation({
    operationId: 'replyToEnquiry',
    method: 'POST',
    path: '/v1/platform/{platformId}/customers/enquiries/{enquiryId}/reply',
    summary:
      'Answer an enquiry by mail: the reply goes to the sender\'s address as "Re: <subject>", is logged with its text and the member\'s name, and marks the enquiry read. A closed enquiry stays closed',
    tags,
    params: enquiryParams,
    query: inProject,
    body: ReplyToEnquiryRequest,
    bodyName: 'replyToEnquiryRequest',
    responses: { 200: Enquiry, ...errors },
    access: manageEnquiries,
    audited: true,
  }),
} satisfies Record<string, Operation>;
