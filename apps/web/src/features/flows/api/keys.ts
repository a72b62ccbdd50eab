/**
 * Query keys of automated flows, per project: the list, and each flow with its draft and versions
 * under the flow's key, so a publish can reload all three at once.
 */
export const flowKeys = {
  all: (project: string) => ['flows', project] as const,
  list: (project: string, filters: object) => [...flowKeys.all(project), 'list', filters] as const,
  lists: (project: string) => [...flowKeys.all(project), 'list'] as const,

  flow: (project: string, flowId: string) => [...flowKeys.all(project), 'flow', flowId] as const,
  detail: (project: string, flowId: string) => [...flowKeys.flow(project, flowId), 'detail'] as const,
  draft: (project: string, flowId: string) => [...flowKeys.flow(project, flowId), 'draft'] as const,
  versions: (project: string, flowId: string) => [...flowKeys.flow(project, flowId), 'versions'] as const,
};
