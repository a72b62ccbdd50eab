import type { Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import type { FlowNeeds } from './deps.js';

/** Flows' calls answer only in projects with the Flows module installed (which needs Marketing). */
export async function assertFlows(
  integrations: FlowNeeds['integrations'],
  executor: Executor,
  projectId: string,
): Promise<void> {
  if (!(await integrations.hasModule(executor, projectId, 'flows')))
    throw new AppError(
      403,
      'MODULE_NOT_INSTALLED',
      'Install the Flows module in this project to mail its subscribers automatically.',
    );
}
