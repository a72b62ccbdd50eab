import { useSearchParam } from '../../app/search';
import { useProjectsQuery, type Project } from './api/projects';

export interface ActiveProject {
  /** The `project` search parameter (SPEC.md section 2 "Project selection"), if any. */
  projectId: string | undefined;
  /** The active project once the list has loaded; undefined while loading or when not found. */
  project: Project | undefined;
  projects: Project[];
  isPending: boolean;
  error: unknown;
}

/** The project the console is working in: the one named by the `project` query parameter. */
export function useActiveProject(): ActiveProject {
  const projectId = useSearchParam('project');
  const list = useProjectsQuery();
  const projects = list.data ?? [];
  return {
    projectId,
    project: projectId ? projects.find((p) => p.id === projectId) : undefined,
    projects,
    isPending: list.isPending,
    error: list.error,
  };
}
