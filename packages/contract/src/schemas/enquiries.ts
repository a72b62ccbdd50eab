import { z } from 'zod';
import { Page, Paging } from './auth.js';
import { multiline } from './common.js';

/*
 * The storefront's enquiries (SPEC.md section 7 "Platform", issue 22): messages from the shop's
 * contact form. They arrive through `submitEnquiry` (the storefront's API key, `enquiries.create`),
 * wait in the console's inbox unread, are answered by mail from the console and closed. Every step
 * is a line of the enquiry's log.
 */

/** Open enquiries wait on the shop; closed ones are dealt with (and can be reopened). */
export const ENQUIRY_STATUSES = ['open', 'closed'] as const;
export const EnquiryStatus = z.enum(ENQUIRY_STATUSES);
export type EnquiryStatus = z.infer<typeof EnquiryStatus>;

/** What a log line records. Marking an enquiry unread again writes no line (it undoes a `read`). */
export const ENQUIRY_LOG_KINDS = ['received', 'read', 'replied', 'closed', 'reopened'] as const;
export type EnquiryLogKind = (typeof ENQUIRY_LOG_KINDS)[number];

export const ENQUIRY_NAME_MAX = 200;
export const ENQUIRY_SUBJECT_MAX = 200;
export const ENQUIRY_MESSAGE_MAX = 10_000;
export const ENQUIRY_REPLY_MAX = 20_000;
/** Characters of a message the list shows. */
export const ENQUIRY_EXCERPT_LENGTH = 140;

/** A time a caller sends: ISO 8601 with a zone; answered as ISO in UTC. */
const Time = z.iso.datetime({ offset: true });

/** An address as customers' are kept: trimmed and lower-cased, then checked. */
const EnquiryEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Use an email address of at most 254 characters.')
  .check(z.regex(z.regexes.email, 'Enter a valid email address.'));

/** What the storefront's contact form sends. */
export const SubmitEnquiryRequest = z
  .object({
    email: EnquiryEmail,
    name: z
      .string()
      .trim()
      .min(1, 'Enter your name.')
      .max(ENQUIRY_NAME_MAX, `Use at most ${ENQUIRY_NAME_MAX} characters.`),
    subject: z
      .string()
      .trim()
      .min(1, 'Enter a subject.')
      .max(ENQUIRY_SUBJECT_MAX, `Use at most ${ENQUIRY_SUBJECT_MAX} characters.`),
    message: multiline(
      z
        .string()
        .trim()
        .min(1, 'Enter a message.')
        .max(ENQUIRY_MESSAGE_MAX, `Use at most ${ENQUIRY_MESSAGE_MAX} characters.`),
    ),
  })
  .meta({ id: 'SubmitEnquiryRequest' });
export type SubmitEnquiryRequest = z.infer<typeof SubmitEnquiryRequest>;

/** The shop's customer an enquiry came from: the one with the sender's address when it arrived. */
export const EnquiryCustomer = z
  .object({ id: z.uuid(), name: z.string(), email: z.string() })
  .meta({ id: 'EnquiryCustomer' });

/** An enquiry as the inbox lists it. */
export const EnquirySummary = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    subject: z.string(),
    /** The message's start on one line, for the inbox. */
    excerpt: z.string(),
    status: EnquiryStatus,
    /** Someone has read it (and not marked it unread since). */
    read: z.boolean(),
    /** The shop has answered it at least once. */
    replied: z.boolean(),
    customerId: z.uuid().nullable(),
    receivedAt: z.iso.datetime(),
  })
  .meta({ id: 'EnquirySummary' });
export type EnquirySummary = z.infer<typeof EnquirySummary>;

/** One enquiry, whole. */
export const Enquiry = EnquirySummary.omit({ excerpt: true })
  .extend({
    message: z.string(),
    customer: EnquiryCustomer.nullable(),
    readAt: z.iso.datetime().nullable(),
    /** The latest reply. */
    repliedAt: z.iso.datetime().nullable(),
    closedAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Enquiry' });
export type Enquiry = z.infer<typeof Enquiry>;

export const EnquiryPage = Page(EnquirySummary)
  .extend({
    /** Unread enquiries of the project, whatever the filters: the inbox's badge. */
    unreadCount: z.number().int(),
  })
  .meta({ id: 'EnquiryPage' });
export type EnquiryPage = z.infer<typeof EnquiryPage>;

export const ListEnquiriesQuery = z.object({
  project: z.uuid(),
  ...Paging,
  /** Every word must appear in the sender's name or email, or the subject. */
  search: z.string().trim().max(200).optional(),
  /** Received at or after. */
  start: Time.optional(),
  /** Received before. */
  end: Time.optional(),
  status: EnquiryStatus.optional(),
  /** `true`: only the unread ones. */
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

/** One line of an enquiry's log, oldest first. */
export const EnquiryLog = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime(),
    kind: z.enum(ENQUIRY_LOG_KINDS),
    /** The reply's text, for `replied`; null otherwise. */
    message: z.string().nullable(),
    /** Who did it, as named then: a member, or "The storefront" for what its key sent. */
    actor: z.string().nullable(),
  })
  .meta({ id: 'EnquiryLog' });
export type EnquiryLog = z.infer<typeof EnquiryLog>;

export const EnquiryLogList = z.object({ items: z.array(EnquiryLog) }).meta({ id: 'EnquiryLogList' });
export type EnquiryLogList = z.infer<typeof EnquiryLogList>;

/** Mark read or unread, close or reopen; what is already so changes nothing and logs nothing. */
export const UpdateEnquiryRequest = z
  .object({ read: z.boolean().optional(), status: EnquiryStatus.optional() })
  .refine((body) => body.read !== undefined || body.status !== undefined, 'Send read, status or both.')
  .meta({ id: 'UpdateEnquiryRequest' });
export type UpdateEnquiryRequest = z.infer<typeof UpdateEnquiryRequest>;

/** A reply, mailed to the enquirer as plain text. */
export const ReplyToEnquiryRequest = z
  .object({
    message: multiline(
      z.string().trim().min(1, 'Write a reply.').max(ENQUIRY_REPLY_MAX, `Use at most ${ENQUIRY_REPLY_MAX} characters.`),
    ),
  })
  .meta({ id: 'ReplyToEnquiryRequest' });
export type ReplyToEnquiryRequest = z.infer<typeof ReplyToEnquiryRequest>;
