import { z } from 'zod';
import { defineOperation, type Operation } from '../operation.js';
import { Paging } from '../schemas/auth.js';
import { ApiErrorBody } from '../schemas/common.js';
import {
  CreateMailingListRequest,
  CreateSubscriberRequest,
  ListSubscribersQuery,
  MailingList,
  MailingListList,
  SignUpReceived,
  Subscriber,
  SubscriberEventPage,
  SubscriberPage,
  SubscriptionLinkResult,
  UpdateMailingListRequest,
  UpdateSubscriberRequest,
} from '../schemas/mail-subscribers.js';

const tags = ['mail'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const inProject = z.object({ project: z.uuid() });
const subscriberParams = z.object({ subscriberId: z.uuid() });
const listParams = z.object({ mailingListId: z.uuid() });
const readMail = { kind: 'permission', permission: 'mail.read' } as const;
const manageMail = { kind: 'permission', permission: 'mail.manage' } as const;
/** A subscriber's own link from a mail: the signed token is the whole of their authority. */
const SubscriptionToken = z.object({ token: z.string().min(1).max(500) });

/**
 * Mail marketing's subscribers and mailing lists (SPEC.md section 7 "Mail", issue 23, decision 038).
 * Every call needs the Marketing module installed in the project.
 */
export const mailSubscriberOperations = {
  createSubscriber: defineOperation({
    operationId: 'createSubscriber',
    method: 'POST',
    path: '/v1/mail/subscribers',
    summary:
      "Add a subscriber (the console, or the storefront's sign-up form with a key holding mail.subscribe). Subscribed at once with consent recorded, or, on a double opt-in list or with status unconfirmed, mailed a confirmation link first. A known or suppressed address is refused, except to a key without mail.read (a sign-up form): it is answered SignUpReceived for every address, so the form reveals nobody",
    tags,
    query: inProject,
    body: CreateSubscriberRequest,
    bodyName: 'createSubscriberRequest',
    responses: { 201: z.union([Subscriber, SignUpReceived]), 409: ApiErrorBody, ...errors },
    access: { kind: 'permission', permission: 'mail.subscribe' },
    audited: true,
  }),
  listSubscribers: defineOperation({
    operationId: 'listSubscribers',
    method: 'GET',
    path: '/v1/mail/subscribers',
    summary:
      "The project's subscribers, newest first, matching every word of `search` in the name or address, by status and list, with how many match",
    tags,
    query: ListSubscribersQuery,
    responses: { 200: SubscriberPage, ...errors },
    access: readMail,
    audited: false,
  }),
  getSubscriber: defineOperation({
    operationId: 'getSubscriber',
    method: 'GET',
    path: '/v1/mail/subscribers/{subscriberId}',
    summary: 'One subscriber: their lists, consent, and when they last opened, clicked and purchased',
    tags,
    params: subscriberParams,
    query: inProject,
    responses: { 200: Subscriber, ...errors },
    access: readMail,
    audited: false,
  }),
  updateSubscriber: defineOperation({
    operationId: 'updateSubscriber',
    method: 'PUT',
    path: '/v1/mail/subscribers/{subscriberId}',
    summary:
      'Replace a subscriber: address, name, gender, attributes, lists and status. Unsubscribed or bounced people cannot be made subscribed from here; each change is a line of their activity',
    tags,
    params: subscriberParams,
    query: inProject,
    body: UpdateSubscriberRequest,
    bodyName: 'updateSubscriberRequest',
    responses: { 200: Subscriber, 409: ApiErrorBody, ...errors },
    access: manageMail,
    audited: true,
  }),
  deleteSubscriber: defineOperation({
    operationId: 'deleteSubscriber',
    method: 'DELETE',
    path: '/v1/mail/subscribers/{subscriberId}',
    summary:
      'Erase a subscriber: their personal data and activity go; only a one-way hash of the address stays, so the address is never mailed or imported again by mistake',
    tags,
    params: subscriberParams,
    query: inProject,
    responses: { 204: z.undefined(), ...errors },
    access: manageMail,
    audited: true,
  }),
  listSubscriberEvents: defineOperation({
    operationId: 'listSubscriberEvents',
    method: 'GET',
    path: '/v1/mail/subscribers/{subscriberId}/events',
    summary:
      "A subscriber's activity, newest first: subscribed, confirmed, imported, mails sent, opened and clicked, purchases, unsubscribed",
    tags,
    params: subscriberParams,
    query: inProject.extend(Paging),
    responses: { 200: SubscriberEventPage, ...errors },
    access: readMail,
    audited: false,
  }),
  listMailingLists: defineOperation({
    operationId: 'listMailingLists',
    method: 'GET',
    path: '/v1/mail/mailing-lists',
    summary: "The project's mailing lists by name, each with its subscribed and total member counts",
    tags,
    query: inProject,
    responses: { 200: MailingListList, ...errors },
    access: readMail,
    audited: false,
  }),
  getMailingList: defineOperation({
    operationId: 'getMailingList',
    method: 'GET',
    path: '/v1/mail/mailing-lists/{mailingListId}',
    summary: 'One mailing list with its subscriber counts',
    tags,
    params: listParams,
    query: inProject,
    responses: { 200: MailingList, ...errors },
    access: readMail,
    audited: false,
  }),
  createMailingList: defineOperation({
    operationId: 'createMailingList',
    method: 'POST',
    path: '/v1/mail/mailing-lists',
    summary: 'Make a mailing list, single or double opt-in. Names are unique in a project, whatever their case',
    tags,
    query: inProject,
    body: CreateMailingListRequest,
    bodyName: 'createMailingListRequest',
    responses: { 201: MailingList, 409: ApiErrorBody, ...errors },
    access: manageMail,
    audited: true,
  }),
  updateMailingList: defineOperation({
    operationId: 'updateMailingList',
    method: 'PATCH',
    path: '/v1/mail/mailing-lists/{mailingListId}',
    summary: 'Rename a mailing list, or change its description or opt-in',
    tags,
    params: listParams,
    query: inProject,
    body: UpdateMailingListRequest,
    bodyName: 'updateMailingListRequest',
    responses: { 200: MailingList, 409: ApiErrorBody, ...errors },
    access: manageMail,
    audited: true,
  }),
  deleteMailingList: defineOperation({
    operationId: 'deleteMailingList',
    method: 'DELETE',
    path: '/v1/mail/mailing-lists/{mailingListId}',
    summary:
      'Delete a mailing list. Its members stay subscribers; campaigns not yet sent that name it are refused until it is taken out of their audience',
    tags,
    params: listParams,
    query: inProject,
    responses: { 204: z.undefined(), 409: ApiErrorBody, ...errors },
    access: manageMail,
    audited: true,
  }),
  confirmSubscription: defineOperation({
    operationId: 'confirmSubscription',
    method: 'POST',
    path: '/v1/mail/subscriptions/confirm',
    summary:
      "The double opt-in's confirmation link, followed by the subscriber: they become subscribed, with consent recorded as confirmed at this time. Following it again changes nothing",
    tags,
    body: SubscriptionToken,
    bodyName: 'confirmSubscriptionRequest',
    responses: { 200: SubscriptionLinkResult, 400: ApiErrorBody, 404: ApiErrorBody },
    access: { kind: 'public' },
    audited: false,
  }),
  readUnsubscribeLink: defineOperation({
    operationId: 'readUnsubscribeLink',
    method: 'GET',
    path: '/v1/mail/subscriptions/unsubscribe',
    summary:
      "What an unsubscribe link is about, changing nothing: the sender's name and the subscriber's status, for the page that asks before unsubscribing (mail scanners follow links; only the POST unsubscribes)",
    tags,
    query: SubscriptionToken,
    responses: { 200: SubscriptionLinkResult, 400: ApiErrorBody, 404: ApiErrorBody },
    access: { kind: 'public' },
    audited: false,
  }),
  unsubscribe: defineOperation({
    operationId: 'unsubscribe',
    method: 'POST',
    path: '/v1/mail/subscriptions/unsubscribe',
    summary:
      "One-click unsubscribe (RFC 8058): the `List-Unsubscribe` address of every marketing mail. Mail clients POST `List-Unsubscribe=One-Click` as a form; the console's page posts JSON. The token is in the query, signed; the campaign it came from counts the unsubscribe",
    tags,
    query: SubscriptionToken,
    form: true,
    responses: { 200: SubscriptionLinkResult, 400: ApiErrorBody, 404: ApiErrorBody },
    access: { kind: 'public' },
    audited: false,
  }),
} satisfies Record<string, Operation>;
