import type { WharfClient } from '@wharf/client';
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouteMatch, ParsedLocation } from '@tanstack/react-router';
import { isNotFoundMatch } from '../../../app/route-meta';
import { searchString } from '../../../app/search';
import { sessionQueryOptions } from '../../accounts/api/session';
import { projectsQueryOptions, type Project } from '../../projects/api/projects';
import { preferredProject } from '../../projects/remembered-project';
import type { ProjectMemory } from '../../project-rules/project-memory';
import type { ModuleRegistry } from './registry';

export interface ModuleSyncOptions {
  modules: ModuleRegistry;
  memory: ProjectMemory;
  queryClient: QueryClient;
  client: WharfClient;
}

/** What the router tells after each navigation. */
export interface ResolvedNavigation {
  location: Pick<ParsedLocation, 'search'>;
  /** Nothing matched: a module's route may claim the path once the active project's modules are in. */
  notFound: boolean;
}

/**
 * Keeps the installed modules those of the active project (SPEC.md section 4 "Project switch"),
 * called after every navigation: the project the navigation carried becomes the remembered one
 * (project-memory.ts), and when it differs from the registry's, the registry switches to it with
 * the modules GET /v1/projects lists for it. Signed out, nothing is installed.
 *
 * A navigation without a project keeps the modules as they are, except the first one that matched
 * nothing: the user's preferred project is loaded then, since the path may be one of its modules'.
 */
export function createModuleSync({ modules, memory, queryClient, client }: ModuleSyncOptions) {
  // The project the registry was last asked to switch to; `null` before the first switch.
  let target: { project: string | undefined } | null = null;

  const switchTo = (project: string | undefined, codes: readonly string[]) => {
    target = { project };
    return modules.switchProject(project, codes);
  };

  const projects = async (): Promise<Project[]> => {
    try {
      return await queryClient.ensureQueryData(projectsQueryOptions(client));
    } catch {
      // The pages answer a refused or failing list; without it there is nothing to install.
      return [];
    }
  };

  return async function sync({ location, notFound }: ResolvedNavigation): Promise<void> {
    const carried = searchString((location.search as Record<string, unknown>).project);
    // Synchronously: the next navigation's project rules compare with it.
    if (carried) memory.remember(carried);

    let user;
    try {
      user = await queryClient.ensureQueryData(sessionQueryOptions(client));
    } catch {
      user = null;
    }
    if (!user) {
      memory.forget();
      if (target === null || target.project !== undefined) await switchTo(undefined, []);
      return;
    }

    let project = memory.current ?? target?.project;
    if (project === undefined && target?.project === undefined && notFound) {
      project = preferredProject(await projects())?.id;
    }
    if (target !== null && target.project === project) return;
    target = { project };
    const listed = project ? (await projects()).find((p) => p.id === project) : undefined;
    await switchTo(project, listed?.integrations.map((i) => i.code) ?? []);
  };
}

/** The router state sync needs, from the router's state. */
export function resolvedNavigation(state: {
  location: Pick<ParsedLocation, 'search'>;
  matches: readonly Pick<AnyRouteMatch, 'status' | '_notFound'>[];
}): ResolvedNavigation {
  return {
    location: state.location,
    notFound: isNotFoundMatch(state.matches),
  };
}
