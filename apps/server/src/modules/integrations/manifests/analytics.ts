import { z } from 'zod';
import type { ModuleManifest } from '../manifest.js';
import { monthly, moduleManifest, optionalMatching } from './builders.js';

export const analyticsModules: readonly ModuleManifest[] = [
  moduleManifest({
    code: 'reports',
    name: 'Reports',
    category: 'analytics',
    description: 'Sales, margin, product and channel reports, scheduled to your inbox.',
    icon: 'chart',
    dependsOn: ['orders'],
    prices: monthly(900, 1_000, 800),
    config: z.object({
      weeklyDigest: z.boolean().default(true).meta({ title: 'Email a weekly summary' }),
    }),
  }),
  moduleManifest({
    code: 'googleAnalytics',
    name: 'Google Analytics',
    category: 'analytics',
    description: 'Send visits and ecommerce events from your website to Google Analytics 4.',
    icon: 'chart',
    dependsOn: ['website'],
    needsSetup: true,
    config: z.object({
      measurementId: optionalMatching(/^(G-[A-Z0-9]{4,12})?$/, 'Enter the measurement ID, such as G-ABC123XYZ9.').meta({
        title: 'Measurement ID',
      }),
      anonymiseIp: z.boolean().default(true).meta({ title: 'Anonymise visitor IP addresses' }),
    }),
  }),
  moduleManifest({
    code: 'googleSearchConsole',
    name: 'Google Search Console',
    category: 'analytics',
    description: 'Verify your site with Google, submit its sitemap and see the searches that find you.',
    icon: 'search',
    dependsOn: ['website'],
    needsSetup: true,
    config: z.object({
      verificationToken: optionalMatching(
        /^([A-Za-z0-9_-]{20,100})?$/,
        'Paste the content value of the google-site-verification tag.',
      ).meta({ title: 'Verification token' }),
    }),
  }),
];
