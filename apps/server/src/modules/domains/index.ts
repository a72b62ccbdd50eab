import { and, eq, like, or } from 'drizzle-orm';
import { badRequest } from '../../core/errors.js';
import { defineModule, type ServiceOf } from '../../core/modules.js';
import { brandImageFacts, publicFilePath } from '../drive/public-images.js';
import type { driveModule } from '../drive/index.js';
import type { platformModule } from '../platform/index.js';
import { domainHandlers } from './domain-handlers.js';
import { projectDomains } from './schema.js';
import { createTxtLookup } from './txt-lookup.js';
import { registerDomainChecks } from './verification.js';

/**
 * Projects' custom domains (issue 22, decision 036): each proved by a DNS TXT record that a
 * background job checks with back-off. It also answers the platform module what it needs of higher
 * modules for the platform's settings: whether a domain is a project's, and a drive image's public
 * address.
 */
export const domainsModule = defineModule<
  'domains',
  Record<string, never>,
  { platform: ServiceOf<typeof platformModule>; drive: ServiceOf<typeof driveModule> }
>({
  name: 'domains',
  needs: ['platform', 'drive'],
  setup: ({ db, clock, config, jobs }, { platform }) => {
    const deps = { db, clock, jobs, lookup: createTxtLookup(config.DNS_SERVERS) };
    registerDomainChecks(jobs, deps);

    platform.customDomainTaken.provide(async (tx, domain) => {
      const [row] = await tx
        .select({ id: projectDomains.id })
        .from(projectDomains)
        .where(
          and(
            eq(projectDomains.status, 'verified'),
            or(eq(projectDomains.domain, domain), like(projectDomains.domain, `%.${domain}`)),
          ),
        )
        .limit(1);
      return row !== undefined;
    });

    // A favicon or logo must load for signed-out visitors: a public image of the project's drive.
    platform.publicImageUrl.provide(async (projectId, fileId) => {
      const file = await brandImageFacts(db, projectId, fileId);
      if (!file) throw badRequest('There is no such file in this project’s drive.', 'FILE_NOT_FOUND');
      if (!file.type.startsWith('image/')) throw badRequest('Choose an image file.', 'FILE_NOT_IMAGE');
      if (!file.public) {
        throw badRequest(
          'Visitors who are not signed in cannot load this image: make it public in Drive first.',
          'FILE_NOT_PUBLIC',
        );
      }
      return publicFilePath(projectId, fileId, file.version);
    });

    return { handlers: domainHandlers(deps), service: {} };
  },
});
