import { z } from 'zod';
import { Channel, Message } from './chat.js';

/**
 * The realtime socket (decision 033): `GET /v1/realtime`, upgraded to a WebSocket. Frames are JSON
 * text, one object each, told apart by `type`. The first frame a client sends is `auth` with the
 * same bearer token the API takes; the server answers `ready` and from then on delivers the events
 * of the topics the client subscribed to. These schemas are the protocol: the server reads every
 * client frame through them, and the console's client is typed by them.
 */

/** Where a frame's events come from: `chat:{channelId}`, or the caller's own `user:{userId}` (joined without asking). */
export const RealtimeTopic = z
  .string()
  .max(100)
  .regex(/^(chat|user):[0-9a-f-]{36}$/, 'A topic is chat:{channel id} or user:{user id}.');
export type RealtimeTopic = z.infer<typeof RealtimeTopic>;

/**
 * An event id: `<ms>-<seq>`, growing within a topic. Each part at most 16 digits: Redis refuses a
 * stream id past 64 bits, so a larger one would be an error there rather than an unknown id.
 */
export const RealtimeEventId = z
  .string()
  .max(40)
  .regex(/^\d{1,16}-\d{1,16}$/, 'An event id is <ms>-<seq>.');

/** Frames a client sends. */
export const RealtimeClientFrame = z.discriminatedUnion('type', [
  /** First, within 10 seconds; again with a fresh token before the last one expires, to stay connected. */
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  /** Start hearing a topic; with `after`, the events since that id come first (or `reload`). */
  z.object({ type: z.literal('subscribe'), topic: RealtimeTopic, after: RealtimeEventId.optional() }),
  z.object({ type: z.literal('unsubscribe'), topic: RealtimeTopic }),
  /** The caller is typing in a chat channel they may write in (sent at most every few seconds). */
  z.object({ type: z.literal('typing'), topic: RealtimeTopic }),
  z.object({ type: z.literal('ping') }),
]);
export type RealtimeClientFrame = z.infer<typeof RealtimeClientFrame>;

/** What happened in a chat channel. Fields that differ per reader (a reaction's `mine`) are the reader's to work out. */
export const ChatEvent = z.discriminatedUnion('kind', [
  /** A new message (its reactions empty, `mine` false). */
  z.object({ kind: z.literal('message'), message: Message }),
  z.object({ kind: z.literal('message.edited'), messageId: z.uuid(), text: z.string(), editedAt: z.string() }),
  /** Now a tombstone. */
  z.object({ kind: z.literal('message.deleted'), messageId: z.uuid() }),
  /** `userId` added or took away `emoji`; `count` is how many now react with it. */
  z.object({
    kind: z.literal('reaction'),
    messageId: z.uuid(),
    emoji: z.string(),
    userId: z.uuid(),
    added: z.boolean(),
    count: z.number().int(),
  }),
  /** A member read up to a message (read-by counts change). */
  z.object({ kind: z.literal('read'), userId: z.uuid(), messageId: z.uuid().nullable() }),
  z.object({ kind: z.literal('typing'), userId: z.uuid(), name: z.string() }),
  z.object({ kind: z.literal('members.added'), userIds: z.array(z.uuid()) }),
  z.object({ kind: z.literal('members.removed'), userIds: z.array(z.uuid()) }),
  /** Renamed, new topic, archived or brought back (the caller-specific counts as for whoever changed it). */
  z.object({ kind: z.literal('channel.updated'), channel: Channel }),
  z.object({ kind: z.literal('channel.deleted') }),
]);
export type ChatEvent = z.infer<typeof ChatEvent>;

/** What happened to the caller: on their own `user:{userId}` topic. */
export const UserEvent = z.discriminatedUnion('kind', [
  /** They were added to a channel, or made one (subscribe to it to hear it). */
  z.object({ kind: z.literal('channel.joined'), channelId: z.uuid() }),
  /** They were removed from a channel; its events stopped. */
  z.object({ kind: z.literal('channel.left'), channelId: z.uuid() }),
  /** A mention, direct message or support reply notified them. */
  z.object({ kind: z.literal('notification'), channelId: z.uuid(), messageId: z.uuid() }),
]);
export type UserEvent = z.infer<typeof UserEvent>;

/** Close codes the server uses beyond the standard ones. */
export const REALTIME_CLOSE = {
  /** No auth in time, a token that did not verify or expired, or the session behind it ended. */
  unauthenticated: 4401,
  /** Frames the client sent that the protocol does not have (after a few), or too many of them. */
  protocol: 4400,
  /** The client read its events too slowly: reconnect and catch up with `after`. */
  tooSlow: 4408,
} as const;

/** How long a new socket has to send `auth`. */
export const REALTIME_AUTH_TIMEOUT_MS = 10_000;

/** Frames the server sends. */
export const RealtimeServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.uuid(), tokenExpiresAt: z.number().int() }),
  /** Subscribed; `lastEventId` is the topic's newest event now (keep it to catch up after a reconnect). */
  z.object({ type: z.literal('subscribed'), topic: RealtimeTopic, lastEventId: z.string().nullable() }),
  /** No longer hearing the topic: asked to, or access to it ended (removed, permission taken away, deleted). */
  z.object({ type: z.literal('unsubscribed'), topic: RealtimeTopic, reason: z.enum(['asked', 'access']) }),
  /** Events since `after` are no longer kept: reload the topic's data from the API. */
  z.object({ type: z.literal('reload'), topic: RealtimeTopic }),
  z.object({
    type: z.literal('event'),
    topic: RealtimeTopic,
    id: z.string(),
    at: z.string(),
    data: z.union([ChatEvent, UserEvent]),
  }),
  /** A frame was refused; `topic` when it was about one. */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), topic: RealtimeTopic.optional() }),
  z.object({ type: z.literal('pong') }),
]);
export type RealtimeServerFrame = z.infer<typeof RealtimeServerFrame>;
