import { z } from 'zod';
import { Page, Paging } from './auth.js';

/*
 * Mail marketing's people (SPEC.md section 7 "Mail", issue 23, decision 038): subscribers, one per
 * address in a project, on mailing lists. Only `subscribed` ones are mailed by campaigns and flows.
 */

/**
 * - subscribed: may be mailed (consent recorded);
 * - unconfirmed: joined a double opt-in list and has not clicked the confirmation link yet;
 * - unsubscribed: asked to stop (the one-click link, the console, the API);
 * - bounced: the address does not take mail.
 */
export const SUBSCRIBER_STATUSES = ['subscribed', 'unconfirmed', 'unsubscribed', 'bounced'] as const;
export const SubscriberStatus = z.enum(SUBSCRIBER_STATUSES);
export type SubscriberStatus = z.infer<typeof SubscriberStatus>;

/** SPEC.md section 3: mail campaign filter enumerations, gender male, female. */
export const SUBSCRIBER_GENDERS = ['male', 'female'] as const;
export const SubscriberGender = z.enum(SUBSCRIBER_GENDERS, {
  error: `Choose a gender of ${SUBSCRIBER_GENDERS.join(' or ')}, or leave it empty.`,
});
export type SubscriberGender = z.infer<typeof SubscriberGender>;

/** A line of a subscriber's activity. */
export const SUBSCRIBER_EVENT_KINDS = [
  'created',
  'imported',
  'updated',
  'confirmation_sent',
  'confirmed',
  'subscribed',
  'unsubscribed',
  'bounced',
  'list_added',
  'list_removed',
  'sent',
  'opened',
  'clicked',
  'purchased',
  'flow_entered',
] as const;
export type SubscriberEventKind = (typeof SUBSCRIBER_EVENT_KINDS)[number];

export const SUBSCRIBER_NAME_MAX = 200;
export const SUBSCRIBER_ATTRIBUTES_MAX = 50;
export const SUBSCRIBER_ATTRIBUTE_KEY_MAX = 64;
export const SUBSCRIBER_ATTRIBUTE_VALUE_MAX = 1000;
export const MAILING_LIST_NAME_MAX = 100;
export const MAILING_LIST_DESCRIPTION_MAX = 500;
/** Lists a subscriber can be put on in one call. */
export const SUBSCRIBER_LISTS_MAX = 50;

/** An address as subscribers' are kept: trimmed and lower-cased, then checked. */
export const SubscriberEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'Use an email address of at most 254 characters.')
  .check(z.regex(z.regexes.email, 'Enter a valid email address.'));

/** Merge-tag names: `{{ subscriber.attributes.plan }}` reads `plan`. */
export const AttributeKey = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'Name attributes with letters, digits and _, starting with a letter.')
  .max(SUBSCRIBER_ATTRIBUTE_KEY_MAX);

export const SubscriberAttributes = z
  .record(AttributeKey, z.union([z.string().max(SUBSCRIBER_ATTRIBUTE_VALUE_MAX), z.number().finite(), z.boolean()]))
  .refine((value) => Object.keys(value).length <= SUBSCRIBER_ATTRIBUTES_MAX, {
    message: `Keep at most ${SUBSCRIBER_ATTRIBUTES_MAX} attributes.`,
  });

const SubscriberName = z.string().trim().max(SUBSCRIBER_NAME_MAX, `Use at most ${SUBSCRIBER_NAME_MAX} characters.`);

const ListIds = z.array(z.uuid()).max(SUBSCRIBER_LISTS_MAX, `Choose at most ${SUBSCRIBER_LISTS_MAX} lists.`);

/** A mailing list as subscribers show it. */
export const SubscriberListRef = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'SubscriberListRef' });

export const Subscriber = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    gender: SubscriberGender.nullable(),
    attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
    status: SubscriberStatus,
    lists: z.array(SubscriberListRef),
    /** When consent was given and how: `form`, `console`, `api`, `import`, `confirmation`. */
    consentAt: z.iso.datetime().nullable(),
    consentSource: z.string().nullable(),
    unsubscribedAt: z.iso.datetime().nullable(),
    lastOpenedAt: z.iso.datetime().nullable(),
    lastClickedAt: z.iso.datetime().nullable(),
    /** The latest order from the storefront with this address, kept as orders arrive. */
    lastPurchasedAt: z.iso.datetime().nullable(),
    purchaseCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Subscriber' });
export type Subscriber = z.infer<typeof Subscriber>;

export const SubscriberPage = Page(Subscriber)
  .extend({
    /** How many subscribers match the filters (search included), for the list's heading: counted with the first page, the same on the pages after it. */
    total: z.number().int(),
  })
  .meta({ id: 'SubscriberPage' });
export type SubscriberPage = z.infer<typeof SubscriberPage>;

export const ListSubscribersQuery = z.object({
  project: z.uuid(),
  ...Paging,
  /** Every word must appear in the name or the address. */
  search: z.string().trim().max(200).optional(),
  status: SubscriberStatus.optional(),
  /** Only the members of this list. */
  mailingListId: z.uuid().optional(),
});

/**
 * A new subscriber. On a double opt-in list (or with `status: unconfirmed`) they are mailed a
 * confirmation link and stay unconfirmed until they follow it; otherwise they are subscribed at once,
 * their consent recorded with `consentSource`. An address that is suppressed (deleted before) or
 * already a subscriber is refused (409), except to a sign-up form's key, which is answered
 * `SignUpReceived` whatever the address was.
 */
export const CreateSubscriberRequest = z
  .object({
    email: SubscriberEmail,
    name: SubscriberName.default(''),
    gender: SubscriberGender.nullable().default(null),
    attributes: SubscriberAttributes.default({}),
    lists: ListIds.default([]),
    /** `unconfirmed` sends the confirmation mail whatever the lists; default subscribed (or unconfirmed on a double opt-in list). */
    status: z.enum(['subscribed', 'unconfirmed']).optional(),
    /** Where consent was given, e.g. `form` for the storefront's sign-up form; default `console`, or `api` for a key. */
    consentSource: z.string().trim().min(1).max(40).optional(),
  })
  .meta({ id: 'CreateSubscriberRequest' });
export type CreateSubscriberRequest = z.infer<typeof CreateSubscriberRequest>;

/**
 * What a sign-up form's key (mail.subscribe without mail.read) is answered, whether the address was
 * new, already a subscriber or erased: the same words every time, so a public form cannot be used
 * to learn who is on the list. A new address is added (and mailed a confirmation if it must be).
 */
export const SignUpReceived = z
  .object({
    received: z.literal(true),
    message: z.string(),
  })
  .meta({ id: 'SignUpReceived' });
export type SignUpReceived = z.infer<typeof SignUpReceived>;

/** The subscriber as it should be: every field is replaced (PUT), and their lists become exactly `lists`. */
export const UpdateSubscriberRequest = z
  .object({
    email: SubscriberEmail,
    name: SubscriberName,
    gender: SubscriberGender.nullable(),
    attributes: SubscriberAttributes,
    lists: ListIds,
    /** A person cannot be made `subscribed` again from here once unsubscribed: only their own confirmation does that. */
    status: SubscriberStatus,
  })
  .meta({ id: 'UpdateSubscriberRequest' });
export type UpdateSubscriberRequest = z.infer<typeof UpdateSubscriberRequest>;

/** One line of a subscriber's activity, newest first. */
export const SubscriberEvent = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime(),
    kind: z.enum(SUBSCRIBER_EVENT_KINDS),
    /** The campaign a send, open, click or unsubscribe came from, with its name. */
    campaign: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    detail: z.string().nullable(),
  })
  .meta({ id: 'SubscriberEvent' });
export type SubscriberEvent = z.infer<typeof SubscriberEvent>;

export const SubscriberEventPage = Page(SubscriberEvent).meta({ id: 'SubscriberEventPage' });
export type SubscriberEventPage = z.infer<typeof SubscriberEventPage>;

export const MailingList = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    optIn: z.enum(['single', 'double']),
    /** Members who may be mailed (subscribed), and all members whatever their status. */
    subscriberCount: z.number().int(),
    memberCount: z.number().int(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'MailingList' });
export type MailingList = z.infer<typeof MailingList>;

export const MailingListList = z.object({ items: z.array(MailingList) }).meta({ id: 'MailingListList' });
export type MailingListList = z.infer<typeof MailingListList>;

const ListName = z
  .string()
  .trim()
  .min(1, 'Name the list.')
  .max(MAILING_LIST_NAME_MAX, `Use at most ${MAILING_LIST_NAME_MAX} characters.`);
const ListDescription = z
  .string()
  .trim()
  .max(MAILING_LIST_DESCRIPTION_MAX, `Use at most ${MAILING_LIST_DESCRIPTION_MAX} characters.`);

export const CreateMailingListRequest = z
  .object({
    name: ListName,
    description: ListDescription.default(''),
    optIn: z.enum(['single', 'double']).default('single'),
  })
  .meta({ id: 'CreateMailingListRequest' });
export type CreateMailingListRequest = z.infer<typeof CreateMailingListRequest>;

export const UpdateMailingListRequest = z
  .object({
    name: ListName.optional(),
    description: ListDescription.optional(),
    optIn: z.enum(['single', 'double']).optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), 'Send at least one change.')
  .meta({ id: 'UpdateMailingListRequest' });
export type UpdateMailingListRequest = z.infer<typeof UpdateMailingListRequest>;

/** What a subscriber's own links (confirm, unsubscribe) answer: the page they land on says it. */
export const SubscriptionLinkResult = z
  .object({
    status: SubscriberStatus,
    /** The project's name, for "You are unsubscribed from …". */
    sender: z.string(),
  })
  .meta({ id: 'SubscriptionLinkResult' });
export type SubscriptionLinkResult = z.infer<typeof SubscriptionLinkResult>;
