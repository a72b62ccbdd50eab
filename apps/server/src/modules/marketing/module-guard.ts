import type { Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import type { MarketingNeeds } from './deps.js';

export const marketingNotInstalled = () =>
  new AppError(403, 'MODULE_NOT_INSTALLED', 'Install the Marketing module in this project to mail its subscribers.');

/** Mail marketing's calls answer only in projects with the Marketing module installed. */
export async function assertMarketing(
  integrations: MarketingNeeds['integrations'],
  executor: Executor,
  projectId: string,
): Promise<void> {
  if (!(await integrations.hasModule(executor, projectId, 'marketing'))) throw marketingNotInstalled();
}
