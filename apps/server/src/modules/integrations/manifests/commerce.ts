import { z } from 'zod';
import type { ModuleManifest } from '../manifest.js';
import { monthly, moduleManifest, oneOff, optionalMatching } from './builders.js';

const currencyCode = z
  .string({ error: 'Use an ISO 4217 code such as EUR.' })
  .regex(/^[A-Z]{3}$/, 'Use an ISO 4217 code such as EUR.');

export const commerceModules: readonly ModuleManifest[] = [
  moduleManifest({
    code: 'core',
    name: 'Core',
    category: 'commerce',
    description: "The console's foundation: the project, its team, roles, notifications and support.",
    icon: 'dashboard',
  }),
  moduleManifest({
    code: 'products',
    name: 'Products',
    category: 'commerce',
    description: 'Your catalogue: products, variants, prices, images and stock levels in one place.',
    icon: 'basket',
    config: z.object({
      weightUnit: z
        .enum(['g', 'kg', 'oz', 'lb'], { error: 'Choose g, kg, oz or lb.' })
        .default('g')
        .meta({ title: 'Weight unit' }),
      trackStock: z.boolean().default(true).meta({ title: 'Track stock' }),
      lowStockThreshold: z
        .number({ error: 'Enter a number of items.' })
        .int('Enter a whole number of items.')
        .min(0, 'The threshold cannot be negative.')
        .max(100_000, 'Use at most 100000 items.')
        .default(5)
        .meta({ title: 'Warn when stock falls to' }),
    }),
  }),
  moduleManifest({
    code: 'orders',
    name: 'Orders',
    category: 'commerce',
    description: 'Every order from every channel, with payments, refunds and status from new to complete.',
    icon: 'billing',
    dependsOn: ['products'],
    config: z.object({
      numberPrefix: optionalMatching(/^[A-Z0-9-]{0,8}$/, 'Use up to 8 capital letters, digits or hyphens.').meta({
        title: 'Order number prefix',
      }),
      completeDigitalOrders: z.boolean().default(true).meta({ title: 'Complete digital orders once paid' }),
    }),
  }),
  moduleManifest({
    code: 'customers',
    name: 'Customers',
    category: 'commerce',
    description: 'Customer profiles with order history, lifetime value and enquiries.',
    icon: 'users',
    config: z.object({
      mergeGuestsByEmail: z.boolean().default(true).meta({ title: 'Merge guest checkouts by email address' }),
    }),
  }),
  moduleManifest({
    code: 'discounts',
    name: 'Discounts',
    category: 'commerce',
    description: 'Discount codes, automatic offers and free shipping thresholds.',
    icon: 'star',
    dependsOn: ['orders'],
    config: z.object({
      allowStacking: z.boolean().default(false).meta({ title: 'Allow several codes on one order' }),
      maxPercent: z
        .number({ error: 'Enter a percentage.' })
        .int('Enter a whole percentage.')
        .min(1, 'The largest discount must be at least 1%.')
        .max(100, 'A discount cannot exceed 100%.')
        .default(100)
        .meta({ title: 'Largest discount allowed (%)' }),
    }),
  }),
  moduleManifest({
    code: 'currencies',
    name: 'Currencies',
    category: 'commerce',
    description: 'Show and charge prices in several currencies, with rounding rules per currency.',
    icon: 'globe',
    dependsOn: ['products'],
    config: z.object({
      baseCurrency: currencyCode.default('EUR').meta({ title: 'Base currency' }),
      displayed: z
        .array(currencyCode)
        .min(1, 'Show at least one currency.')
        .max(20, 'Show at most 20 currencies.')
        .default(['EUR', 'USD', 'GBP'])
        .meta({ title: 'Currencies shown' }),
      rounding: z
        .enum(['none', 'ninety-nine', 'whole'], { error: 'Choose none, .99 or whole amounts.' })
        .default('none')
        .meta({ title: 'Round converted prices' }),
    }),
  }),
  moduleManifest({
    code: 'gtins',
    name: 'GTIN barcodes',
    category: 'commerce',
    description: 'Assign GTIN (EAN/UPC) barcodes to your variants, from your GS1 prefix or from packs bought here.',
    icon: 'grip',
    dependsOn: ['products'],
    config: z.object({
      gs1Prefix: optionalMatching(/^(\d{6,11})?$/, 'A GS1 company prefix has 6 to 11 digits.').meta({
        title: 'GS1 company prefix',
      }),
    }),
    products: [
      {
        slug: 'pack-10',
        name: '10 GTINs',
        description: 'Ten registered barcodes, assigned as you need them.',
        prices: oneOff(1_500, 1_700, 1_300),
      },
      {
        slug: 'pack-100',
        name: '100 GTINs',
        description: 'A hundred registered barcodes for a growing catalogue.',
        prices: oneOff(9_900, 10_900, 8_500),
      },
    ],
  }),
  moduleManifest({
    code: 'platform',
    name: 'Platform',
    category: 'commerce',
    description:
      'Run a platform of your own: its domains, payment account, orders, customers, enquiries, reviews and terms.',
    icon: 'projects',
    dependsOn: ['orders', 'customers'],
    prices: monthly(4_900, 5_400, 4_200),
    // The platform takes payments only once its payment account is connected.
    needsSetup: true,
    config: z.object({
      publicSignup: z.boolean().default(false).meta({ title: 'Let anyone create a project' }),
      commissionPercent: z
        .number({ error: 'Enter a percentage.' })
        .min(0, 'The commission cannot be negative.')
        .max(50, 'The commission can be at most 50%.')
        .default(0)
        .meta({ title: 'Commission on orders (%)' }),
    }),
  }),
];
