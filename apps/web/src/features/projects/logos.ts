import type { Project } from './api/projects';

export type ProjectLogo = Project['logos'][number];

/** SPEC.md section 3: of a project's logos, the one with this context is the one the console shows. */
export const DASHBOARD_LOGO_CONTEXT = 'dashboard';

export function dashboardLogo(project: Pick<Project, 'logos'>): ProjectLogo | undefined {
  return project.logos.find((logo) => logo.meta.context === DASHBOARD_LOGO_CONTEXT);
}

/** Only web addresses are loaded as images (a `data:` or other scheme is shown as text, never fetched). */
export function isDisplayableImageUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
