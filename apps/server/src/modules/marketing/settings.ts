import type { Executor } from '../../core/db/database.js';
import type { MarketingNeeds } from './deps.js';
import { marketingNotInstalled } from './module-guard.js';

/** The Marketing module's settings this module reads (integrations/manifests/marketing.ts). */
export interface MarketingSettings {
  senderName: string;
  doubleOptIn: boolean;
}

function settingsFrom(config: Record<string, unknown>): MarketingSettings {
  return {
    senderName: typeof config.senderName === 'string' ? config.senderName.trim() : '',
    // The manifest's default: a form's sign-up is confirmed by mail unless the project turned it off.
    doubleOptIn: config.doubleOptIn !== false,
  };
}

export async function marketingSettings(
  needs: Pick<MarketingNeeds, 'integrations'>,
  db: Executor,
  projectId: string,
): Promise<MarketingSettings> {
  return settingsFrom((await needs.integrations.configOf(db, projectId, 'marketing')) ?? {});
}

/**
 * The settings, refused as `assertMarketing` does where the module is not installed: one read
 * where a call needs both (the module's settings exist only while it is installed).
 */
export async function installedMarketingSettings(
  needs: Pick<MarketingNeeds, 'integrations'>,
  db: Executor,
  projectId: string,
): Promise<MarketingSettings> {
  const config = await needs.integrations.configOf(db, projectId, 'marketing');
  if (!config) throw marketingNotInstalled();
  return settingsFrom(config);
}
