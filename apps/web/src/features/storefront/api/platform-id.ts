import { usePlatform } from '../../../app/platform';

/**
 * The platform every storefront call names (`/v1/platform/{platformId}/…`): the current project's,
 * which the root loads with the `project` query (a project's platform wins over the host's).
 */
export function usePlatformId(): string {
  return usePlatform().id;
}
