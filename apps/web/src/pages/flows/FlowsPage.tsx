import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { pathOf, useNavigateByName } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { useListNames } from '../../features/flows/api/choices';
import { useFlowsQuery, type Flow } from '../../features/flows/api/flows';
import { useCreateFlow } from '../../features/flows/api/flows-changes';
import { countWords, flowStatusWords, triggerWords, type FlowNames } from '../../features/flows/flow-words';
import { FlowListSkeleton } from '../../features/flows/ui/flow-skeleton';
import { FlowNameDialog } from '../../features/flows/ui/name-dialog';
import { errorMessage } from '../../features/forms/form-errors';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { SearchBox } from '../../features/lists/ui/SearchBox';
import { useListSearch } from '../../features/lists/use-list-search';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/ListStates';
import { Tag } from '../../ui/Tag';

const FLOW_WORDS = {
  noun: ['flow', 'flows'] as [string, string],
  placeholder: 'Name',
  noMatchHint: 'Try another name.',
  emptyHint: '',
};

/** `/flows` (route `flows.list`): the project's automated mail flows, newest first. */
export function FlowsPage() {
  return (
    <ProjectPage
      title="Flows"
      description="Mails sent by themselves: a welcome when someone joins a list, a thank-you after a first order."
      permissions={['flows.read', 'flows.manage']}
    >
      {(project, access) => <Flows key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

function Flows({ project, access }: { project: Project; access: Access }) {
  const canManage = access.can('flows.manage');
  const navigate = useNavigateByName();
  const search = useListSearch();
  const flows = useFlowsQuery(project.id, search.query);
  const names = useListNames(project.id);
  const list = pagedItems(flows.data?.pages, (flow) => flow.id);
  const searching = isSearching(flows);
  const create = useCreateFlow(project.id);
  const [naming, setNaming] = useState(false);

  const closeNaming = () => {
    setNaming(false);
    create.reset();
  };
  const make = (name: string) =>
    create.mutate(
      { name },
      {
        onSuccess: (flow) =>
          void navigate('flows.view', { params: { flowId: flow.id }, search: { project: project.id } }),
      },
    );
  const newFlow = canManage && <Button onClick={() => setNaming(true)}>New flow</Button>;
  const empty = !flows.isPending && flows.data && list.length === 0 && !search.query;

  return (
    <section aria-label="Flows" className="grid gap-4">
      {!empty && (
        <div className="flex flex-wrap items-end gap-3">
          <SearchBox words={FLOW_WORDS} search={search} searching={searching} className="w-full sm:w-72" />
          {newFlow && <div className="sm:ml-auto">{newFlow}</div>}
        </div>
      )}

      {flows.isPending ? (
        <FlowListSkeleton />
      ) : empty ? (
        <EmptyState title="No flows yet.">
          <p>
            A flow mails each subscriber by itself when something happens: they join a list, place a first order, or
            have not bought for a while. It waits, checks conditions and sends your drafts, step by step.
          </p>
          {newFlow && <div className="mt-4 flex justify-center">{newFlow}</div>}
        </EmptyState>
      ) : (
        <PagedList query={flows} count={list.length} words={FLOW_WORDS} search={search.query}>
          <ul
            aria-label="Flows, newest first"
            aria-busy={searching || undefined}
            className={cx(
              'divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface transition-opacity',
              searching && 'opacity-60',
            )}
          >
            {list.map((flow) => (
              <FlowRow key={flow.id} flow={flow} project={project.id} names={names} />
            ))}
          </ul>
        </PagedList>
      )}

      {canManage && (
        <FlowNameDialog
          open={naming}
          title="New flow"
          description="Name it for your team; you choose its trigger and steps next."
          initial=""
          submitLabel="Create flow"
          pending={create.isPending}
          error={create.error ? errorMessage(create.error) : undefined}
          onSubmit={make}
          onClose={closeNaming}
        />
      )}
    </section>
  );
}

function FlowRow({ flow, project, names }: { flow: Flow; project: string; names: FlowNames }) {
  const status = flowStatusWords[flow.status];
  const { active, completed, exited } = flow.runs;
  return (
    <li className="grid gap-1 px-3 py-3 sm:px-4">
      <span className="flex flex-wrap items-center gap-2">
        <Link
          to={pathOf('flows.view', { flowId: flow.id })}
          search={{ project }}
          className="min-w-0 font-medium break-words text-primary underline-offset-2 hover:underline"
        >
          {flow.name}
        </Link>
        <Tag tone={status.tone}>{status.label}</Tag>
        {flow.hasChanges && flow.liveVersion !== null && <Tag tone="primary">Unpublished changes</Tag>}
      </span>
      {flow.trigger && <span className="text-sm break-words">{triggerWords(flow.trigger, names)}</span>}
      <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted">
        <span>{flow.liveVersion === null ? 'Not published yet' : `Version ${flow.liveVersion} live`}</span>
        <span>
          {countWords(active, 'in the flow', 'in the flow')} · {completed.toLocaleString('en')} completed ·{' '}
          {exited.toLocaleString('en')} left early
        </span>
      </span>
    </li>
  );
}
