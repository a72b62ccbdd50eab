import type { operations } from '@wharf/contract';
import type { Handlers } from '../../core/http/operations.js';
import type { PlatformService } from './service.js';

type PlatformOperations = Pick<typeof operations, 'getPlatform'>;

export function platformHandlers(service: PlatformService): Handlers<PlatformOperations> {
  return {
    getPlatform: ({ query }, request) => service.resolve({ host: request.hostname, projectId: query.project }),
  };
}
