import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';

export type LayoutName = 'blank' | 'fullscreen' | 'mail' | 'print' | 'standard' | 'tool';

/** What every route declares about itself (SPEC.md section 2; DESIGN.md "Web"). */
export interface RouteStaticData {
  /** The route's name: navigation, menus and notifications refer to routes by it, never by path. */
  name: string;
  /** Shown in the page title: `{title} - {platform name}`. */
  title?: string;
  layout: LayoutName;
  /** A signed-in user is required. */
  user: boolean;
  /** Whether the route needs the `project` search parameter. */
  project: 'always' | 'sometimes' | 'never';
  /** A module's route (features/integrations/modules): always needs a project, whatever `project` says. */
  integration?: boolean;
}

declare module '@tanstack/react-router' {
  // Every route must carry its static data; the compiler refuses a route without it.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StaticDataRouteOption extends RouteStaticData {}
}

export interface PageEntry {
  /** Full path, TanStack Router syntax (`/billing/invoices/$invoiceId`). */
  path: string;
  staticData: RouteStaticData;
  /** Always lazy: every page is its own chunk (DESIGN.md "Web"). */
  component: RouteComponent;
}

const page = {
  blank: { layout: 'blank', user: false, project: 'never' },
  account: { layout: 'standard', user: true, project: 'never' },
  /** Pages that work inside one project: the `project` query is always there (SPEC.md section 2). */
  project: { layout: 'standard', user: true, project: 'always' },
} as const;

/**
 * The route table. Adding a page is one entry here; router.tsx builds the tree from it and
 * navigation.ts resolves names against it. Page files are `<Name>Page.tsx`; the chunk each
 * becomes is named by build/page-chunks.ts (SPEC.md "Page chunks named").
 */
export const routeTable = [
  {
    path: '/',
    staticData: { name: 'home', title: 'Welcome', layout: 'blank', user: false, project: 'never' },
    component: lazyRouteComponent(() => import('../pages/welcome/WelcomePage'), 'WelcomePage'),
  },
  {
    path: '/login',
    staticData: { name: 'login', title: 'Login', ...page.blank },
    component: lazyRouteComponent(() => import('../pages/login/LoginPage'), 'LoginPage'),
  },
  {
    path: '/register',
    staticData: { name: 'register', title: 'Register', ...page.blank },
    component: lazyRouteComponent(() => import('../pages/register/RegisterPage'), 'RegisterPage'),
  },
  {
    path: '/forgotten-password',
    staticData: { name: 'forgotten-password', title: 'Forgotten password', ...page.blank },
    component: lazyRouteComponent(
      () => import('../pages/forgotten-password/ForgottenPasswordPage'),
      'ForgottenPasswordPage',
    ),
  },
  {
    path: '/reset-password',
    staticData: { name: 'reset-password', title: 'Reset password', ...page.blank },
    component: lazyRouteComponent(() => import('../pages/reset-password/ResetPasswordPage'), 'ResetPasswordPage'),
  },
  {
    path: '/set-password',
    staticData: { name: 'set-password', title: 'Set password', ...page.blank },
    component: lazyRouteComponent(() => import('../pages/set-password/SetPasswordPage'), 'SetPasswordPage'),
  },
  {
    path: '/verify-email',
    staticData: { name: 'verify-email', title: 'Verify email', ...page.blank },
    component: lazyRouteComponent(() => import('../pages/verify-email/VerifyEmailPage'), 'VerifyEmailPage'),
  },
  {
    // A subscriber's links from a marketing mail (issue 23): public, the token is their authority.
    path: '/mail/confirm',
    staticData: { name: 'mail.confirm', title: 'Confirm subscription', ...page.blank },
    component: lazyRouteComponent(
      () => import('../pages/mail-subscription/ConfirmSubscriptionPage'),
      'ConfirmSubscriptionPage',
    ),
  },
  {
    path: '/mail/unsubscribe',
    staticData: { name: 'mail.unsubscribe', title: 'Unsubscribe', ...page.blank },
    component: lazyRouteComponent(() => import('../pages/mail-subscription/UnsubscribePage'), 'UnsubscribePage'),
  },
  {
    path: '/settings',
    staticData: { name: 'account.settings', title: 'Settings', ...page.account },
    component: lazyRouteComponent(() => import('../pages/settings/SettingsPage'), 'SettingsPage'),
  },
  {
    path: '/settings/change-password',
    staticData: { name: 'account.settings.change-password', title: 'Change password', ...page.account },
    component: lazyRouteComponent(() => import('../pages/settings/ChangePasswordPage'), 'ChangePasswordPage'),
  },
  {
    path: '/settings/two-factor-authentication/setup-authenticator',
    staticData: {
      name: 'account.settings.2fa.setup-authenticator',
      title: 'Two-factor authentication',
      ...page.account,
    },
    component: lazyRouteComponent(() => import('../pages/settings/TwoFactorSetupPage'), 'TwoFactorSetupPage'),
  },
  {
    path: '/projects',
    staticData: { name: 'projects.list', title: 'Projects', ...page.account },
    component: lazyRouteComponent(() => import('../pages/projects/ProjectsPage'), 'ProjectsPage'),
  },
  {
    path: '/projects/create',
    staticData: { name: 'projects.create', title: 'Create project', ...page.account },
    component: lazyRouteComponent(() => import('../pages/projects/CreateProjectPage'), 'CreateProjectPage'),
  },
  {
    path: '/projects/switch',
    // 'sometimes': the switch carries the project it switches to (features/project-rules).
    staticData: { name: 'projects.switch', title: 'Switch project', ...page.account, project: 'sometimes' },
    component: lazyRouteComponent(() => import('../pages/projects/SwitchProjectPage'), 'SwitchProjectPage'),
  },
  {
    path: '/organisations',
    staticData: { name: 'organisations', title: 'Organisations', ...page.account },
    component: lazyRouteComponent(() => import('../pages/organisations/OrganisationsPage'), 'OrganisationsPage'),
  },
  {
    path: '/dashboard/',
    staticData: { name: 'project.dashboard', title: 'Dashboard', ...page.project },
    component: lazyRouteComponent(() => import('../pages/dashboard/DashboardPage'), 'DashboardPage'),
  },
  {
    path: '/project/settings',
    staticData: { name: 'projects.settings', title: 'Project settings', ...page.project },
    component: lazyRouteComponent(() => import('../pages/project-settings/ProjectSettingsPage'), 'ProjectSettingsPage'),
  },
  {
    path: '/users',
    staticData: { name: 'project.users.list', title: 'Users', ...page.project },
    component: lazyRouteComponent(() => import('../pages/users/UsersPage'), 'UsersPage'),
  },
  {
    path: '/users/roles',
    staticData: { name: 'project.users.roles.list', title: 'Roles', ...page.project },
    component: lazyRouteComponent(() => import('../pages/users/RolesPage'), 'RolesPage'),
  },
  {
    path: '/users/invites',
    staticData: { name: 'project.users.invites.list', title: 'Invites', ...page.project },
    component: lazyRouteComponent(() => import('../pages/users/InvitesPage'), 'InvitesPage'),
  },
  {
    path: '/developer',
    staticData: { name: 'developer.api.index', title: 'Developer (APIs)', ...page.project },
    component: lazyRouteComponent(() => import('../pages/developer/DeveloperPage'), 'DeveloperPage'),
  },
  {
    path: '/billing',
    staticData: { name: 'billing.index', title: 'Billing', ...page.project },
    component: lazyRouteComponent(() => import('../pages/billing/BillingPage'), 'BillingPage'),
  },
  // SPEC.md section 2 names these areas' routes now; until their issues land each shows its real empty state.
  {
    path: '/billing/invoices',
    staticData: { name: 'billing.invoices', title: 'Invoices', ...page.project },
    component: lazyRouteComponent(() => import('../pages/billing/InvoicesPage'), 'InvoicesPage'),
  },
  {
    path: '/billing/summaries',
    staticData: { name: 'billing.summaries', title: 'Summaries', ...page.project },
    component: lazyRouteComponent(() => import('../pages/billing/SummariesPage'), 'SummariesPage'),
  },
  {
    path: '/billing/charges',
    staticData: { name: 'billing.charges', title: 'Charges', ...page.project },
    component: lazyRouteComponent(() => import('../pages/billing/ChargesPage'), 'ChargesPage'),
  },
  {
    path: '/billing/payment-methods',
    staticData: { name: 'billing.payment-methods', title: 'Payment methods', ...page.project },
    component: lazyRouteComponent(() => import('../pages/billing/PaymentMethodsPage'), 'PaymentMethodsPage'),
  },
  {
    path: '/store',
    staticData: { name: 'integrations.store', title: 'Modules', ...page.project },
    component: lazyRouteComponent(() => import('../pages/store/ModulesPage'), 'ModulesPage'),
  },
  {
    path: '/chat',
    staticData: { name: 'chat.index', title: 'Chat', ...page.project },
    component: lazyRouteComponent(() => import('../pages/chat/ChatPage'), 'ChatPage'),
  },
  {
    path: '/chat/dashboard',
    staticData: { name: 'chat.dashboard', title: 'Chat dashboard', ...page.project },
    component: lazyRouteComponent(() => import('../pages/chat/ChatDashboardPage'), 'ChatDashboardPage'),
  },
  {
    // Support → Chat: the chat page, opening the project's support channel (found or made on first ask).
    path: '/chat/support',
    staticData: { name: 'chat.support', title: 'Support chat', ...page.project },
    component: lazyRouteComponent(() => import('../pages/chat/ChatPage'), 'ChatPage'),
  },
  {
    path: '/resupply/shop',
    staticData: { name: 'resupply.shop.create', title: 'Resupply', ...page.project },
    component: lazyRouteComponent(() => import('../pages/resupply/ResupplyPage'), 'ResupplyPage'),
  },
  {
    path: '/support',
    staticData: { name: 'core.support', title: 'Support', layout: 'standard', user: true, project: 'sometimes' },
    component: lazyRouteComponent(() => import('../pages/support/SupportPage'), 'SupportPage'),
  },
  {
    path: '/support/tutorials',
    staticData: {
      name: 'core.support.tutorials.list',
      title: 'Tutorials',
      layout: 'standard',
      user: true,
      project: 'sometimes',
    },
    component: lazyRouteComponent(() => import('../pages/support/TutorialsPage'), 'TutorialsPage'),
  },
  {
    path: '/support/tutorials/$blogSlug',
    staticData: {
      name: 'core.support.tutorials.view',
      title: 'Tutorial',
      layout: 'standard',
      user: true,
      project: 'sometimes',
    },
    component: lazyRouteComponent(() => import('../pages/support/TutorialPage'), 'TutorialPage'),
  },
  {
    path: '/support/faqs',
    staticData: { name: 'core.support.faqs', title: 'FAQs', layout: 'standard', user: true, project: 'sometimes' },
    component: lazyRouteComponent(() => import('../pages/support/FaqsPage'), 'FaqsPage'),
  },
  {
    path: '/admin/mail',
    // Platform administration; shown in the account frame until the console shell has its own area.
    staticData: { name: 'platform.mail.outbox', title: 'Outbox', ...page.account },
    component: lazyRouteComponent(() => import('../pages/outbox/OutboxPage'), 'OutboxPage'),
  },
  {
    path: '/admin/terms',
    // Platform administration, in the account frame like the outbox.
    staticData: { name: 'platform.terms', title: 'Terms and conditions', ...page.account },
    component: lazyRouteComponent(() => import('../pages/terms/TermsPage'), 'TermsPage'),
  },
  {
    path: '/admin/integrations',
    // Platform administration: what the platform's module store offers, in the account frame like the terms.
    staticData: { name: 'platform.integrations.listings', title: 'Store listings', ...page.account },
    component: lazyRouteComponent(() => import('../pages/admin-listings/AdminListingsPage'), 'AdminListingsPage'),
  },
  {
    path: '/admin/drive',
    // Platform administration: every project's drive, in the account frame like the store listings.
    staticData: { name: 'platform.drive', title: 'Drive admin', ...page.account },
    component: lazyRouteComponent(() => import('../pages/drive-admin/DriveAdminPage'), 'DriveAdminPage'),
  },
  {
    path: '/admin/support',
    // Platform administration: every project's support conversation, in the account frame like the drives.
    staticData: { name: 'platform.support', title: 'Support inbox', ...page.account },
    component: lazyRouteComponent(() => import('../pages/support-inbox/SupportInboxPage'), 'SupportInboxPage'),
  },
  {
    path: '/platform/settings',
    // Platform administration: the platform's name, brand and domains, in the account frame like the
    // support inbox (the page picks the project whose platform it shows: the calls name one).
    staticData: { name: 'platform.settings', title: 'Platform settings', ...page.account },
    component: lazyRouteComponent(
      () => import('../pages/platform-settings/PlatformSettingsPage'),
      'PlatformSettingsPage',
    ),
  },
  {
    path: '/accept-invite/$token',
    // No user guard: the page itself invites a signed-out visitor to sign in or register first.
    staticData: { name: 'accept-invite', title: 'Invitation', ...page.blank },
    component: lazyRouteComponent(() => import('../pages/accept-invite/AcceptInvitePage'), 'AcceptInvitePage'),
  },
  {
    path: '/device',
    staticData: { name: 'device', title: 'Device authorize', layout: 'fullscreen', user: true, project: 'never' },
    component: lazyRouteComponent(() => import('../pages/device/DeviceAuthorizePage'), 'DeviceAuthorizePage'),
  },
  {
    path: '/auth/setup',
    staticData: { name: 'auth.setup', title: 'Get started', ...page.blank },
    component: lazyRouteComponent(() => import('../pages/auth/AuthSetupPage'), 'AuthSetupPage'),
  },
  {
    path: '/auth/setup/factory',
    staticData: { name: 'auth.setup.factory', title: 'Factory setup', ...page.blank },
    component: lazyRouteComponent(() => import('../pages/auth/AuthFactoryPage'), 'AuthFactoryPage'),
  },
  {
    path: '/auth/setup/factory/$projectId/devices',
    staticData: { name: 'auth.setup.factory.devices', title: 'Pair factory devices', ...page.blank },
    component: lazyRouteComponent(() => import('../pages/auth/AuthDevicePage'), 'AuthDevicePage'),
  },
  {
    path: '/auth/$code',
    staticData: { name: 'auth.code', title: 'Signing in', ...page.blank },
    component: lazyRouteComponent(() => import('../pages/auth/AuthCodePage'), 'AuthCodePage'),
  },
] as const satisfies readonly PageEntry[];

/**
 * A path that only sends the visitor to a named route, keeping the query. The target's `$params`
 * are filled from this path's parameters of the same name (`/factory/tutorials/$blogSlug` →
 * `/support/tutorials/$blogSlug`).
 */
export interface RedirectEntry {
  path: string;
  staticData: RouteStaticData;
  redirectTo: (typeof routeTable)[number]['staticData']['name'];
}

/** SPEC.md section 2: /account goes to login; two-factor-authentication to its setup page. */
export const redirectTable = [
  {
    path: '/account',
    staticData: { name: 'account', ...page.blank },
    redirectTo: 'login',
  },
  {
    path: '/settings/two-factor-authentication',
    staticData: { name: 'account.settings.2fa', title: 'Two-factor authentication', ...page.account },
    redirectTo: 'account.settings.2fa.setup-authenticator',
  },
  {
    // SPEC.md section 2: the factory's old tutorial links open the support tutorial of the same slug.
    path: '/factory/tutorials/$blogSlug',
    staticData: {
      name: 'factory.tutorials.view',
      title: 'Tutorial',
      layout: 'standard',
      user: true,
      project: 'sometimes',
    },
    redirectTo: 'core.support.tutorials.view',
  },
] as const satisfies readonly RedirectEntry[];

export type RouteName =
  (typeof routeTable)[number]['staticData']['name'] | (typeof redirectTable)[number]['staticData']['name'];

/** The final catch-all (SPEC.md section 2): unknown paths and any path containing install-module. */
export const notFoundPage = {
  staticData: { name: 'not-found', title: 'Not Found', layout: 'blank', user: false, project: 'never' },
  component: lazyRouteComponent(() => import('../pages/not-found/NotFoundPage'), 'NotFoundPage'),
} as const satisfies Omit<PageEntry, 'path'>;

/** The catch-all while the platform and the project's modules load (SPEC.md section 2). */
export const loadingPage = {
  staticData: { name: 'loading', title: 'Loading', layout: 'blank', user: false, project: 'sometimes' },
  component: lazyRouteComponent(() => import('../pages/loading/LoadingPage'), 'LoadingPage'),
} as const satisfies Omit<PageEntry, 'path'>;

/** The root route's own data: it only frames the pages, which decide everything else. */
export const rootStaticData: RouteStaticData = { name: 'root', layout: 'blank', user: false, project: 'sometimes' };

/** SPEC.md section 2: paths containing install-module are blocked (they show Not Found). */
export function isBlockedPath(pathname: string): boolean {
  return pathname.includes('install-module');
}
