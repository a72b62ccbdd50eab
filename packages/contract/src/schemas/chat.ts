import { z } from 'zod';
import { multiline } from './common.js';

/** The longest message (issue 21: "oversized messages, say 16,000 characters"). */
export const CHAT_MESSAGE_MAX = 16_000;
export const CHAT_CHANNEL_NAME_MAX = 80;
export const CHAT_TOPIC_MAX = 250;
/** People added or removed in one call, and mentioned or attached in one message. */
export const CHAT_USERS_MAX = 50;
export const CHAT_MENTIONS_MAX = 50;
export const CHAT_ATTACHMENTS_MAX = 10;
/** A direct conversation is between a few members: the caller and at most this many others. */
export const CHAT_DIRECT_OTHERS_MAX = 7;
export const CHAT_PAGE_MAX = 100;
export const CHAT_PAGE_DEFAULT = 50;

/**
 * open: every member of the project who may read chat reads and posts in it; private: only those
 * added; direct: a conversation between a few members, never renamed; support: the project's one
 * conversation with the platform's staff.
 */
export const ChannelKind = z.enum(['open', 'private', 'direct', 'support']);
export type ChannelKind = z.infer<typeof ChannelKind>;

/** Who hears of a channel's new messages: every one, those that mention them, or none. */
export const NotifyLevel = z.enum(['all', 'mentions', 'none']);
export type NotifyLevel = z.infer<typeof NotifyLevel>;

const ChannelName = z.string().trim().min(1, 'Give the channel a name.').max(CHAT_CHANNEL_NAME_MAX);
const Topic = z.string().trim().max(CHAT_TOPIC_MAX);
/** Ids, each once. */
const UniqueIds = (min: number, max: number) =>
  z
    .array(z.uuid())
    .min(min)
    .max(max)
    .transform((ids) => [...new Set(ids)]);

export const CreateChannelRequest = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.enum(['open', 'private']),
      name: ChannelName,
      topic: Topic.default(''),
      /** Members to add besides the caller (a private channel's first members). */
      users: UniqueIds(0, CHAT_USERS_MAX).default([]),
    }),
    z.object({
      kind: z.literal('direct'),
      /** The other members of the conversation; asking again for the same people finds the same one. */
      users: UniqueIds(1, CHAT_DIRECT_OTHERS_MAX),
    }),
    /** The project's conversation with the platform's staff: made on first ask, found after. */
    z.object({ kind: z.literal('support') }),
  ])
  .meta({ id: 'CreateChannelRequest' });
export type CreateChannelRequest = z.infer<typeof CreateChannelRequest>;

export const UpdateChannelRequest = z
  .object({
    name: ChannelName.optional(),
    topic: Topic.optional(),
    /** An archived channel is read-only; un-archiving opens it again. */
    archived: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Say what to change: name, topic or archived.',
  })
  .meta({ id: 'UpdateChannelRequest' });
export type UpdateChannelRequest = z.infer<typeof UpdateChannelRequest>;

export const Channel = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    /** Its project's name: the list spans projects, and platform staff are of none of them. */
    projectName: z.string(),
    kind: ChannelKind,
    /** A direct conversation's name is its other members' names. */
    name: z.string(),
    topic: z.string(),
    archived: z.boolean(),
    createdBy: z.uuid().nullable(),
    createdAt: z.string(),
    lastMessageAt: z.string().nullable(),
    memberCount: z.number().int(),
    /** Whether the caller is one of its members (an open channel is readable without). */
    member: z.boolean(),
    /** The caller's messages not yet read, and those of them that mention the caller. */
    unreadCount: z.number().int(),
    mentionCount: z.number().int(),
    muted: z.boolean(),
  })
  .meta({ id: 'Channel' });
export type Channel = z.infer<typeof Channel>;

export const ChannelList = z.object({ items: z.array(Channel) }).meta({ id: 'ChannelList' });
export type ChannelList = z.infer<typeof ChannelList>;

export const Subscription = z
  .object({
    notify: NotifyLevel,
    muted: z.boolean(),
    lastReadMessageId: z.uuid().nullable(),
    lastReadAt: z.string().nullable(),
  })
  .meta({ id: 'ChatSubscription' });
export type Subscription = z.infer<typeof Subscription>;

export const ChannelUser = z
  .object({
    userId: z.uuid(),
    name: z.string(),
    email: z.string(),
    joinedAt: z.string(),
    /** Only when asked for (`includeSubscription`), and only the caller's own or a moderator's view. */
    subscription: Subscription.optional(),
  })
  .meta({ id: 'ChannelUser' });
export type ChannelUser = z.infer<typeof ChannelUser>;

export const ChannelUserList = z.object({ items: z.array(ChannelUser) }).meta({ id: 'ChannelUserList' });
export type ChannelUserList = z.infer<typeof ChannelUserList>;

export const ChannelUsersQuery = z.object({
  includeSubscription: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const UsersRequest = z.object({ users: UniqueIds(1, CHAT_USERS_MAX) }).meta({ id: 'ChannelUsersRequest' });
export type UsersRequest = z.infer<typeof UsersRequest>;

/** A message's text: Markdown of a safe subset (the console renders no HTML), several lines. */
const MessageText = multiline(
  z
    .string()
    .max(CHAT_MESSAGE_MAX, `A message holds at most ${CHAT_MESSAGE_MAX.toLocaleString('en')} characters.`)
    .refine((text) => text.trim().length > 0, 'Write something before sending.'),
);

export const CreateMessageRequest = z
  .object({
    text: MessageText,
    /** Members the message mentions (the console's autocomplete); each must be able to read the channel. */
    mentions: UniqueIds(0, CHAT_MENTIONS_MAX).default([]),
    /** Drive files of the channel's project. */
    attachments: UniqueIds(0, CHAT_ATTACHMENTS_MAX).default([]),
    /** The message this one answers, in the same channel. */
    replyTo: z.uuid().optional(),
  })
  .meta({ id: 'CreateMessageRequest' });
export type CreateMessageRequest = z.infer<typeof CreateMessageRequest>;

export const UpdateMessageRequest = z.object({ text: MessageText }).meta({ id: 'UpdateMessageRequest' });
export type UpdateMessageRequest = z.infer<typeof UpdateMessageRequest>;

/**
 * One emoji, as a person picks it: a pictograph with its modifiers and joiners (👍, 👍🏽, 👩‍💻, 🇳🇱), not
 * words or other text.
 */
const EMOJI =
  /^(?:\p{Regional_Indicator}{2}|(?:\p{Extended_Pictographic}|\p{Emoji_Presentation})(?:\p{Emoji_Modifier}|\uFE0F|\u20E3|\u200D(?:\p{Extended_Pictographic}|\p{Emoji_Presentation})\uFE0F?)*)$/u;
export const ReactionRequest = z
  .object({
    emoji: z.string().max(32).regex(EMOJI, 'React with one emoji.'),
  })
  .meta({ id: 'ReactionRequest' });
export type ReactionRequest = z.infer<typeof ReactionRequest>;

export const MessageAuthor = z.object({ id: z.uuid(), name: z.string() });

export const Attachment = z.object({ id: z.uuid(), name: z.string(), type: z.string(), size: z.number().int() });
export type Attachment = z.infer<typeof Attachment>;

export const ReactionCount = z.object({ emoji: z.string(), count: z.number().int(), mine: z.boolean() });

export const Message = z
  .object({
    id: z.uuid(),
    channelId: z.uuid(),
    /** Null once its author's account is gone. */
    author: MessageAuthor.nullable(),
    /** Empty once deleted: a deleted message stays as a tombstone where it was. */
    text: z.string(),
    mentions: z.array(z.uuid()),
    attachments: z.array(Attachment),
    replyTo: z.uuid().nullable(),
    createdAt: z.string(),
    editedAt: z.string().nullable(),
    deleted: z.boolean(),
    reactions: z.array(ReactionCount),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof Message>;

export const MessagesQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_DEFAULT),
    around: z.uuid().optional(),
    after: z.uuid().optional(),
    before: z.uuid().optional(),
  })
  .refine((query) => [query.around, query.after, query.before].filter(Boolean).length <= 1, {
    message: 'Ask for messages around, after or before one message, not several at once.',
  });

/** Messages oldest first; whether there are older ones before the first and newer ones after the last. */
export const MessagePage = z
  .object({ items: z.array(Message), hasOlder: z.boolean(), hasNewer: z.boolean() })
  .meta({ id: 'MessagePage' });
export type MessagePage = z.infer<typeof MessagePage>;

/* ---- Subscriptions, people, read state, search ---- */

export const CHAT_READ_MARKS_MAX = 100;
export const CHAT_METADATA_MAX = 100;
export const CHAT_SEARCH_MAX = 500;
export const CHAT_SEARCH_LIMIT_MAX = 100;

/** What a member changes of their own subscription to a channel. */
export const SubscriptionUpdate = z
  .object({
    notify: NotifyLevel.optional(),
    muted: z.boolean().optional(),
    /** Read up to this message of the channel (moving back is allowed: "mark as unread"). */
    lastReadMessageId: z.uuid().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Say what to change: notify, muted or lastReadMessageId.',
  })
  .meta({ id: 'SubscriptionUpdate' });
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdate>;

/** A person as chat shows them: to those who share a project with them. */
export const ChatUser = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
  })
  .meta({ id: 'ChatUser' });
export type ChatUser = z.infer<typeof ChatUser>;

/** Marks read up to a message in each channel named (one message per channel). */
export const ReadRequest = z
  .object({
    marks: z
      .array(z.object({ channel: z.uuid(), message: z.uuid() }))
      .min(1)
      .max(CHAT_READ_MARKS_MAX)
      .refine((marks) => new Set(marks.map((m) => m.channel)).size === marks.length, {
        message: 'Name each channel once.',
      }),
  })
  .meta({ id: 'ReadRequest' });
export type ReadRequest = z.infer<typeof ReadRequest>;

/** A channel's read state for its member after marking. */
export const ReadState = z.object({
  channelId: z.uuid(),
  lastReadMessageId: z.uuid().nullable(),
  unreadCount: z.number().int(),
  mentionCount: z.number().int(),
});
export const ReadStateList = z.object({ items: z.array(ReadState) }).meta({ id: 'ReadStateList' });
export type ReadStateList = z.infer<typeof ReadStateList>;

export const MetadataRequest = z
  .object({
    messages: z
      .array(z.uuid())
      .min(1)
      .max(CHAT_METADATA_MAX)
      .transform((ids) => [...new Set(ids)]),
  })
  .meta({ id: 'MessageMetadataRequest' });
export type MetadataRequest = z.infer<typeof MetadataRequest>;

/** What the console shows beside a message: how many of the channel's other members read it, the caller's reactions. */
export const MessageMetadata = z.object({
  messageId: z.uuid(),
  readBy: z.number().int(),
  myReactions: z.array(z.string()),
});
export const MessageMetadataList = z.object({ items: z.array(MessageMetadata) }).meta({ id: 'MessageMetadataList' });
export type MessageMetadataList = z.infer<typeof MessageMetadataList>;

/**
 * A search of a channel's messages: words (full-text), and the filters `from:` (a person's id or
 * email), `has:attachment`, `reaction:` (an emoji), `before:` and `after:` (dates, YYYY-MM-DD).
 */
export const MessageSearchQuery = z.object({
  search: z.string().trim().min(1, 'Say what to search for.').max(CHAT_SEARCH_MAX),
  limit: z.coerce.number().int().min(1).max(CHAT_SEARCH_LIMIT_MAX).default(20),
});

/** Messages found, the newest first. */
export const MessageSearchResult = z.object({ items: z.array(Message) }).meta({ id: 'MessageSearchResult' });
export type MessageSearchResult = z.infer<typeof MessageSearchResult>;
