import { moduleName } from '../integrations/modules/definitions';
import type { AuditEntry } from './api/activity';

type Details = Record<string, unknown>;

/**
 * What an audited operation did, said as a person would: `done` after the actor's name for a
 * success ("Olivia renamed the project"), `attempt` after "tried to" for a refusal. Every
 * operation the server audits (`audited` in the operation table) has one; a test holds it so.
 */
interface Sentence {
  done: string | ((details: Details) => string);
  attempt: string;
  /** Only platform administrators may call it (`access: admin`): its actor is named as one, not as a former member. */
  admin?: true;
}

const text = (s: unknown): string | undefined => (typeof s === 'string' && s.trim() ? s : undefined);
const quoted = (s: unknown): string => (text(s) ? ` “${text(s)}”` : '');
/** "the post “Hello”" when the entry kept a name, else "a post". */
const named = (name: unknown, thing: string) =>
  text(name) ? `the ${thing}${quoted(name)}` : `${/^[aeiou]/i.test(thing) ? 'an' : 'a'} ${thing}`;
/** A built-in role by its key ("the billing role"); a custom one's key is a slug, so it is not shown. */
const roleName = (details: Details, fallback: string) => {
  const key = text(details.role);
  return key && !key.includes(':') ? `the ${key} role` : fallback;
};
const renamed = (name: unknown) => {
  const change = name && typeof name === 'object' ? (name as { from?: unknown; to?: unknown }) : undefined;
  return change && text(change.from) && text(change.to)
    ? `renamed the custom role${quoted(change.from)} to${quoted(change.to)}`
    : undefined;
};

/** A moderation decision (`details.decision`, `details.changed`): "rejected a review". */
function reviewDecision(details: Details): string {
  const done = { approve: 'approved', reject: 'rejected', hide: 'hid' }[String(details.decision)];
  if (!done) return 'moderated a review';
  return details.changed === false ? `${done} a review again, changing nothing` : `${done} a review`;
}

/** An enquiry's update by what it changed (`details.changes`): "marked an enquiry read and closed it". */
function enquiryChanges(details: Details): string {
  const changes = Array.isArray(details.changes) ? details.changes : [];
  const words: Record<string, [first: string, again: string]> = {
    read: ['marked an enquiry read', 'marked it read'],
    unread: ['marked an enquiry unread', 'marked it unread'],
    closed: ['closed an enquiry', 'closed it'],
    reopened: ['reopened an enquiry', 'reopened it'],
  };
  const pairs = changes.flatMap((change) => (typeof change === 'string' && words[change] ? [words[change]] : []));
  return pairs.length > 0
    ? pairs.map(([first, again], i) => (i === 0 ? first : again)).join(' and ')
    : 'looked at an enquiry, changing nothing';
}

/** A campaign's update by what it changed (`details.changes`): "changed the audience and schedule of the campaign “June”". */
function campaignChanges(details: Details): string {
  const changes = (Array.isArray(details.changes) ? details.changes : []).filter(
    (change): change is string =>
      typeof change === 'string' && ['name', 'draft', 'audience', 'schedule'].includes(change),
  );
  const campaign = named(details.name, 'campaign');
  if (changes.length === 0) return `saved ${campaign}, changing nothing`;
  const list = changes.length === 1 ? changes[0] : `${changes.slice(0, -1).join(', ')} and ${changes.at(-1)}`;
  return `changed the ${list} of ${campaign}`;
}

export const sentences: Record<string, Sentence> = {
  // Account
  createUser: { done: 'created their account', attempt: 'create an account' },
  updateUser: { done: 'updated their profile', attempt: 'update their profile' },
  login: { done: 'signed in', attempt: 'sign in' },
  logout: { done: 'signed out', attempt: 'sign out' },
  sendVerificationEmail: { done: 'asked for a new verification email', attempt: 'ask for a verification email' },
  verifyEmail: { done: 'verified their email address', attempt: 'verify their email address' },
  resetPassword: { done: 'reset their password', attempt: 'reset their password' },
  setPassword: { done: 'set their password', attempt: 'set their password' },
  changePassword: { done: 'changed their password', attempt: 'change their password' },
  setupTwoFactor: { done: 'turned on two-factor authentication', attempt: 'turn on two-factor authentication' },
  acceptInvite: { done: 'joined the project', attempt: 'accept an invitation' },
  createAuthorizationCode: { done: 'signed in on another browser', attempt: 'sign in on another browser' },
  authorizeDevice: {
    done: (d) => (d.approved === false ? 'turned down a device sign-in' : 'approved a device sign-in'),
    attempt: 'approve a device sign-in',
  },
  updateUserFeatures: {
    admin: true,
    done: "changed a person's early-access features",
    attempt: "change a person's features",
  },
  // Roles
  assignRole: { done: (d) => `gave a member ${roleName(d, 'a role')}`, attempt: 'give a member a role' },
  unassignRole: {
    done: (d) => `removed ${roleName(d, 'a role')} from a member`,
    attempt: 'remove a role from a member',
  },
  createRole: { done: (d) => `created ${named(d.name, 'custom role')}`, attempt: 'create a custom role' },
  updateRole: { done: (d) => renamed(d.name) ?? 'edited a custom role', attempt: 'edit a custom role' },
  deleteRole: { done: (d) => `deleted ${named(d.name, 'custom role')}`, attempt: 'delete a custom role' },
  updateRoleAdmin: {
    admin: true,
    done: 'changed a built-in role for every project',
    attempt: 'change a built-in role',
  },
  assignRoleAdmin: {
    admin: true,
    done: (d) => `gave a member ${roleName(d, 'a role')}`,
    attempt: 'give a member a role',
  },
  unassignRoleAdmin: {
    admin: true,
    done: (d) => `removed ${roleName(d, 'a role')} from a member`,
    attempt: 'remove a role from a member',
  },
  updatePermissionAdmin: {
    admin: true,
    done: 'changed which roles grant a permission',
    attempt: 'change which roles grant a permission',
  },
  // Projects and members
  createProject: { done: 'created the project', attempt: 'create a project' },
  updateProject: { done: 'changed the project settings', attempt: 'change the project settings' },
  deleteProject: { done: 'deleted the project', attempt: 'delete the project' },
  createOrganisation: { done: 'created an organisation', attempt: 'create an organisation' },
  updateOrganisation: { done: "changed the organisation's settings", attempt: "change the organisation's settings" },
  installProjectTemplate: { done: 'applied a template', attempt: 'apply a template' },
  createInvite: { done: (d) => `invited ${text(d.email) ?? 'someone'}`, attempt: 'invite someone' },
  revokeInvite: { done: 'withdrew an invitation', attempt: 'withdraw an invitation' },
  updateMember: { done: "changed a member's roles", attempt: "change a member's roles" },
  removeMember: { done: 'removed a member', attempt: 'remove a member' },
  createAuthKey: { done: (d) => `created ${named(d.name, 'API key')}`, attempt: 'create an API key' },
  revokeAuthKey: { done: 'revoked an API key', attempt: 'revoke an API key' },
  // Blog, notifications, terms
  createBlog: { done: (d) => `wrote ${named(d.title, 'post')}`, attempt: 'write a post' },
  updateBlog: { done: (d) => `edited ${named(d.title, 'post')}`, attempt: 'edit a post' },
  deleteBlog: { done: (d) => `deleted ${named(d.title, 'post')}`, attempt: 'delete a post' },
  sendNotification: { admin: true, done: 'sent a notification', attempt: 'send a notification' },
  saveTerms: { admin: true, done: 'published a new version of the terms', attempt: 'publish new terms' },
  signActiveTerms: { done: 'accepted the terms and conditions', attempt: 'accept the terms and conditions' },
  // Bookmarks
  createBookmark: {
    done: (d) => `bookmarked ${text(d.title) ? quoted(d.title).trim() : 'a page'}`,
    attempt: 'add a bookmark',
  },
  updateBookmark: { done: 'changed a bookmark', attempt: 'change a bookmark' },
  deleteBookmark: { done: (d) => `removed ${named(d.title, 'bookmark')}`, attempt: 'remove a bookmark' },
  updateBookmarkTabs: { done: 'rearranged their bookmark tabs', attempt: 'rearrange their bookmark tabs' },
  // Billing
  updateBillingProject: { done: 'changed the billing details', attempt: 'change the billing details' },
  updateAdminBillingProject: {
    admin: true,
    // The platform admin's call sets the credit limit, credits the wallet (with a reason), or both.
    done: (d) =>
      d.credit
        ? d.creditLimit
          ? 'credited the wallet and changed the credit limit'
          : 'credited the wallet'
        : 'changed the credit limit',
    attempt: 'change the credit limit or credit the wallet',
  },
  updateWallet: { done: "changed the wallet's auto top-up", attempt: "change the wallet's auto top-up" },
  createTransaction: { done: 'recorded a transaction', attempt: 'record a transaction' },
  confirmTransaction: { done: 'confirmed a transaction', attempt: 'confirm a transaction' },
  createPaymentMethod: { done: 'added a payment method', attempt: 'add a payment method' },
  updatePaymentMethod: { done: 'changed the default payment method', attempt: 'change the default payment method' },
  deletePaymentMethod: { done: 'removed a payment method', attempt: 'remove a payment method' },
  payInvoice: { done: 'paid an invoice', attempt: 'pay an invoice' },
  voidInvoice: { admin: true, done: 'voided an invoice', attempt: 'void an invoice' },
  runInvoices: { admin: true, done: "ran the period's invoices", attempt: "run the period's invoices" },
  createSummary: { done: 'made a billing summary', attempt: 'make a billing summary' },
  deleteSummary: { done: 'deleted a billing summary', attempt: 'delete a billing summary' },
  advanceTestClock: { admin: true, done: 'moved the test clock forward', attempt: 'move the test clock forward' },
  // Modules
  createAdminIntegrationListing: {
    admin: true,
    done: 'added a module to the store',
    attempt: 'add a module to the store',
  },
  updateAdminIntegrationListing: {
    admin: true,
    done: "changed a module's store listing",
    attempt: "change a module's store listing",
  },
  deleteAdminIntegrationListing: {
    admin: true,
    done: 'took a module out of the store',
    attempt: 'take a module out of the store',
  },
  installIntegration: { done: 'installed a module', attempt: 'install a module' },
  uninstallIntegration: { done: 'uninstalled a module', attempt: 'uninstall a module' },
  updateIntegration: { done: "changed a module's settings", attempt: "change a module's settings" },
  setupIntegration: { done: 'set up a module', attempt: 'set up a module' },
  createFile: { done: 'added a file to the drive', attempt: 'add a file to the drive' },
  uploadFile: { done: "uploaded a file's contents", attempt: "upload a file's contents" },
  updateFileMetadata: { done: "changed a file's details", attempt: "change a file's details" },
  deleteFile: { done: 'deleted a file', attempt: 'delete a file' },
  createChannel: { done: 'started a chat channel', attempt: 'start a chat channel' },
  updateChannel: { done: 'changed a chat channel', attempt: 'change a chat channel' },
  deleteChannel: { done: 'deleted a chat channel', attempt: 'delete a chat channel' },
  addChannelUsers: { done: 'added people to a chat channel', attempt: 'add people to a chat channel' },
  removeChannelUsers: { done: 'removed people from a chat channel', attempt: 'remove people from a chat channel' },
  deleteMessage: { done: 'deleted a chat message', attempt: 'delete a chat message' },
  placeOrder: { done: 'placed an order', attempt: 'place an order' },
  exportOrders: { done: 'started an export of the orders', attempt: 'start an export of the orders' },
  retryPlatformPayment: { done: "retried an order's payment", attempt: "retry an order's payment" },
  refundOrder: { done: 'refunded an order', attempt: "give an order's money back" },
  updateFulfillment: { done: "updated an order's fulfilment", attempt: "update an order's fulfilment" },
  exportCustomers: { done: 'started an export of the customers', attempt: 'start an export of the customers' },
  submitEnquiry: { done: 'sent in a contact-form enquiry', attempt: 'send in a contact-form enquiry' },
  updateEnquiry: { done: enquiryChanges, attempt: 'change an enquiry' },
  replyToEnquiry: {
    done: (details) => (text(details.to) ? `replied to an enquiry from ${text(details.to)}` : 'replied to an enquiry'),
    attempt: 'answer an enquiry',
  },
  submitReview: { done: 'sent in a review', attempt: 'send in a review' },
  moderateReview: { done: reviewDecision, attempt: 'approve, reject or hide a review' },
  exportReviews: { done: 'started an export of the reviews', attempt: 'start an export of the reviews' },
  // Subscribers' entries name nobody: an erased person must not stay in the activity.
  createSubscriber: {
    done: (details) =>
      details.added === false
        ? 'received a sign-up for an address already subscribed or erased, and left it as it was'
        : details.confirmationSent === true
          ? 'added a subscriber and mailed them a confirmation link'
          : 'added a subscriber',
    attempt: 'add a subscriber',
  },
  updateSubscriber: { done: "changed a subscriber's details", attempt: "change a subscriber's details" },
  deleteSubscriber: { done: 'erased a subscriber', attempt: 'erase a subscriber' },
  importSubscribers: {
    done: (details) =>
      text(details.fileName)
        ? `uploaded ${text(details.fileName)} to add subscribers from`
        : 'uploaded a file of subscribers',
    attempt: 'upload a file of subscribers',
  },
  startSubscriberImport: {
    done: 'started adding subscribers from a file',
    attempt: 'start adding subscribers from a file',
  },
  cancelSubscriberImport: {
    done: 'stopped adding subscribers from a file',
    attempt: 'stop adding subscribers from a file',
  },
  createMailingList: {
    done: (details) => `made ${named(details.name, 'mailing list')}`,
    attempt: 'make a mailing list',
  },
  updateMailingList: {
    done: (details) => `changed ${named(details.name, 'mailing list')}`,
    attempt: 'change a mailing list',
  },
  deleteMailingList: {
    done: (details) => `removed ${named(details.name, 'mailing list')}`,
    attempt: 'remove a mailing list',
  },
  createCampaign: { done: (details) => `created ${named(details.name, 'campaign')}`, attempt: 'start a campaign' },
  updateCampaign: { done: campaignChanges, attempt: 'change a campaign' },
  sendCampaign: {
    done: (details) => {
      const campaign = named(details.name, 'campaign');
      if (details.status === 'scheduled') return `scheduled ${campaign} to be sent`;
      const n = typeof details.recipients === 'number' ? details.recipients : undefined;
      return n === undefined
        ? `started sending ${campaign}`
        : `started sending ${campaign} to ${n.toLocaleString('en')} ${n === 1 ? 'subscriber' : 'subscribers'}`;
    },
    attempt: 'send a campaign',
  },
  pauseCampaign: { done: (details) => `paused ${named(details.name, 'campaign')}`, attempt: 'pause a campaign' },
  cancelCampaign: { done: (details) => `cancelled ${named(details.name, 'campaign')}`, attempt: 'cancel a campaign' },
  createDraft: { done: (details) => `wrote ${named(details.name, 'mail draft')}`, attempt: 'write a mail draft' },
  updateDraft: { done: (details) => `edited ${named(details.name, 'mail draft')}`, attempt: 'edit a mail draft' },
  deleteDraft: { done: (details) => `removed ${named(details.name, 'mail draft')}`, attempt: 'remove a mail draft' },
  duplicateDraft: {
    done: (details) => `made a copy of ${named(details.from, 'mail draft')}`,
    attempt: 'copy a mail draft',
  },
  createFlow: { done: (details) => `created ${named(details.name, 'flow')}`, attempt: 'create a flow' },
  updateFlow: {
    done: (details) => {
      const flow = named(details.name, 'flow');
      if (!Array.isArray(details.changes) || !details.changes.includes('status')) return `changed ${flow}`;
      return details.status === 'paused' ? `paused ${flow}` : `resumed ${flow}`;
    },
    attempt: 'change a flow',
  },
  deleteFlow: { done: (details) => `deleted ${named(details.name, 'flow')}`, attempt: 'delete a flow' },
  updateFlowDraft: { done: (details) => `edited the draft of ${named(details.name, 'flow')}`, attempt: 'edit a flow' },
  discardFlowDraft: {
    done: (details) => `discarded the draft changes of ${named(details.name, 'flow')}`,
    attempt: "discard a flow's draft",
  },
  publishFlowDraft: {
    done: (details) =>
      typeof details.version === 'number'
        ? `published version ${details.version} of ${named(details.name, 'flow')}`
        : `published ${named(details.name, 'flow')}`,
    attempt: 'publish a flow',
  },
  testSendFlowDraft: {
    done: (details) => `sent themselves a test of ${named(details.name, 'flow')}`,
    attempt: 'send a test of a flow',
  },
  restoreFlowVersion: {
    done: (details) =>
      typeof details.version === 'number'
        ? `restored version ${details.version} of ${named(details.name, 'flow')} to its draft`
        : `restored an earlier version of ${named(details.name, 'flow')}`,
    attempt: 'restore a version of a flow',
  },
  createProjectDomain: {
    done: (details) => (text(details.domain) ? `added the domain ${text(details.domain)}` : 'added a custom domain'),
    attempt: 'add a custom domain',
  },
  deleteProjectDomain: {
    done: (details) =>
      text(details.domain) ? `removed the domain ${text(details.domain)}` : 'removed a custom domain',
    attempt: 'remove a custom domain',
  },
  completePaymentAuthorization: { done: 'connected the payment account', attempt: 'connect the payment account' },
  deauthorizePaymentAccount: { done: 'disconnected the payment account', attempt: 'disconnect the payment account' },
  setupDriveProjectAdmin: { admin: true, done: "set up the project's drive", attempt: "set up the project's drive" },
  updateDriveProjectAdmin: {
    admin: true,
    done: "changed the project's drive quota",
    attempt: "change the project's drive quota",
  },
  deleteDriveProjectAdmin: {
    admin: true,
    done: "reset the project's drive setup",
    attempt: "reset the project's drive setup",
  },
  addPlatformDomain: {
    admin: true,
    done: (details) =>
      text(details.added) ? `added ${text(details.added)} to the platform's domains` : 'added a platform domain',
    attempt: 'add a domain to the platform',
  },
  removePlatformDomain: {
    admin: true,
    done: (details) =>
      text(details.removed)
        ? `removed ${text(details.removed)} from the platform's domains`
        : 'removed a platform domain',
    attempt: 'remove a domain from the platform',
  },
  updatePlatform: { admin: true, done: "changed the platform's settings", attempt: "change the platform's settings" },
};

/** An operation this console does not know yet (a newer server): said plainly, never as a raw id. */
const unknown: Sentence = { done: 'made a change', attempt: 'make a change' };

/**
 * A module's step, by the module it touched (`integration:{code}`): installs come from the store, a
 * template (when a project starts from one or has one applied) or as another module's dependency.
 */
function moduleStep(entry: AuditEntry, code: string): string | undefined {
  const name = moduleName(code);
  const details = entry.details ?? {};
  switch (entry.operationId) {
    case 'installIntegration':
    case 'createProject':
    case 'installProjectTemplate': {
      if (typeof details.dependencyOf === 'string')
        return `installed ${name}, needed by ${moduleName(details.dependencyOf)}`;
      if (typeof details.template === 'string') return `installed ${name} with the ${details.template} template`;
      return `installed ${name}`;
    }
    case 'uninstallIntegration':
      return `uninstalled ${name}`;
    case 'setupIntegration':
      return `set up ${name}`;
    case 'updateIntegration':
      return `changed the settings of ${name}`;
    default:
      return undefined;
  }
}

/** One line of the activity list: who did what, and whether it was refused. */
export function describeActivity(entry: AuditEntry, nameOf: (userId: string) => string | undefined): string {
  const sentence = sentences[entry.operationId] ?? unknown;
  const stranger = sentence.admin ? 'A platform administrator' : 'A former member';
  const who =
    entry.actorKind === 'authKey'
      ? 'An API key'
      : (entry.actorUserId && nameOf(entry.actorUserId)) || (entry.actorUserId ? stranger : 'Wharf');
  const module = entry.result === 'success' ? /^integration:(\w+)$/.exec(entry.target ?? '')?.[1] : undefined;
  // A 4xx was the server saying no; a 5xx was the server failing, which is not a refusal.
  if (entry.result !== 'success')
    return `${who} tried to ${sentence.attempt} (${(entry.status ?? 0) >= 500 ? 'failed' : 'refused'})`;
  const what =
    (module && moduleStep(entry, module)) ??
    (typeof sentence.done === 'string' ? sentence.done : sentence.done(entry.details ?? {}));
  return `${who} ${what}`;
}
