import { z } from 'zod';
import { baseUrl, bearer } from '../connectors/http.js';
import type { ModuleManifest } from '../manifest.js';
import { address, connectorManifest, moduleManifest, optionalMatching, secret } from './builders.js';

export const contentModules: readonly ModuleManifest[] = [
  moduleManifest({
    code: 'drive',
    name: 'Drive',
    category: 'content',
    description: 'Files and folders for the whole team: artwork, photos, documents, with metadata and sync.',
    icon: 'projects',
  }),
  moduleManifest({
    code: 'docs',
    name: 'Docs',
    category: 'content',
    description: 'Write and share the team’s documents and how-to guides, stored in the drive.',
    icon: 'bookmark',
    dependsOn: ['drive'],
  }),
  moduleManifest({
    code: 'faqs',
    name: 'FAQs',
    category: 'content',
    description: 'Frequently asked questions for your website, grouped by topic.',
    icon: 'support',
    dependsOn: ['website'],
    config: z.object({
      showOnProductPages: z.boolean().default(false).meta({ title: 'Show related questions on product pages' }),
    }),
  }),
  moduleManifest({
    code: 'youtube',
    name: 'YouTube',
    category: 'content',
    description: "Show your channel's videos on your website and tag products in them.",
    icon: 'sun',
    // The channel is linked in the set-up step.
    needsSetup: true,
    config: z.object({
      channelId: optionalMatching(
        /^(UC[A-Za-z0-9_-]{22})?$/,
        'A channel ID starts with UC and has 24 characters.',
      ).meta({ title: 'Channel ID' }),
    }),
  }),
  moduleManifest({
    code: 'customStudio',
    name: 'Custom studio',
    category: 'content',
    description: 'Let customers personalise products with their own text and images, with a live preview.',
    icon: 'plus',
    dependsOn: ['products'],
    config: z.object({
      maxUploadMb: z
        .number({ error: 'Enter a size in MB.' })
        .int('Enter a whole number of MB.')
        .min(1, 'Allow uploads of at least 1 MB.')
        .max(50, 'Allow uploads of at most 50 MB.')
        .default(10)
        .meta({ title: 'Largest customer upload (MB)' }),
    }),
  }),
  connectorManifest({
    code: 'kickflip',
    name: 'Kickflip',
    category: 'content',
    description: 'Bring in Kickflip 3D product customisers, with each customer design attached to its order.',
    icon: 'plus',
    dependsOn: ['products', 'orders'],
    credentials: z.object({
      apiUrl: address('Enter the Kickflip API address, such as https://api.gokickflip.com.').default(
        'https://api.gokickflip.com',
      ),
      apiKey: secret('Enter the Kickflip API key.'),
    }),
    test: { url: (c) => `${baseUrl(c.apiUrl)}/v1/me`, headers: (c) => bearer(c.apiKey) },
  }),
];
