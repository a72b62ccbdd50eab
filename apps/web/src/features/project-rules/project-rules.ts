import { defaultStringifySearch } from '@tanstack/react-router';
import { pathOf } from '../../app/navigation';
import type { RouteStaticData } from '../../app/routes';
import { searchString } from '../../app/search';
import { preferredProject } from '../projects/remembered-project';

export const PROJECT_NOT_FOUND = 'Project not found';

/** A page needs a project and the user has none to choose (SPEC.md section 2). */
export class ProjectNotFoundError extends Error {
  override readonly name = 'ProjectNotFoundError';
  constructor() {
    super(PROJECT_NOT_FOUND);
  }
}

export function isProjectNotFound(error: unknown): error is ProjectNotFoundError {
  return error instanceof ProjectNotFoundError;
}

export type ProjectRequirement = RouteStaticData['project'];

/** A module's route always needs a project, whatever its `project` says. */
export function projectRequirement(staticData: Pick<RouteStaticData, 'project' | 'integration'>): ProjectRequirement {
  return staticData.integration ? 'always' : staticData.project;
}

export interface ProjectRuleInput {
  /** The target route's static data. */
  staticData: Pick<RouteStaticData, 'name' | 'project' | 'integration'>;
  /** The target location: its path and its (raw) search. */
  pathname: string;
  search: Record<string, unknown>;
  /** The project of the previous navigations (project-memory.ts), if any. */
  previousProject: string | undefined;
  /**
   * The user's projects (GET /v1/projects); `fresh` asks the server again rather than the cache
   * (a project just joined may be missing from a list loaded before).
   */
  loadProjects: (options: { fresh: boolean }) => Promise<readonly { id: string }[]>;
}

/** Where to go instead of the target: a path and its search. */
export interface ProjectRedirect {
  pathname: string;
  search: Record<string, unknown>;
}

export function hrefOf({ pathname, search }: ProjectRedirect): string {
  return `${pathname}${defaultStringifySearch(search)}`;
}

function withoutProject(search: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...search };
  delete rest.project;
  return rest;
}

/**
 * SPEC.md section 2 "Project selection", for one navigation: null to continue to the target, else
 * where to go instead. Throws ProjectNotFoundError when the route needs a project and the user has
 * none; a failure to list the projects when none is given propagates (the guard answers it).
 *
 * - never: the `project` query is removed;
 * - the project differs from the previous navigations' (both present), and the target is not
 *   projects.switch itself: projects.switch, with the target (its query minus project) as
 *   `redirect_uri`;
 * - sometimes: continue, whether or not the project can be loaded;
 * - always (and module routes) with a project the user's list doesn't hold, or when the list
 *   fails: the dashboard, without the project;
 * - always without a project: the previous navigations' project if the user still has it, else
 *   the remembered one, else the first, added to the query.
 */
export async function projectRule(input: ProjectRuleInput): Promise<ProjectRedirect | null> {
  const { staticData, pathname, search, previousProject } = input;
  const requirement = projectRequirement(staticData);
  const project = searchString(search.project);

  if (requirement === 'never') return project ? { pathname, search: withoutProject(search) } : null;

  if (project && previousProject && project !== previousProject && staticData.name !== 'projects.switch') {
    const rest = withoutProject(search);
    return {
      pathname: pathOf('projects.switch'),
      search: { project, redirect_uri: hrefOf({ pathname, search: rest }) },
    };
  }

  if (requirement === 'sometimes') return null;

  const dashboard = { pathname: pathOf('project.dashboard'), search: {} };
  if (project) {
    try {
      const cached = await input.loadProjects({ fresh: false });
      if (cached.some((p) => p.id === project)) return null;
      const fresh = await input.loadProjects({ fresh: true });
      return fresh.some((p) => p.id === project) ? null : dashboard;
    } catch {
      // SPEC.md section 8: a project fetch failure during routing goes to the dashboard.
      return dashboard;
    }
  }

  const projects = await input.loadProjects({ fresh: false });
  const chosen = projects.find((p) => p.id === previousProject) ?? preferredProject(projects);
  if (!chosen) throw new ProjectNotFoundError();
  return { pathname, search: { ...search, project: chosen.id } };
}
