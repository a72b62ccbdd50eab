import { z } from 'zod';
import type { ModuleManifest } from '../manifest.js';
import { monthly, moduleManifest, oneOff } from './builders.js';

const creditPack = (credits: number, eur: number, usd: number, gbp: number) => ({
  slug: `credits-${credits}`,
  name: `${credits.toLocaleString('en-GB')} AI credits`,
  description: `${credits.toLocaleString('en-GB')} credits for generated photos, mockups and video. They do not expire.`,
  prices: oneOff(eur, usd, gbp),
});

const tone = z
  .enum(['friendly', 'professional', 'playful'], { error: 'Choose a friendly, professional or playful tone.' })
  .default('friendly')
  .meta({ title: 'Tone of voice' });

export const aiModules: readonly ModuleManifest[] = [
  moduleManifest({
    code: 'aiStudio',
    name: 'AI studio',
    category: 'ai',
    description:
      'Photoshoots for your products without a studio: scenes, models and backgrounds generated from one photo.',
    icon: 'sun',
    // It starts from a product's photos and saves its results to the drive.
    dependsOn: ['products', 'drive'],
    prices: monthly(1_900, 2_100, 1_700),
    config: z.object({
      imagesPerRequest: z
        .number({ error: 'Enter a number of images.' })
        .int('Enter a whole number of images.')
        .min(1, 'Generate at least one image.')
        .max(8, 'Generate at most 8 images at a time.')
        .default(4)
        .meta({ title: 'Images per request' }),
      saveToDrive: z.boolean().default(true).meta({ title: 'Save results to the drive' }),
    }),
    products: [
      creditPack(100, 900, 1_000, 800),
      creditPack(500, 3_900, 4_300, 3_400),
      creditPack(2_000, 12_900, 14_200, 11_200),
    ],
  }),
  moduleManifest({
    code: 'aiMockups',
    name: 'AI mockups',
    category: 'ai',
    description: 'Put your designs on garments, mugs and posters as realistic mockups for your listings.',
    icon: 'star',
    dependsOn: ['products', 'drive'],
    config: z.object({
      background: z
        .enum(['white', 'transparent', 'lifestyle'], { error: 'Choose a white, transparent or lifestyle background.' })
        .default('white')
        .meta({ title: 'Background' }),
    }),
  }),
  moduleManifest({
    code: 'aiVideo',
    name: 'AI video',
    category: 'ai',
    description: 'Short product videos for social and listings, generated from your product photos.',
    icon: 'bolt',
    dependsOn: ['products', 'drive'],
    prices: monthly(2_900, 3_200, 2_500),
    config: z.object({
      lengthSeconds: z
        .number({ error: 'Enter a length in seconds.' })
        .int('Enter a whole number of seconds.')
        .min(5, 'Make videos at least 5 seconds long.')
        .max(60, 'Make videos at most 60 seconds long.')
        .default(15)
        .meta({ title: 'Length (seconds)' }),
      aspectRatio: z
        .enum(['9:16', '1:1', '16:9'], { error: 'Choose 9:16, 1:1 or 16:9.' })
        .default('9:16')
        .meta({ title: 'Aspect ratio' }),
    }),
  }),
  moduleManifest({
    code: 'aiSeo',
    name: 'AI SEO',
    category: 'ai',
    description: 'Titles, meta descriptions and alt text written for every product and page.',
    icon: 'search',
    dependsOn: ['website'],
    config: z.object({ tone, overwriteExisting: z.boolean().default(false).meta({ title: 'Rewrite existing text' }) }),
  }),
  moduleManifest({
    code: 'aiBuilder',
    name: 'AI site builder',
    category: 'ai',
    description: 'Describe your shop and get a first website: pages, copy and layout to edit from.',
    icon: 'modules',
    dependsOn: ['website'],
    config: z.object({ tone }),
  }),
];
