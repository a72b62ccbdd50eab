import { MODULE_CODES } from '@wharf/contract/module-codes';
import { lazyRouteComponent } from '@tanstack/react-router';
import { MODULES_MENU_ID } from '../../menu/core-menu';
import type { MenuEntry } from '../../menu/menu-store';
import type { ModuleDefinition, ModuleRoute } from './types';

/**
 * `core`: the console itself (dashboard, users, billing, support…). Its pages are the route table's
 * and its menu is the shell's, so installing it adds nothing; it is listed so that a project
 * naming it is not an unknown code.
 */
export const coreModule: ModuleDefinition = { code: 'core', name: 'Core', routes: [], menu: [] };

/**
 * The names the console shows for each module (menu entries, page titles) before the catalogue
 * has loaded; the catalogue's own names are the store's. Product names keep their own spelling.
 */
export const moduleNames: Readonly<Record<(typeof MODULE_CODES)[number], string>> = {
  core: 'Core',
  drive: 'Drive',
  domains: 'Domains',
  orders: 'Orders',
  products: 'Products',
  planner: 'Planner',
  website: 'Website',
  marketing: 'Marketing',
  flows: 'Flows',
  discounts: 'Discounts',
  teemail: 'Teemail',
  inserts: 'Inserts',
  delivery: 'Delivery',
  productFeed: 'Product feed',
  platformFeed: 'Platform feed',
  youtube: 'YouTube',
  cloudRip: 'CloudRIP',
  customers: 'Customers',
  workflow: 'Workflow',
  okrs: 'OKRs',
  docs: 'Docs',
  shopify: 'Shopify',
  wooCommerce: 'WooCommerce',
  wooCommerceApp: 'WooCommerce app',
  ecwid: 'Ecwid',
  etsy: 'Etsy',
  wix: 'Wix',
  ochre: 'Ochre',
  mirakl: 'Mirakl',
  tiktokShop: 'TikTok Shop',
  amazon: 'Amazon',
  printify: 'Printify',
  kickflip: 'Kickflip',
  gelato: 'Gelato',
  rithum: 'Rithum',
  warehouse: 'Warehouse',
  fulfillments: 'Fulfillments',
  shipping: 'Shipping',
  platform: 'Platform',
  reports: 'Reports',
  crm: 'CRM',
  gfn: 'GFN',
  gtins: 'GTINs',
  customDomain: 'Custom domain',
  dns: 'DNS',
  googleSearchConsole: 'Google Search Console',
  googleAds: 'Google Ads',
  googleAnalytics: 'Google Analytics',
  facebookPixel: 'Facebook Pixel',
  instagramShopping: 'Instagram Shopping',
  pinterest: 'Pinterest',
  currencies: 'Currencies',
  customCode: 'Custom code',
  sitewideBanner: 'Sitewide banner',
  reviews: 'Reviews',
  comingSoonPage: 'Coming soon page',
  redirects: 'Redirects',
  aiSeo: 'AI SEO',
  aiBuilder: 'AI builder',
  thirdPartyLogistics: 'Third-party logistics',
  shipmate: 'Shipmate',
  shipstation: 'ShipStation',
  shiprocket: 'Shiprocket',
  resupply: 'Resupply',
  ralawise: 'Ralawise',
  customStudio: 'Custom studio',
  aiVideo: 'AI video',
  aiMockups: 'AI mockups',
  aiStudio: 'AI studio',
  customPackaging: 'Custom packaging',
  faqs: 'FAQs',
  lemonstand: 'LemonStand',
};

/** The console's name of a module, or its code when the console does not know it. */
export function moduleName(code: string): string {
  return (moduleNames as Record<string, string>)[code] ?? code;
}

/** `integrations.shopify.settings`: the name of a module's settings page. */
export function settingsRouteName(code: string): string {
  return `integrations.${code}.settings`;
}

/** The module code of a settings page's route name, or undefined for any other route. */
export function codeOfSettingsRoute(name: string | undefined): string | undefined {
  return /^integrations\.([A-Za-z0-9]+)\.settings$/.exec(name ?? '')?.[1];
}

/**
 * Module entries are sub-items of Modules (`parent`), after its Store (1000), in SPEC.md section
 * 1's order of codes: 1001 + the code's index. Being sub-items, they don't meet Billing's
 * top-level 1000–1004.
 */
export const MODULE_MENU_ORDER = 1001;

// Every module's settings page is one chunk; the page reads its module from the route's name.
const settingsPage = lazyRouteComponent(
  () => import('../../../pages/module-settings/ModuleSettingsPage'),
  'ModuleSettingsPage',
);

/** Modules whose page is their own rather than the settings form (the route and menu entry stay the same). */
const modulePages: Readonly<Record<string, ModuleRoute['component']>> = {
  drive: lazyRouteComponent(() => import('../../../pages/drive/DrivePage'), 'DrivePage'),
};

const modulePage = (path: string, name: string, title: string, component: ModuleRoute['component']): ModuleRoute => ({
  path,
  staticData: { name, title, layout: 'standard', user: true, project: 'always', integration: true },
  component,
});

/**
 * The storefront's management pages (issue 22) that modules bring besides their settings, with their
 * top-level menu entries (each shown only to a role that may open its page, `needs`). The payment
 * page's path is fixed: the connect flow returns to `/platform/payment?project=…`.
 */
const extraPages: Readonly<Record<string, { routes: ModuleRoute[]; menu: MenuEntry[] }>> = {
  orders: {
    routes: [
      modulePage(
        '/platform/orders',
        'platform.orders',
        'Orders',
        lazyRouteComponent(() => import('../../../pages/orders/OrdersPage'), 'OrdersPage'),
      ),
      modulePage(
        '/platform/orders/$orderId',
        'platform.orders.view',
        'Order',
        lazyRouteComponent(() => import('../../../pages/orders/OrderPage'), 'OrderPage'),
      ),
    ],
    menu: [
      {
        id: 'platform.orders',
        label: 'Orders',
        route: 'platform.orders',
        order: 320,
        icon: 'receipt',
        needs: 'orders.read',
      },
    ],
  },
  customers: {
    routes: [
      modulePage(
        '/platform/customers',
        'platform.customers',
        'Customers',
        lazyRouteComponent(() => import('../../../pages/customers/CustomersPage'), 'CustomersPage'),
      ),
      modulePage(
        '/platform/customers/$customerId',
        'platform.customers.view',
        'Customer',
        lazyRouteComponent(() => import('../../../pages/customers/CustomerPage'), 'CustomerPage'),
      ),
      modulePage(
        '/platform/enquiries',
        'platform.enquiries',
        'Enquiries',
        lazyRouteComponent(() => import('../../../pages/enquiries/EnquiriesPage'), 'EnquiriesPage'),
      ),
      modulePage(
        '/platform/enquiries/$enquiryId',
        'platform.enquiries.view',
        'Enquiry',
        lazyRouteComponent(() => import('../../../pages/enquiries/EnquiryPage'), 'EnquiryPage'),
      ),
    ],
    menu: [
      {
        id: 'platform.customers',
        label: 'Customers',
        route: 'platform.customers',
        order: 321,
        icon: 'account',
        needs: 'customers.read',
      },
      {
        id: 'platform.enquiries',
        label: 'Enquiries',
        route: 'platform.enquiries',
        order: 322,
        // The lifebuoy of Support: the contact form's messages are the shop's own help requests.
        icon: 'support',
        needs: 'enquiries.read',
      },
    ],
  },
  reviews: {
    routes: [
      modulePage(
        '/platform/reviews',
        'platform.reviews',
        'Reviews',
        lazyRouteComponent(() => import('../../../pages/reviews/ReviewsPage'), 'ReviewsPage'),
      ),
    ],
    menu: [
      {
        id: 'platform.reviews',
        label: 'Reviews',
        route: 'platform.reviews',
        order: 323,
        icon: 'star',
        needs: 'reviews.read',
      },
    ],
  },
  domains: {
    routes: [
      modulePage(
        '/platform/domains',
        'platform.domains',
        'Domains',
        lazyRouteComponent(() => import('../../../pages/domains/DomainsPage'), 'DomainsPage'),
      ),
    ],
    menu: [
      {
        id: 'platform.domains',
        label: 'Domains',
        route: 'platform.domains',
        order: 324,
        icon: 'globe',
        needs: 'domains.read',
      },
    ],
  },
  marketing: {
    routes: [
      modulePage(
        '/marketing/subscribers',
        'marketing.subscribers',
        'Subscribers',
        lazyRouteComponent(() => import('../../../pages/mail-subscribers/SubscribersPage'), 'SubscribersPage'),
      ),
      modulePage(
        '/marketing/subscribers/import',
        'marketing.subscribers.import',
        'Import subscribers',
        lazyRouteComponent(() => import('../../../pages/mail-import/ImportSubscribersPage'), 'ImportSubscribersPage'),
      ),
      modulePage(
        '/marketing/subscribers/$subscriberId',
        'marketing.subscribers.view',
        'Subscriber',
        lazyRouteComponent(() => import('../../../pages/mail-subscribers/SubscriberPage'), 'SubscriberPage'),
      ),
      modulePage(
        '/marketing/lists',
        'marketing.lists',
        'Mailing lists',
        lazyRouteComponent(() => import('../../../pages/mail-lists/MailingListsPage'), 'MailingListsPage'),
      ),
      modulePage(
        '/marketing/drafts',
        'marketing.drafts',
        'Drafts',
        lazyRouteComponent(() => import('../../../pages/mail-drafts/DraftsPage'), 'DraftsPage'),
      ),
      modulePage(
        '/marketing/drafts/$draftId',
        'marketing.drafts.view',
        'Draft',
        lazyRouteComponent(() => import('../../../pages/mail-drafts/DraftPage'), 'DraftPage'),
      ),
      modulePage(
        '/marketing/campaigns',
        'marketing.campaigns',
        'Campaigns',
        lazyRouteComponent(() => import('../../../pages/mail-campaigns/CampaignsPage'), 'CampaignsPage'),
      ),
      modulePage(
        '/marketing/campaigns/$campaignId',
        'marketing.campaigns.view',
        'Campaign',
        lazyRouteComponent(() => import('../../../pages/mail-campaigns/CampaignPage'), 'CampaignPage'),
      ),
    ],
    menu: [
      {
        id: 'marketing',
        label: 'Marketing',
        route: 'marketing.subscribers',
        order: 330,
        icon: 'mail',
        needs: 'mail.read',
        children: [
          {
            id: 'marketing.subscribers',
            label: 'Subscribers',
            route: 'marketing.subscribers',
            order: 1,
            needs: 'mail.read',
          },
          { id: 'marketing.lists', label: 'Mailing lists', route: 'marketing.lists', order: 2, needs: 'mail.read' },
          { id: 'marketing.drafts', label: 'Drafts', route: 'marketing.drafts', order: 3, needs: 'mail.read' },
          {
            id: 'marketing.campaigns',
            label: 'Campaigns',
            route: 'marketing.campaigns',
            order: 4,
            needs: 'mail.read',
          },
        ],
      },
    ],
  },
  flows: {
    routes: [
      modulePage(
        '/flows',
        'flows.list',
        'Flows',
        lazyRouteComponent(() => import('../../../pages/flows/FlowsPage'), 'FlowsPage'),
      ),
      modulePage(
        '/flows/$flowId',
        'flows.view',
        'Flow',
        lazyRouteComponent(() => import('../../../pages/flows/FlowPage'), 'FlowPage'),
      ),
    ],
    // Automated mail beside Marketing, whose subscribers it mails.
    menu: [{ id: 'flows.list', label: 'Flows', route: 'flows.list', order: 335, icon: 'bolt', needs: 'flows.read' }],
  },
  platform: {
    routes: [
      modulePage(
        '/platform/payment',
        'platform.payment',
        'Payment account',
        lazyRouteComponent(() => import('../../../pages/payment-account/PaymentAccountPage'), 'PaymentAccountPage'),
      ),
    ],
    menu: [
      {
        id: 'platform.payment',
        label: 'Payment account',
        route: 'platform.payment',
        // Beside Billing (1000 to 1004): money matters together, and out of the phone's bottom bar.
        order: 1005,
        icon: 'wallet',
        needs: 'storefront.manage',
      },
    ],
  },
};

/**
 * A module as the console shows it while installed: its settings page at `/modules/{code}` and an
 * entry under Modules in the project menu. Modules with pages of their own add them to `routes`
 * here (after the settings page), with their menu entries.
 */
export function moduleDefinition(code: string, index: number): ModuleDefinition {
  const name = moduleName(code);
  const extra = extraPages[code];
  const settings: ModuleRoute = {
    path: `/modules/${code}`,
    staticData: {
      name: settingsRouteName(code),
      // "Orders" is the orders' own page once the module has one: its settings say so.
      title: extra ? `${name} settings` : name,
      layout: 'standard',
      user: true,
      project: 'always',
      integration: true,
    },
    component: modulePages[code] ?? settingsPage,
  };
  return {
    code,
    name,
    routes: [settings, ...(extra?.routes ?? [])],
    menu: [
      {
        id: `module.${code}`,
        label: name,
        route: settings.staticData.name,
        order: MODULE_MENU_ORDER + index,
        parent: MODULES_MENU_ID,
      },
      ...(extra?.menu ?? []),
    ],
  };
}

/** Every module the console knows, by code: SPEC.md section 1's registered codes. */
export const moduleDefinitions: readonly ModuleDefinition[] = MODULE_CODES.map((code, index) =>
  code === 'core' ? coreModule : moduleDefinition(code, index),
);
