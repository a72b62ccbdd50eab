/**
 * Query keys of chat. `chatKeys.all` covers everything; a channel's keys all start with
 * `chatKeys.channel(id)`, so leaving or losing a channel drops its data in one call.
 */
export const chatKeys = {
  all: ['chat'] as const,
  /** The caller's channels across every project (listChannels has no project filter). */
  channels: () => [...chatKeys.all, 'channels'] as const,
  channel: (channel: string) => [...chatKeys.all, 'channel', channel] as const,
  members: (channel: string) => [...chatKeys.channel(channel), 'members'] as const,
  /** Every window of the channel's messages, whatever message it opened around. */
  messageLists: (channel: string) => [...chatKeys.channel(channel), 'messages'] as const,
  messages: (channel: string, around: string | null) => [...chatKeys.messageLists(channel), { around }] as const,
  /** One message fetched on its own (the original of a reply outside the window). */
  message: (channel: string, message: string) => [...chatKeys.channel(channel), 'message', message] as const,
  metadata: (channel: string) => [...chatKeys.channel(channel), 'metadata'] as const,
  metadataOf: (channel: string, messages: readonly string[]) => [...chatKeys.metadata(channel), messages] as const,
  search: (channel: string, words: string) => [...chatKeys.channel(channel), 'search', words] as const,
  /** Who is typing now: filled by the realtime events only, never fetched. */
  typing: (channel: string) => [...chatKeys.channel(channel), 'typing'] as const,
};
