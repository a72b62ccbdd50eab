import type { ModuleCode } from '@wharf/contract';
import { z } from 'zod';
import { httpConnector, type HttpConnectorOptions } from '../connectors/http.js';
import type { ModuleCategoryCode } from '../categories.js';
import type { ModuleHooks, ModuleManifest, ModuleProduct } from '../manifest.js';

/** A monthly price in minor units, in the order billing's plans use: EUR, USD, GBP. */
export const monthly = (eur: number, usd: number, gbp: number): ModuleManifest['prices'] => [
  { currency: 'EUR', monthlyAmount: eur },
  { currency: 'USD', monthlyAmount: usd },
  { currency: 'GBP', monthlyAmount: gbp },
];

/** A one-off product price in minor units: EUR, USD, GBP. */
export const oneOff = (eur: number, usd: number, gbp: number): ModuleProduct['prices'] => [
  { currency: 'EUR', amount: eur },
  { currency: 'USD', amount: usd },
  { currency: 'GBP', amount: gbp },
];

/** The settings of a module that has none: an empty object, so `{}` is its whole configuration. */
export const noSettings = z.object({});

/** A text setting that may stay empty until the module is set up, but must match `pattern` once filled in. */
export const optionalMatching = (pattern: RegExp, message: string) =>
  z.string().trim().max(200, message).regex(pattern, message).default('');

/** A required credential: missing, empty or too long all get the same plain instruction. */
export const secret = (message: string) => z.string({ error: message }).trim().min(1, message).max(2000, message);

/** A required https address: credentials are sent to it, so never over plain http. */
export const address = (message: string) => z.url({ protocol: /^https$/, error: message }).max(2000, message);

/** What a module is, with the commonest values filled in: free, no dependencies, no settings, no set-up step. */
export interface ModuleInput {
  code: ModuleCode;
  name: string;
  category: ModuleCategoryCode;
  description: string;
  icon: string;
  dependsOn?: readonly ModuleCode[];
  prices?: ModuleManifest['prices'];
  needsSetup?: boolean;
  config?: z.ZodObject;
  products?: readonly ModuleProduct[];
  hooks?: ModuleHooks;
}

export function moduleManifest(input: ModuleInput): ModuleManifest {
  return {
    dependsOn: [],
    prices: [],
    needsSetup: false,
    config: noSettings,
    ...input,
  };
}

/**
 * A third-party connector: it keeps credentials, offers Test connection through one authenticated
 * GET, and always needs its set-up step (the credentials). The provider's name in messages is the
 * module's name unless `provider` says otherwise.
 */
export interface ConnectorInput extends Omit<ModuleInput, 'needsSetup'> {
  credentials: z.ZodObject;
  test: Omit<HttpConnectorOptions, 'provider'> & { provider?: string };
}

export function connectorManifest({ credentials, test, ...input }: ConnectorInput): ModuleManifest {
  return {
    ...moduleManifest({ ...input, needsSetup: true }),
    connector: { credentials, adapter: httpConnector({ provider: input.name, ...test }) },
  };
}

/** How often a sales channel syncs, and what: shared by every store and marketplace connector. */
export const storeSyncSettings = z.object({
  importProducts: z.boolean().default(true).meta({ title: 'Import products' }),
  importOrders: z.boolean().default(true).meta({ title: 'Import orders' }),
  syncStock: z.boolean().default(true).meta({ title: 'Keep stock levels in step' }),
  syncEveryMinutes: z
    .number({ error: 'Enter how often to sync, in minutes.' })
    .int('Enter a whole number of minutes.')
    .min(5, 'Sync at most every 5 minutes.')
    .max(1440, 'Sync at least once a day (1440 minutes).')
    .default(60)
    .meta({ title: 'Sync every (minutes)' }),
});

/** What a fulfilment partner does with new orders: shared by print-on-demand and logistics connectors. */
export const fulfilmentSettings = z.object({
  submitOrdersAutomatically: z.boolean().default(true).meta({ title: 'Send paid orders automatically' }),
  holdOrdersForHours: z
    .number({ error: 'Enter how long to hold orders, in hours.' })
    .int('Enter a whole number of hours.')
    .min(0, 'The hold cannot be negative.')
    .max(72, 'Hold orders for at most 72 hours.')
    .default(0)
    .meta({ title: 'Hold orders before sending (hours)', description: 'Time to edit or cancel an order first.' }),
});

/** How a carrier connector buys labels: shared by the shipping connectors. */
export const carrierSettings = z.object({
  createLabelsAutomatically: z.boolean().default(false).meta({ title: 'Buy labels when orders are paid' }),
  labelFormat: z
    .enum(['pdf-a4', 'pdf-4x6', 'zpl'], { error: 'Choose A4 PDF, 4×6 PDF or ZPL.' })
    .default('pdf-4x6')
    .meta({ title: 'Label format' }),
});
