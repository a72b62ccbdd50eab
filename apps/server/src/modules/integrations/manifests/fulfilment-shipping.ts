import { z } from 'zod';
import { baseUrl, basicAuth, bearer } from '../connectors/http.js';
import type { ModuleManifest } from '../manifest.js';
import {
  address,
  carrierSettings,
  connectorManifest,
  fulfilmentSettings,
  monthly,
  moduleManifest,
  oneOff,
  secret,
} from './builders.js';

export const fulfilmentShippingModules: readonly ModuleManifest[] = [
  moduleManifest({
    code: 'fulfillments',
    name: 'Fulfilments',
    category: 'fulfilment-shipping',
    description: 'Route each order to the right fulfiller and follow it until it ships.',
    icon: 'modules',
    dependsOn: ['orders'],
    config: fulfilmentSettings,
  }),
  moduleManifest({
    code: 'warehouse',
    name: 'Warehouse',
    category: 'fulfilment-shipping',
    description: 'Stock locations, bins, picking lists and goods-in for the stock you hold yourself.',
    icon: 'grip',
    dependsOn: ['products'],
    prices: monthly(1_900, 2_100, 1_700),
    config: z.object({
      pickingOrder: z
        .enum(['bin', 'order-date', 'priority'], { error: 'Choose bin, order date or priority.' })
        .default('bin')
        .meta({ title: 'Sort picking lists by' }),
      allowNegativeStock: z.boolean().default(false).meta({ title: 'Allow selling below zero stock' }),
    }),
  }),
  moduleManifest({
    code: 'shipping',
    name: 'Shipping',
    category: 'fulfilment-shipping',
    description: 'Buy and print shipping labels, and send tracking to your customers.',
    icon: 'flag',
    dependsOn: ['orders'],
    config: carrierSettings,
  }),
  moduleManifest({
    code: 'delivery',
    name: 'Delivery rates',
    category: 'fulfilment-shipping',
    description: 'Delivery zones, rates and free-delivery thresholds shown at checkout.',
    icon: 'globe',
    dependsOn: ['orders'],
    config: z.object({
      freeDeliveryFrom: z
        .number({ error: 'Enter an amount in minor units (cents, pence).' })
        .int('Enter an amount in minor units (cents, pence).')
        .min(0, 'The threshold cannot be negative; use 0 to turn it off.')
        .default(0)
        .meta({ title: 'Free delivery from (minor units, 0 = never)' }),
      showDeliveryEstimate: z.boolean().default(true).meta({ title: 'Show the estimated delivery date' }),
    }),
  }),
  connectorManifest({
    code: 'thirdPartyLogistics',
    name: 'Third-party logistics',
    category: 'fulfilment-shipping',
    description: 'Hand orders to your 3PL warehouse through its API and receive stock and tracking back.',
    icon: 'modules',
    dependsOn: ['fulfillments', 'warehouse'],
    prices: monthly(2_900, 3_200, 2_500),
    config: fulfilmentSettings,
    credentials: z.object({
      apiUrl: address("Enter your 3PL's API address, such as https://api.my3pl.example."),
      apiKey: secret('Enter the API key your 3PL gave you.'),
    }),
    test: { provider: '3PL', url: (c) => `${baseUrl(c.apiUrl)}/ping`, headers: (c) => bearer(c.apiKey) },
  }),
  connectorManifest({
    code: 'shipstation',
    name: 'ShipStation',
    category: 'fulfilment-shipping',
    description: 'Send orders to ShipStation to compare carriers and print labels; tracking comes back.',
    icon: 'flag',
    dependsOn: ['shipping'],
    config: carrierSettings,
    credentials: z.object({
      apiKey: secret('Enter the ShipStation API key.'),
      apiSecret: secret('Enter the ShipStation API secret.'),
    }),
    test: {
      url: () => 'https://ssapi.shipstation.com/stores',
      headers: (c) => ({ Authorization: basicAuth(c.apiKey, c.apiSecret) }),
    },
  }),
  connectorManifest({
    code: 'shiprocket',
    name: 'Shiprocket',
    category: 'fulfilment-shipping',
    description: 'Ship across India with Shiprocket: courier choice, labels, cash on delivery and tracking.',
    icon: 'flag',
    dependsOn: ['shipping'],
    config: carrierSettings,
    credentials: z.object({ apiToken: secret('Enter the token of your Shiprocket API user.') }),
    test: {
      url: () => 'https://apiv2.shiprocket.in/v1/external/settings/company/pickup',
      headers: (c) => bearer(c.apiToken),
    },
  }),
  connectorManifest({
    code: 'shipmate',
    name: 'Shipmate',
    category: 'fulfilment-shipping',
    description: 'Print UK carrier labels through Shipmate and send tracking to your customers.',
    icon: 'flag',
    dependsOn: ['shipping'],
    config: carrierSettings,
    credentials: z.object({ apiToken: secret('Enter the Shipmate API token.') }),
    test: {
      url: () => 'https://api.shipmate.co.uk/v1.2/services',
      headers: (c) => ({ 'X-SHIPMATE-TOKEN': c.apiToken ?? '' }),
    },
  }),
  connectorManifest({
    code: 'printify',
    name: 'Printify',
    category: 'fulfilment-shipping',
    description: 'Have Printify print and ship your print-on-demand orders.',
    icon: 'bolt',
    dependsOn: ['fulfillments'],
    config: fulfilmentSettings,
    credentials: z.object({ apiToken: secret('Enter a Printify personal access token.') }),
    test: { url: () => 'https://api.printify.com/v1/shops.json', headers: (c) => bearer(c.apiToken) },
  }),
  connectorManifest({
    code: 'gelato',
    name: 'Gelato',
    category: 'fulfilment-shipping',
    description: 'Print locally in 30+ countries with Gelato: orders out, tracking back.',
    icon: 'globe',
    dependsOn: ['fulfillments'],
    config: fulfilmentSettings,
    credentials: z.object({ apiKey: secret('Enter the Gelato API key.') }),
    test: {
      url: () => 'https://product.gelatoapis.com/v3/catalogs',
      headers: (c) => ({ 'X-API-KEY': c.apiKey ?? '' }),
    },
  }),
  connectorManifest({
    code: 'ochre',
    name: 'Ochre',
    category: 'fulfilment-shipping',
    description: 'Send print and production jobs to Ochre and follow them through to dispatch.',
    icon: 'bolt',
    dependsOn: ['fulfillments'],
    config: fulfilmentSettings,
    credentials: z.object({
      // The address is a setting because Ochre gives each account its own API host.
      apiUrl: address('Enter the Ochre API address from your account, such as https://api.ochre.io.').default(
        'https://api.ochre.io',
      ),
      apiKey: secret('Enter the Ochre API key.'),
    }),
    test: { url: (c) => `${baseUrl(c.apiUrl)}/v1/account`, headers: (c) => bearer(c.apiKey) },
  }),
  moduleManifest({
    code: 'resupply',
    name: 'Resupply',
    category: 'fulfilment-shipping',
    description: 'Reorder blanks and consumables from your suppliers with a basket, and track deliveries in.',
    icon: 'basket',
    dependsOn: ['products'],
    config: z.object({
      reorderWhenBelow: z
        .number({ error: 'Enter a number of items.' })
        .int('Enter a whole number of items.')
        .min(0, 'The level cannot be negative.')
        .max(100_000, 'Use at most 100000 items.')
        .default(10)
        .meta({ title: 'Suggest reordering below (items)' }),
    }),
  }),
  connectorManifest({
    code: 'ralawise',
    name: 'Ralawise',
    category: 'fulfilment-shipping',
    description: "Order blank garments from Ralawise's catalogue with live stock, straight from your resupply basket.",
    icon: 'basket',
    dependsOn: ['resupply'],
    config: z.object({
      accountNumber: z
        .string()
        .trim()
        .regex(/^[A-Z0-9]{0,12}$/, 'Use your Ralawise account number: up to 12 capital letters or digits.')
        .default('')
        .meta({ title: 'Ralawise account number' }),
    }),
    credentials: z.object({
      apiUrl: address('Enter the Ralawise API address, such as https://api.ralawise.com.').default(
        'https://api.ralawise.com',
      ),
      apiKey: secret('Enter the Ralawise API key.'),
    }),
    test: { url: (c) => `${baseUrl(c.apiUrl)}/v1/account`, headers: (c) => bearer(c.apiKey) },
  }),
  moduleManifest({
    code: 'gfn',
    name: 'GFN',
    category: 'fulfilment-shipping',
    description: 'The Global Fulfilment Network: production and dispatch from the partner closest to each customer.',
    icon: 'globe',
    dependsOn: ['fulfillments', 'shipping'],
    prices: monthly(990, 1_100, 890),
    config: fulfilmentSettings,
    products: [
      {
        slug: 'labels-100',
        name: '100 shipping labels',
        description: 'Prepaid tracked labels for 100 parcels through the network.',
        prices: oneOff(4_900, 5_400, 4_200),
      },
      {
        slug: 'labels-500',
        name: '500 shipping labels',
        description: 'Prepaid tracked labels for 500 parcels, at a lower price per label.',
        prices: oneOff(19_900, 21_900, 17_500),
      },
    ],
  }),
  moduleManifest({
    code: 'inserts',
    name: 'Inserts',
    category: 'fulfilment-shipping',
    description: 'Add flyers, thank-you cards and samples to parcels, by rule or by order.',
    icon: 'bookmark',
    dependsOn: ['fulfillments'],
    config: z.object({
      maxPerParcel: z
        .number({ error: 'Enter a number of inserts.' })
        .int('Enter a whole number of inserts.')
        .min(1, 'Allow at least one insert per parcel.')
        .max(5, 'Use at most 5 inserts per parcel.')
        .default(1)
        .meta({ title: 'Inserts per parcel' }),
    }),
  }),
  moduleManifest({
    code: 'customPackaging',
    name: 'Custom packaging',
    category: 'fulfilment-shipping',
    description: 'Ship in your own branded mailers, boxes and tissue paper.',
    icon: 'modules',
    dependsOn: ['fulfillments'],
    config: z.object({
      useByDefault: z.boolean().default(true).meta({ title: 'Use branded packaging for every order' }),
    }),
    products: [
      {
        slug: 'sample-kit',
        name: 'Sample kit',
        description: 'One of each mailer and box size, printed with your logo.',
        prices: oneOff(2_500, 2_900, 2_200),
      },
    ],
  }),
];
