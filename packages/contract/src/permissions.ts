/**
 * Every permission an operation can declare, with what it allows. Roles are sets of these; the
 * access hook and `POST /v1/enforcer/enforce` decide with them. A test keeps the operation table and
 * this catalogue in step.
 */
export const permissionCatalogue = {
  'projects.read': 'See the project, its settings and its members',
  'projects.update': "Change the project's name, logos and settings",
  'projects.delete': 'Delete the project and everything in it',
  'members.read': "See the project's members and their roles",
  'members.manage': "Change members' roles and remove members",
  'invites.read': 'See pending and expired invitations',
  'invites.manage': 'Invite people, resend and revoke invitations',
  'roles.read': 'See roles and their permissions',
  'roles.manage': 'Create custom roles, edit their permissions, assign and unassign roles',
  'authkeys.read': "See the project's API keys (never their secrets)",
  'authkeys.manage': 'Create and revoke API keys',
  'audit.read': "Read the project's audit log",
  'billing.read': 'See plans, invoices, transactions, wallets and payment methods',
  'billing.manage': 'Change billing settings, pay invoices, manage payment methods and wallets',
  'integrations.read': 'See the module store and installed modules',
  'integrations.manage': 'Install, configure, set up and uninstall modules',
  'chat.read': 'Read chat channels and messages',
  'chat.write': 'Post messages, react and manage channels',
  'chat.manage': "Rename, archive and delete anyone's channels, and delete anyone's messages",
  'drive.read': 'See and download files',
  'drive.write': 'Upload, change and delete files',
  'blog.read': "Read the project's own help posts and news",
  'blog.manage': "Write, publish and delete the project's own posts",
  'orders.read': "See the storefront's orders, payments and fulfilments, and export them",
  'orders.manage': 'Retry payments and fulfil orders: fulfillers, statuses, carriers and tracking',
  'orders.create': "Place orders through the intake (the storefront's and sales channels' API keys)",
  'customers.read': 'See customers, their figures and orders, and export them',
  'storefront.manage': "Connect and disconnect the storefront's payment account",
  'enquiries.read': "Read the storefront's enquiries and their logs",
  'enquiries.manage': 'Reply to enquiries, mark them read and close them',
  'enquiries.create': "Send contact-form enquiries in (the storefront's API keys)",
  'reviews.read': 'See product and store reviews and their decisions, and export them',
  'reviews.moderate': 'Approve, reject and hide reviews',
  'reviews.create': "Send reviews in (the storefront's API keys)",
  'domains.read': "See the project's custom domains and their verification",
  'domains.manage': 'Add and remove custom domains',
  'mail.read': 'See subscribers, mailing lists, drafts, campaigns and their statistics',
  'mail.manage': 'Edit and delete subscribers, import them, manage mailing lists and write drafts and campaigns',
  'mail.subscribe': "Add subscribers (the console, and the storefront's sign-up form keys)",
  'mail.send': 'Send, schedule, pause and cancel campaigns',
  'flows.read': 'See automated mail flows, their versions and who is in them',
  'flows.manage':
    'Create and edit flows, publish, pause and restore their versions, and send tests (publishing and resuming also need mail.send)',
} as const;

export type Permission = keyof typeof permissionCatalogue;
export const permissions = Object.keys(permissionCatalogue) as Permission[];

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(permissionCatalogue, value);
}
