import type { CreateFlowRequest, FlowDefinition, UpdateFlowRequest } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { Flow, FlowDraft } from './flows';
import { flowKeys } from './keys';

/**
 * After a change, the answer replaces what is cached of it, and what it changes besides is loaded
 * again: the list (names, status, "Unpublished changes") and the flow (hasChanges follows the draft).
 */
function useSettle(project: string, flowId?: string) {
  const queryClient = useQueryClient();
  return {
    flow: (flow: Flow) => {
      queryClient.setQueryData(flowKeys.detail(project, flow.id), flow);
      void queryClient.invalidateQueries({ queryKey: flowKeys.lists(project) });
    },
    draft: (draft: FlowDraft) => {
      queryClient.setQueryData(flowKeys.draft(project, draft.flowId), draft);
      void queryClient.invalidateQueries({ queryKey: flowKeys.detail(project, draft.flowId) });
      void queryClient.invalidateQueries({ queryKey: flowKeys.lists(project) });
    },
    everything: () => {
      if (flowId) void queryClient.invalidateQueries({ queryKey: flowKeys.flow(project, flowId) });
      void queryClient.invalidateQueries({ queryKey: flowKeys.lists(project) });
    },
  };
}

/** `POST /v1/flows` (flows.manage): a name, and nothing runs until it is published. */
export function useCreateFlow(project: string) {
  const client = useApiClient();
  const settle = useSettle(project);
  return useMutation({
    mutationFn: (body: Pick<CreateFlowRequest, 'name'>) => client.createFlow({ project, createFlowRequest: body }),
    onSuccess: settle.flow,
  });
}

/** `PATCH /v1/flows/{flowId}` (flows.manage): rename, pause or resume. */
export function useUpdateFlow(project: string, flowId: string) {
  const client = useApiClient();
  const settle = useSettle(project, flowId);
  return useMutation({
    mutationFn: (changes: UpdateFlowRequest) => client.updateFlow({ project, flowId, updateFlowRequest: changes }),
    onSuccess: settle.flow,
  });
}

/** `DELETE /v1/flows/{flowId}` (flows.manage): with its versions and runs. */
export function useDeleteFlow(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (flowId: string) => client.deleteFlow({ project, flowId }),
    onSuccess: (_, flowId) => {
      queryClient.removeQueries({ queryKey: flowKeys.flow(project, flowId) });
      void queryClient.invalidateQueries({ queryKey: flowKeys.lists(project) });
    },
  });
}

/** `PUT /v1/flows/{flowId}/draft` (flows.manage): the whole trigger and steps; the live version runs on. */
export function useSaveFlowDraft(project: string, flowId: string) {
  const client = useApiClient();
  const settle = useSettle(project, flowId);
  return useMutation({
    mutationFn: (definition: FlowDefinition) =>
      client.updateFlowDraft({ project, flowId, updateFlowDraftRequest: definition }),
    onSuccess: settle.draft,
  });
}

/** `DELETE /v1/flows/{flowId}/draft` (flows.manage): back to the live version. */
export function useDiscardFlowDraft(project: string, flowId: string) {
  const client = useApiClient();
  const settle = useSettle(project, flowId);
  return useMutation({
    mutationFn: () => client.discardFlowDraft({ project, flowId }),
    onSuccess: settle.draft,
  });
}

/** `POST /v1/flows/{flowId}/draft/publish` (flows.manage): the draft becomes the next, live version. */
export function usePublishFlowDraft(project: string, flowId: string) {
  const client = useApiClient();
  const settle = useSettle(project, flowId);
  return useMutation({
    mutationFn: () => client.publishFlowDraft({ project, flowId }),
    onSuccess: (flow) => {
      settle.flow(flow);
      settle.everything();
    },
  });
}

/** `POST /v1/flows/{flowId}/draft/test-send` (flows.manage): the draft's mails, to the caller only. */
export function useTestSendFlowDraft(project: string, flowId: string) {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.testSendFlowDraft({ project, flowId }) });
}

/** `POST /v1/flows/{flowId}/versions/{version}/restore` (flows.manage): a version copied into the draft. */
export function useRestoreFlowVersion(project: string, flowId: string) {
  const client = useApiClient();
  const settle = useSettle(project, flowId);
  return useMutation({
    mutationFn: (version: number) => client.restoreFlowVersion({ project, flowId, version }),
    onSuccess: settle.draft,
  });
}
