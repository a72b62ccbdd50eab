import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { platformModule } from '../platform/index.js';
import { projectHandlers } from './handlers.js';
import { organisationHandlers } from './organisation-handlers.js';
import { projectPlatformId } from './read-models.js';
import { ProjectsService } from './service.js';
import { templateHandlers } from './template-handlers.js';

/**
 * Projects and organisations, who is a member of which, and the templates a project starts from.
 * Modules above it take part through the service's hooks (a project's owner, a template's roles and
 * modules, the alerts in its answer).
 */
export const projectsModule = defineModule<'projects', ProjectsService, { platform: ServiceOf<typeof platformModule> }>(
  {
    name: 'projects',
    needs: ['platform'],
    setup: ({ db, clock }, { platform }) => {
      const projects = new ProjectsService();
      // Platform, below projects, asks it which platform a project is on (a project's calls get its branding).
      platform.projectPlatform.provide((projectId) => projectPlatformId(db, projectId));
      return {
        handlers: {
          ...projectHandlers({ db, clock, platform, projects }),
          ...organisationHandlers({ db, platform, projects }),
          ...templateHandlers({ db, clock, projects }),
        },
        service: projects,
      };
    },
  },
);
