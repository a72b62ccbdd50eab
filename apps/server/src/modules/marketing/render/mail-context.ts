import type { Executor } from '../../../core/db/database.js';
import { findProject } from '../../projects/read-models.js';
import type { MarketingNeeds } from '../deps.js';
import { marketingSettings } from '../subscribers/consent.js';
import type { MailContext } from './compile.js';

/** Who a project's mails are from (the module's sender name, else the project's) and the project's name. */
export async function mailContextOf(
  needs: Pick<MarketingNeeds, 'integrations'>,
  db: Executor,
  projectId: string,
): Promise<MailContext> {
  const [settings, project] = await Promise.all([marketingSettings(needs, db, projectId), findProject(db, projectId)]);
  const projectName = project?.name ?? '';
  return { senderName: settings.senderName || projectName, projectName };
}
