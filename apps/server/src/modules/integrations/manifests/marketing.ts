import { z } from 'zod';
import type { ModuleManifest } from '../manifest.js';
import { monthly, moduleManifest, optionalMatching } from './builders.js';

export const marketingModules: readonly ModuleManifest[] = [
  moduleManifest({
    code: 'marketing',
    name: 'Mail marketing',
    category: 'marketing',
    description: 'Campaigns, drafts, mailing lists and subscribers, with opens, clicks and purchases per campaign.',
    icon: 'chat',
    dependsOn: ['customers'],
    config: z.object({
      senderName: z
        .string()
        .trim()
        .max(60, 'Keep the sender name under 60 characters.')
        .default('')
        .meta({ title: 'Sender name', description: "Left empty, the project's name is used." }),
      doubleOptIn: z.boolean().default(true).meta({ title: 'Confirm new subscribers by email' }),
    }),
  }),
  moduleManifest({
    code: 'teemail',
    name: 'Teemail',
    category: 'marketing',
    description: 'Order confirmations, shipping updates and basket reminders, sent in your brand.',
    icon: 'bell',
    dependsOn: ['orders'],
    config: z.object({
      basketReminderAfterHours: z
        .number({ error: 'Enter a number of hours.' })
        .int('Enter a whole number of hours.')
        .min(0, 'Use 0 to send no reminders.')
        .max(168, 'Remind within a week (168 hours).')
        .default(24)
        .meta({ title: 'Remind about abandoned baskets after (hours, 0 = never)' }),
    }),
  }),
  moduleManifest({
    code: 'crm',
    name: 'CRM',
    category: 'marketing',
    description: 'Segments, notes, tags and follow-ups on every customer, from first enquiry to repeat order.',
    icon: 'users',
    dependsOn: ['customers'],
    prices: monthly(1_500, 1_700, 1_300),
    config: z.object({
      vipLifetimeValue: z
        .number({ error: 'Enter an amount in minor units (cents, pence).' })
        .int('Enter an amount in minor units (cents, pence).')
        .min(0, 'The amount cannot be negative.')
        .default(50_000)
        .meta({ title: 'Tag customers as VIP from a lifetime value of (minor units)' }),
    }),
  }),
  moduleManifest({
    code: 'productFeed',
    name: 'Product feed',
    category: 'marketing',
    description: 'Publish your catalogue as a feed for Google Merchant Center, Meta and other shopping channels.',
    icon: 'menu',
    dependsOn: ['products'],
    config: z.object({
      includeOutOfStock: z.boolean().default(false).meta({ title: 'Include out-of-stock products' }),
      refreshEveryHours: z
        .number({ error: 'Enter a number of hours.' })
        .int('Enter a whole number of hours.')
        .min(1, 'Refresh at most every hour.')
        .max(24, 'Refresh at least once a day.')
        .default(6)
        .meta({ title: 'Refresh every (hours)' }),
    }),
  }),
  moduleManifest({
    code: 'googleAds',
    name: 'Google Ads',
    category: 'marketing',
    description: 'Run Shopping and Performance Max campaigns from your product feed, with conversions tracked.',
    icon: 'chart',
    dependsOn: ['productFeed'],
    needsSetup: true,
    config: z.object({
      customerId: optionalMatching(/^(\d{3}-\d{3}-\d{4})?$/, 'Enter the customer ID as 123-456-7890.').meta({
        title: 'Google Ads customer ID',
      }),
    }),
  }),
  moduleManifest({
    code: 'facebookPixel',
    name: 'Meta Pixel',
    category: 'marketing',
    description: 'Measure and retarget visits and purchases from Facebook and Instagram ads.',
    icon: 'heart',
    dependsOn: ['website'],
    needsSetup: true,
    config: z.object({
      pixelId: optionalMatching(/^(\d{15,16})?$/, 'A pixel ID has 15 or 16 digits.').meta({ title: 'Pixel ID' }),
    }),
  }),
  moduleManifest({
    code: 'instagramShopping',
    name: 'Instagram Shopping',
    category: 'marketing',
    description: 'Tag products in Instagram posts and stories, from a catalogue kept in step with your feed.',
    icon: 'heart',
    dependsOn: ['productFeed'],
    needsSetup: true,
    config: z.object({
      catalogId: optionalMatching(/^(\d{5,20})?$/, 'A Meta catalogue ID is 5 to 20 digits.').meta({
        title: 'Meta catalogue ID',
      }),
    }),
  }),
  moduleManifest({
    code: 'pinterest',
    name: 'Pinterest',
    category: 'marketing',
    description: 'Turn your catalogue into shoppable Pins and measure sales with the Pinterest tag.',
    icon: 'bookmark',
    dependsOn: ['productFeed'],
    needsSetup: true,
    config: z.object({
      tagId: optionalMatching(/^(\d{10,16})?$/, 'A Pinterest tag ID has 10 to 16 digits.').meta({ title: 'Tag ID' }),
    }),
  }),
  moduleManifest({
    code: 'reviews',
    name: 'Reviews',
    category: 'marketing',
    description: 'Ask buyers for reviews after delivery, moderate them and show star ratings on your products.',
    icon: 'star',
    dependsOn: ['orders'],
    config: z.object({
      requestAfterDays: z
        .number({ error: 'Enter a number of days.' })
        .int('Enter a whole number of days.')
        .min(1, 'Ask at least a day after delivery.')
        .max(60, 'Ask within 60 days of delivery.')
        .default(7)
        .meta({ title: 'Ask for a review after (days)' }),
      publishWithoutModeration: z.boolean().default(false).meta({ title: 'Publish 4 and 5 star reviews at once' }),
    }),
  }),
];
