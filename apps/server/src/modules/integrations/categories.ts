import type { IntegrationCategory } from '@wharf/contract';

/** The store's categories, in the order the store shows them. Every manifest names one of these codes. */
export const moduleCategories = [
  {
    code: 'commerce',
    name: 'Commerce',
    description: 'The foundation of a shop: products, orders, customers, discounts and prices in several currencies.',
  },
  {
    code: 'sales-channels',
    name: 'Sales channels',
    description: 'Stores and marketplaces your catalogue, stock and orders stay in step with.',
  },
  {
    code: 'fulfilment-shipping',
    name: 'Fulfilment and shipping',
    description: 'Print and production partners, warehouses, carriers and the packaging your orders leave in.',
  },
  {
    code: 'marketing',
    name: 'Marketing',
    description: 'Campaigns, product feeds, ads and social shopping that bring customers back.',
  },
  {
    code: 'website',
    name: 'Website',
    description: 'Your storefront, its domain and the finishing touches: banners, redirects, custom code.',
  },
  {
    code: 'operations',
    name: 'Operations',
    description: 'Planning, tasks, goals, automations and the back office that keeps the team on track.',
  },
  {
    code: 'analytics',
    name: 'Analytics',
    description: 'Reports and the measurement tools that show what sells and where visitors come from.',
  },
  {
    code: 'ai',
    name: 'AI',
    description: 'Generated photography, mockups, video, copy and pages for your products.',
  },
  {
    code: 'content',
    name: 'Content',
    description: 'Files, documents, videos, FAQs and product customisers.',
  },
] as const satisfies readonly IntegrationCategory[];

export type ModuleCategoryCode = (typeof moduleCategories)[number]['code'];
