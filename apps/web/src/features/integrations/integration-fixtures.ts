import { MODULE_CODES, type Integration, type IntegrationInstallation, type IntegrationListing } from '@wharf/contract';
import {
  apiError,
  fakeProject,
  json,
  listPage,
  projectPageApi,
  type FakeCall,
  type FakeProject,
  type FakeRoutes,
} from '../../test/fake-api';

/** A module of the catalogue (GET /v1/integrations): free, no dependencies, one text setting. */
export function integrationFixture(code: Integration['code'], fields: Partial<Integration> = {}): Integration {
  return {
    code,
    name: code.charAt(0).toUpperCase() + code.slice(1),
    category: 'tools',
    description: `What ${code} does for a shop.`,
    icon: 'modules',
    dependsOn: [],
    prices: [],
    needsSetup: false,
    connector: false,
    configSchema: {
      type: 'object',
      properties: { note: { type: 'string', maxLength: 40 } },
      additionalProperties: false,
    },
    credentialsSchema: null,
    ...fields,
  };
}

export function listingFixture(integration: Integration, fields: Partial<IntegrationListing> = {}): IntegrationListing {
  const n = MODULE_CODES.indexOf(integration.code) + 1;
  return {
    id: `11570000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    code: integration.code,
    visible: true,
    sortOrder: 1000,
    integration,
    installed: false,
    ...fields,
  };
}

export function installationFixture(code: string, fields: Partial<IntegrationInstallation> = {}) {
  return {
    code,
    config: {},
    setupAt: null,
    installedAt: '2026-11-01T10:00:00.000Z',
    uninstalledAt: null,
    hasCredentials: false,
    ...fields,
  } as IntegrationInstallation;
}

/** A connector with every kind of setting, set up first, with credentials: the settings page's module. */
export const shopifyFixture = integrationFixture('shopify', {
  name: 'Shopify',
  category: 'sales-channels',
  description: 'Sync products and orders with a Shopify shop.\nOrders arrive every five minutes.',
  icon: 'basket',
  dependsOn: ['orders', 'products'],
  prices: [
    { currency: 'EUR', monthlyAmount: 900 },
    { currency: 'GBP', monthlyAmount: 800 },
  ],
  needsSetup: true,
  connector: true,
  configSchema: {
    type: 'object',
    properties: {
      shopUrl: { type: 'string', format: 'uri', title: 'Shop address', description: 'Your shop’s web address.' },
      contactEmail: { type: 'string', format: 'email' },
      syncMinutes: { type: 'integer', minimum: 5, maximum: 60, default: 15 },
      markup: { type: 'number', minimum: 0, errorMessage: { minimum: 'Markup cannot be negative.' } },
      importDrafts: { type: 'boolean', default: false },
      mode: { type: 'string', enum: ['live', 'test'], default: 'live' },
    },
    required: ['shopUrl', 'syncMinutes'],
    additionalProperties: false,
  },
  credentialsSchema: {
    type: 'object',
    properties: { accessToken: { type: 'string', minLength: 10, title: 'Access token' } },
    required: ['accessToken'],
  },
});

export const ordersFixture = integrationFixture('orders', { name: 'Orders', category: 'commerce' });
export const productsFixture = integrationFixture('products', { name: 'Products', category: 'commerce' });
export const reviewsFixture = integrationFixture('reviews', {
  name: 'Reviews',
  category: 'marketing',
  dependsOn: ['orders'],
});

export const categoriesFixture = [
  { code: 'sales-channels', name: 'Sales channels', description: 'Where you sell.' },
  { code: 'commerce', name: 'Commerce', description: 'Orders and products.' },
  { code: 'marketing', name: 'Marketing', description: 'Bring people back.' },
];

export const catalogueFixture = [shopifyFixture, ordersFixture, productsFixture, reviewsFixture];

export interface StoreApiOptions {
  /** Codes installed at the start. */
  installed?: string[];
  /** What the project has of each installed module (settings page). */
  installations?: Record<string, Partial<IntegrationInstallation>>;
  held?: string[];
  routes?: FakeRoutes;
  project?: Partial<FakeProject>;
}

/**
 * The API of a project's module store, keeping state as the server would: installing a module
 * installs its dependencies first and lists them in GET /v1/projects; uninstalling is refused, in
 * the server's words, while an installed module depends on it.
 */
export function storeApi(options: StoreApiOptions = {}) {
  const installed = new Set(options.installed ?? ['core']);
  const catalogue = new Map(catalogueFixture.map((i) => [i.code as string, i]));
  const project = () =>
    fakeProject(1, {
      settings: { currency: 'EUR' },
      ...options.project,
      integrations: [...installed].map((code) => ({ code })),
    });
  const codeOf = (call: FakeCall) => decodeURIComponent(call.path.split('/').at(-1) ?? '');
  const base = `/v1/projects/${project().id}/integrations`;
  const install = (code: string) => {
    for (const dependency of catalogue.get(code)?.dependsOn ?? []) install(dependency);
    installed.add(code);
  };
  const perCode: FakeRoutes = {};
  for (const code of catalogue.keys()) {
    perCode[`POST ${base}/${code}`] = () => {
      install(code);
      return json(201, installationFixture(code));
    };
    perCode[`DELETE ${base}/${code}`] = (call) => {
      const needing = [...installed].filter((c) => catalogue.get(c)?.dependsOn.includes(codeOf(call) as never));
      if (needing.length > 0)
        return apiError(
          409,
          'INTEGRATION_NEEDED',
          `${code} is needed by ${needing.join(', ')}; uninstall those first.`,
        );
      installed.delete(code);
      return new Response(null, { status: 204 });
    };
    perCode[`GET ${base}/${code}`] = () =>
      installed.has(code)
        ? json(200, installationFixture(code, options.installations?.[code]))
        : apiError(404, 'NOT_FOUND', `Integration ${code} not found`);
  }
  const listings = () => catalogueFixture.map((i) => listingFixture(i, { installed: installed.has(i.code) }));
  const api = projectPageApi(
    options.held ?? ['integrations.read', 'integrations.manage'],
    {
      'GET /v1/projects': () => json(200, [project()]),
      'GET /v1/integrations': () => json(200, catalogueFixture),
      'GET /v1/integrations/categories': () => json(200, categoriesFixture),
      'GET /v1/integrations/listings': () => listPage(listings()),
      ...perCode,
      ...options.routes,
    },
    project(),
  );
  return { ...api, installed, project, base };
}
