import { useSearchParam } from '../../app/search';

/**
 * The query the support pages' links carry: the active project, so moving between them keeps it
 * (their routes take a project 'sometimes', SPEC.md section 2).
 */
export function useSupportSearch(): { project?: string } {
  const project = useSearchParam('project');
  return project ? { project } : {};
}
