import type { ListWords } from '../../features/lists/list-words';

// The Users section's two searchable lists, side by side so that they stay worded alike.

export const MEMBER_WORDS: ListWords = {
  noun: ['member', 'members'],
  placeholder: 'Name or email',
  noMatchHint: 'Try part of a name or an email address.',
  emptyHint: 'Invite people to work with you in this project.',
};

export const INVITATION_WORDS: ListWords = {
  noun: ['invitation', 'invitations'],
  placeholder: 'Email address',
  noMatchHint: 'Try part of the email address.',
  emptyHint: 'Invitations you send show here until they are used.',
};
