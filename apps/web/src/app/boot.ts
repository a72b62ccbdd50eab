import type { Platform, Terms, User } from '@wharf/contract';
import { enforceKeys } from '../features/access/api/enforce';
import { notificationKeys } from '../features/notifications/api/keys';
import type { UnreadCount } from '../features/notifications/api/types';
import { termsKeys } from '../features/terms/api/keys';
import { sessionKeys } from '../features/accounts/api/session';
import { projectKeys, type Project } from '../features/projects/api/projects';
import { platformKeys } from './platform';
import type { AppServices } from './services';

/** The first answers the server put in the page for a signed-in person (server: console/boot-data.ts). */
export interface BootData {
  user?: User;
  platform?: Platform;
  projects?: Project[];
  token?: string;
  /** The person's decision on every permission in the page's project. */
  access?: { project: string; granted: string[]; denied: string[] };
  /** The unread notification counts of every group, as the poll would first fetch them. */
  unread?: UnreadCount[];
  /** The platform's latest terms for the page's project (null while it has none). */
  terms?: { platform: string; project: string | null; terms: Terms | null };
}

export const BOOT_ELEMENT_ID = 'wharf-boot';

/** Reads the page's boot data once, and removes it from the document (the token has no business staying there). */
export function takeBootData(doc: Document = document): BootData | undefined {
  const element = doc.getElementById(BOOT_ELEMENT_ID);
  if (!element) return undefined;
  element.remove();
  try {
    const data = JSON.parse(element.textContent ?? '') as unknown;
    return data && typeof data === 'object' ? (data as BootData) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Seeds the caches with the boot data, so a signed-in person's first page renders without waiting
 * on the user, platform, token and projects calls. Each part is optional: what is missing is fetched
 * as usual. The platform is keyed by the page's `project` parameter, as the server resolved it.
 */
export function applyBootData(services: Pick<AppServices, 'queryClient' | 'tokens'>, boot: BootData, search: string) {
  const { queryClient, tokens } = services;
  if (!boot.user) return;
  queryClient.setQueryData(sessionKeys.user(), boot.user);
  if (boot.token) tokens.seed(boot.token);
  if (boot.platform) {
    const project = new URLSearchParams(search).get('project') ?? undefined;
    queryClient.setQueryData(platformKeys.detail(project), boot.platform);
  }
  if (boot.projects) queryClient.setQueryData(projectKeys.list(), boot.projects);
  if (boot.access) {
    const { project, granted, denied } = boot.access;
    queryClient.setQueryData(enforceKeys.everything(project, boot.user.id), { granted, denied });
  }
  // Answers that would otherwise arrive while the first page renders, and render it all again.
  if (boot.unread) queryClient.setQueryData(notificationKeys.unread(), boot.unread);
  if (boot.terms) {
    const { platform, project, terms } = boot.terms;
    queryClient.setQueryData(termsKeys.active(platform, project ?? undefined), terms);
  }
}
