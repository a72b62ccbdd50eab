import { AppError } from '../../core/errors.js';

/** A channel the caller may not read is answered as one that does not exist: it says nothing of it. */
export const channelNotFound = () => new AppError(404, 'CHANNEL_NOT_FOUND', 'There is no such channel.');
export const messageNotFound = () =>
  new AppError(404, 'MESSAGE_NOT_FOUND', 'There is no such message in this channel.');
export const channelArchived = () =>
  new AppError(409, 'CHANNEL_ARCHIVED', 'This channel is archived: it can be read, not written to.');
export const invalidMention = () =>
  new AppError(400, 'INVALID_MENTION', 'Mention only people who can read this channel.');
export const invalidAttachment = () =>
  new AppError(400, 'INVALID_ATTACHMENT', "Attach only files of this project's drive whose upload is complete.");
export const invalidReply = () =>
  new AppError(400, 'INVALID_REPLY', 'Reply only to a message of this channel that is not deleted.');
export const messageDeleted = () => new AppError(409, 'MESSAGE_DELETED', 'This message was deleted.');
