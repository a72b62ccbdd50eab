import { pathOf } from '../../app/navigation';
import { safeRedirectPath } from '../accounts/redirect';

const BASE = 'https://console.invalid';

function withoutTrailingSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export interface SwitchRequest {
  projectId: string;
  /** projects.switch's `redirect_uri`: where to continue. Only a path on this origin is followed. */
  redirectUri?: string | undefined;
  /** `true` keeps the notifications panel's `notification=true` on the way (SPEC.md section 2). */
  notification?: string | undefined;
}

/**
 * Where projects.switch goes once the project is chosen: `redirect_uri` when it is a same-origin
 * path (anything else, and the switch page itself, is refused), else the project's settings; in
 * both cases with `project` set to the new project in the query.
 */
export function switchDestination({ projectId, redirectUri, notification }: SwitchRequest): string {
  const fallback = pathOf('projects.settings');
  let url = new URL(safeRedirectPath(redirectUri) ?? fallback, BASE);
  if (withoutTrailingSlash(url.pathname) === pathOf('projects.switch')) url = new URL(fallback, BASE);
  url.searchParams.set('project', projectId);
  if (notification === 'true') url.searchParams.set('notification', 'true');
  return `${url.pathname}${url.search}${url.hash}`;
}
