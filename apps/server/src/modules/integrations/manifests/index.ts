import type { ModuleManifest } from '../manifest.js';
import { aiModules } from './ai.js';
import { analyticsModules } from './analytics.js';
import { commerceModules } from './commerce.js';
import { contentModules } from './content.js';
import { fulfilmentShippingModules } from './fulfilment-shipping.js';
import { marketingModules } from './marketing.js';
import { operationsModules } from './operations.js';
import { salesChannelModules } from './sales-channels.js';
import { websiteModules } from './website.js';

/** Every module manifest, grouped by category file. The registry checks there is exactly one per code. */
export const allManifests: readonly ModuleManifest[] = [
  ...commerceModules,
  ...salesChannelModules,
  ...fulfilmentShippingModules,
  ...marketingModules,
  ...websiteModules,
  ...operationsModules,
  ...analyticsModules,
  ...aiModules,
  ...contentModules,
];
