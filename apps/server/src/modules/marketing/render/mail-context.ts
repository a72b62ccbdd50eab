import type { Executor } from '../../../core/db/database.js';
import { findProject } from '../../projects/read-models.js';
import type { MarketingNeeds } from '../deps.js';
import { marketingSettings, type MarketingSettings } from '../settings.js';
import type { MailContext } from './compile.js';

/**
 * Who a project's mails are from and the project's name: the module's sender name, else the
 * project's. The one place this rule is written (confirmation mails, drafts, campaigns, flows).
 */
export async function mailContextFrom(
  db: Executor,
  projectId: string,
  settings?: Pick<MarketingSettings, 'senderName'>,
): Promise<MailContext> {
  const projectName = (await findProject(db, projectId))?.name ?? '';
  return { senderName: settings?.senderName || projectName, projectName };
}

/** The mail context with the module's settings read here. */
export async function mailContextOf(
  needs: Pick<MarketingNeeds, 'integrations'>,
  db: Executor,
  projectId: string,
): Promise<MailContext> {
  return mailContextFrom(db, projectId, await marketingSettings(needs, db, projectId));
}
