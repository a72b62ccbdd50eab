import type { Permission } from '@wharf/contract/permissions';
import type { MenuChild, MenuEntry } from './menu-store';

/** An entry shown only to a role with `needs`, the permission its page opens with. */
type Gated<T> = T & { needs?: Permission };

/** The id of the core Modules entry, the parent of installed modules' entries. */
export const MODULES_MENU_ID = 'modules';

/**
 * The project menu's core entries with the orders of SPEC.md section 2. Modules and Developer
 * (APIs) need access to integration listings (`integrations.read`), so they come only with it;
 * installed modules' entries are sub-items of Modules, after its Store. An entry whose page the
 * member's role may not open at all (`can` says no to its page's permission) is left out: a menu
 * never leads to a refusal.
 */
export function coreMenuEntries({
  integrations,
  can = () => true,
}: {
  integrations: boolean;
  can?: (permission: Permission) => boolean;
}): MenuEntry[] {
  /** The entries the role may open, without their `needs`. */
  const allowed = <T extends MenuChild>(list: Gated<T>[]): T[] =>
    list.filter((entry) => !entry.needs || can(entry.needs)).map(({ needs: _, ...entry }) => entry as unknown as T);
  const entries: Gated<MenuEntry>[] = [
    { id: 'dashboard', label: 'Dashboard', route: 'project.dashboard', order: -1, icon: 'dashboard' },
    { id: 'chat', label: 'Chat', route: 'chat.index', order: 311, icon: 'chat', needs: 'chat.read' },
    {
      id: 'users',
      label: 'Users',
      route: 'project.users.list',
      order: 500,
      icon: 'users',
      needs: 'members.read',
      children: allowed([
        { id: 'users.roles', label: 'Roles', route: 'project.users.roles.list', order: 501, needs: 'roles.read' },
        {
          id: 'users.invites',
          label: 'Invites',
          route: 'project.users.invites.list',
          order: 502,
          needs: 'invites.read',
        },
      ] satisfies Gated<MenuChild>[]),
    },
    {
      id: 'support',
      label: 'Support',
      route: 'core.support',
      order: 600,
      icon: 'support',
      children: allowed([
        // The project's conversation with the platform's staff, not the project's channels.
        { id: 'support.chat', label: 'Chat', route: 'chat.support', order: 601, needs: 'chat.read' },
        { id: 'support.tutorials', label: 'Tutorials', route: 'core.support.tutorials.list', order: 602 },
        { id: 'support.faqs', label: 'FAQs', route: 'core.support.faqs', order: 603 },
      ] satisfies Gated<MenuChild>[]),
    },
    // Its page is for changing the project: a role that may only read it would find refusals there.
    {
      id: 'settings',
      label: 'Settings',
      route: 'projects.settings',
      order: 1_000_000,
      icon: 'settings',
      needs: 'projects.update',
    },
  ];
  if (integrations) {
    entries.push(
      {
        id: MODULES_MENU_ID,
        label: 'Modules',
        route: 'integrations.store',
        order: 1000,
        icon: 'modules',
        // Installed modules add their entries here (`parent: 'modules'`), so the store is a
        // sub-item too: on /store it wins the tie with Modules and the list opens on it.
        children: [{ id: 'modules.store', label: 'Store', route: 'integrations.store', order: 1000 }],
      },
      { id: 'developer', label: 'Developer (APIs)', route: 'developer.api.index', order: 10_000, icon: 'developer' },
    );
  }
  return allowed(entries);
}

/** Billing's entries (orders 1000 to 1004), added once the project's billing data has loaded. */
export function billingMenuEntries(): MenuEntry[] {
  return [
    {
      id: 'billing',
      label: 'Billing',
      route: 'billing.index',
      order: 1000,
      icon: 'billing',
      children: [
        { id: 'billing.invoices', label: 'Invoices', route: 'billing.invoices', order: 1001 },
        { id: 'billing.summaries', label: 'Summaries', route: 'billing.summaries', order: 1002 },
        { id: 'billing.charges', label: 'Charges', route: 'billing.charges', order: 1003 },
        { id: 'billing.payment-methods', label: 'Payment', route: 'billing.payment-methods', order: 1004 },
      ],
    },
  ];
}

/**
 * The side menu of the account area (SPEC.md section 2): Account, Chat, Projects, Settings, and
 * Tasks only when a project has the workflow integration. Account holds the user's own pages;
 * Settings is the settings of the project the user works in (the page picks the remembered one);
 * platform administrators also get the platform's pages.
 */
export function accountMenuEntries({ tasks, admin }: { tasks: boolean; admin: boolean }): MenuEntry[] {
  const entries: MenuEntry[] = [
    {
      id: 'account',
      label: 'Account',
      route: 'account.settings',
      order: 0,
      icon: 'account',
      children: [
        { id: 'account.profile', label: 'Profile', route: 'account.settings', order: 1 },
        { id: 'account.password', label: 'Change password', route: 'account.settings.change-password', order: 2 },
        {
          id: 'account.2fa',
          label: 'Two-factor authentication',
          route: 'account.settings.2fa.setup-authenticator',
          order: 3,
        },
      ],
    },
    { id: 'chat', label: 'Chat', route: 'chat.index', order: 311, icon: 'chat' },
    {
      id: 'projects',
      label: 'Projects',
      route: 'projects.list',
      order: 400,
      icon: 'projects',
      children: [
        { id: 'projects.all', label: 'All projects', route: 'projects.list', order: 401 },
        { id: 'projects.organisations', label: 'Organisations', route: 'organisations', order: 402 },
      ],
    },
    { id: 'settings', label: 'Settings', route: 'projects.settings', order: 1_000_000, icon: 'settings' },
  ];
  if (tasks) entries.push({ id: 'tasks', label: 'Tasks', route: 'tasks.index', order: 700, icon: 'tasks' });
  if (admin) entries.push({ id: 'platform.outbox', label: 'Outbox', route: 'platform.mail.outbox', order: 2_000_000 });
  if (admin) entries.push({ id: 'platform.terms', label: 'Terms', route: 'platform.terms', order: 2_000_001 });
  if (admin)
    entries.push({
      id: 'platform.listings',
      label: 'Store listings',
      route: 'platform.integrations.listings',
      order: 2_000_002,
    });
  if (admin) entries.push({ id: 'platform.drive', label: 'Drive admin', route: 'platform.drive', order: 2_000_003 });
  if (admin)
    entries.push({ id: 'platform.support', label: 'Support inbox', route: 'platform.support', order: 2_000_004 });
  if (admin)
    entries.push({ id: 'platform.settings', label: 'Platform settings', route: 'platform.settings', order: 2_000_005 });
  return entries;
}
