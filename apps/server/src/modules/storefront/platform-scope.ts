import type { Executor } from '../../core/db/database.js';
import { projectPlatformId } from '../projects/read-models.js';
import { platformMismatch } from './errors.js';

/**
 * Every storefront call names the project's platform in its path (SPEC.md section 7 "Platform"); the
 * access hook has checked the caller against the project, and this refuses a platform id that is not
 * the project's, as not found. One primary-key read: a project can move platforms (an admin's
 * doing), so the answer is not kept.
 */
export class PlatformScope {
  constructor(private readonly db: Executor) {}

  async assert(projectId: string, platformId: string): Promise<void> {
    if ((await projectPlatformId(this.db, projectId)) !== platformId) throw platformMismatch();
  }
}
