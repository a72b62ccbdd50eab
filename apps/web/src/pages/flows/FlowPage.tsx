import type { FlowDefinition } from '@wharf/contract';
import { ApiError } from '@wharf/client';
import { useParams } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { pathOf, useNavigateByName } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { useFlowChoices } from '../../features/flows/api/choices';
import {
  useFlowDraftQuery,
  useFlowQuery,
  useFlowVersionsQuery,
  type Flow,
  type FlowDraft,
  type FlowVersion,
} from '../../features/flows/api/flows';
import {
  useDeleteFlow,
  useDiscardFlowDraft,
  usePublishFlowDraft,
  useRestoreFlowVersion,
  useSaveFlowDraft,
  useTestSendFlowDraft,
  useUpdateFlow,
} from '../../features/flows/api/flows-changes';
import {
  problemsElsewhere,
  problemsFromErrors,
  problemsOf,
  type FlowProblems,
} from '../../features/flows/flow-problems';
import { countWords, flowStatusWords } from '../../features/flows/flow-words';
import { FlowEditor } from '../../features/flows/ui/flow-editor';
import { FlowNameDialog } from '../../features/flows/ui/name-dialog';
import { RunsSummary } from '../../features/flows/ui/runs-summary';
import { VersionsPanel } from '../../features/flows/ui/versions-panel';
import { useUnsavedChangesWarning } from '../../features/forms/use-unsaved-warning';
import { errorMessage } from '../../features/forms/form-errors';
import { useConfirmedMutation, type ConfirmableMutation } from '../../features/forms/use-confirmed-mutation';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { RecordHeader } from '../../features/storefront/ui/RecordHeader';
import { nudge } from '../../features/toasts/toasts';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { Tag } from '../../ui/Tag';

/** `/flows/$flowId` (route `flows.view`): one flow, its draft as a visual list of steps, and its versions. */
export function FlowPage() {
  const { flowId = '' } = useParams({ strict: false }) as { flowId?: string };
  return (
    <ProjectPage title="Flow" permissions={['flows.read', 'flows.manage', 'mail.send']}>
      {(project, access) => (
        <FlowLoader key={`${project.id}:${flowId}`} project={project} access={access} flowId={flowId} />
      )}
    </ProjectPage>
  );
}

function FlowLoader({ project, access, flowId }: { project: Project; access: Access; flowId: string }) {
  const flow = useFlowQuery(project.id, flowId);
  const draft = useFlowDraftQuery(project.id, flowId);
  if (flow.isPending || draft.isPending) return <Loading label="Loading the flow…" />;
  if (flow.isError || draft.isError)
    return (
      <LoadError
        title="The flow could not be loaded"
        message={errorMessage(flow.error ?? draft.error)}
        onRetry={() => void Promise.all([flow.refetch(), draft.refetch()])}
        retrying={flow.isFetching || draft.isFetching}
      />
    );
  return (
    <FlowScreen
      project={project}
      canManage={access.can('flows.manage')}
      canMail={access.can('mail.send')}
      flow={flow.data}
      draft={draft.data}
    />
  );
}

const definitionOf = (draft: FlowDraft): FlowDefinition => ({ trigger: draft.trigger, steps: draft.steps });
const same = (a: FlowDefinition, b: FlowDefinition) => JSON.stringify(a) === JSON.stringify(b);

/** A failed save or publish as the editor shows it: beside the trigger or step at fault, else above. */
function problemsOfError(error: unknown): { problems: FlowProblems; message?: string } {
  if (!error) return { problems: {} };
  if (error instanceof ApiError && error.status === 400)
    return { problems: problemsFromErrors(error.errors), message: error.message };
  return { problems: {}, message: errorMessage(error) };
}

function FlowScreen({
  project,
  canManage,
  canMail,
  flow,
  draft,
}: {
  project: Project;
  canManage: boolean;
  /** mail.send: publishing and resuming set the flow mailing on its own, so they take it too. */
  canMail: boolean;
  flow: Flow;
  draft: FlowDraft;
}) {
  const deniedId = useId();
  const navigate = useNavigateByName();
  const choices = useFlowChoices(project.id);
  const versions = useFlowVersionsQuery(project.id, flow.id);

  // The editor's copy of the draft, started again whenever the saved draft changes (a save, a
  // discard, a restore).
  const [edited, setEdited] = useState<FlowDefinition>(() => definitionOf(draft));
  const [basis, setBasis] = useState(draft);
  if (basis !== draft) {
    setBasis(draft);
    setEdited(definitionOf(draft));
  }
  const dirty = !same(edited, definitionOf(draft));
  useUnsavedChangesWarning(dirty);
  const [checked, setChecked] = useState(false);

  const update = useUpdateFlow(project.id, flow.id);
  const save = useSaveFlowDraft(project.id, flow.id);
  const publish = usePublishFlowDraft(project.id, flow.id);
  const testSend = useTestSendFlowDraft(project.id, flow.id);
  const [asking, setAsking] = useState<'publish' | 'test' | null>(null);
  const [renaming, setRenaming] = useState(false);

  // Discarding asks the server when there are saved changes; unsaved ones alone are just dropped.
  const discardSaved = useDiscardFlowDraft(project.id, flow.id);
  const dropUnsaved: ConfirmableMutation<undefined> = {
    isPending: false,
    isError: false,
    error: null,
    reset: () => undefined,
    mutate: (_, { onSuccess }) => {
      setEdited(definitionOf(draft));
      onSuccess();
    },
  };
  const discard = useConfirmedMutation(
    flow.hasChanges ? discardSaved : dropUnsaved,
    () => undefined,
    () => nudge({ message: 'The draft’s changes were discarded.', level: 'success' }),
  );
  const restore = useConfirmedMutation(
    useRestoreFlowVersion(project.id, flow.id),
    (version: FlowVersion) => version.version,
    (version) => nudge({ message: `Version ${version.version} was copied into the draft.`, level: 'success' }),
  );
  const remove = useConfirmedMutation(
    useDeleteFlow(project.id),
    (doomed: Flow) => doomed.id,
    (doomed) => {
      nudge({ message: `${doomed.name} was deleted.`, level: 'success' });
      void navigate('flows.list', { search: { project: project.id } });
    },
  );

  const local = checked ? problemsOf(edited) : {};
  const saved = problemsOfError(save.error);
  const published = problemsOfError(publish.error);
  const problems: FlowProblems = { ...published.problems, ...saved.problems, ...local };
  const elsewhere = problemsElsewhere(problems);

  const change = (next: FlowDefinition) => {
    setEdited(next);
    if (save.isError) save.reset();
    if (publish.isError) publish.reset();
  };
  const submit = () => {
    setChecked(true);
    publish.reset();
    if (Object.keys(problemsOf(edited)).length > 0) return;
    save.mutate(edited, {
      onSuccess: () => {
        setChecked(false);
        nudge({ message: 'Draft saved.', level: 'success' });
      },
    });
  };
  const nextVersion = (versions.data?.[0]?.version ?? flow.liveVersion ?? 0) + 1;
  const confirmPublish = () =>
    publish.mutate(undefined, {
      onSuccess: () => nudge({ message: `Version ${nextVersion} is live.`, level: 'success' }),
      onSettled: () => setAsking(null),
    });
  const confirmTestSend = () =>
    testSend.mutate(undefined, {
      onSuccess: ({ to, sent }) =>
        nudge({ message: `${countWords(sent, 'test mail', 'test mails')} sent to ${to}.`, level: 'success' }),
      onSettled: () => setAsking(null),
    });
  const setStatus = (status: 'active' | 'paused') =>
    update.mutate(
      { status },
      {
        onSuccess: () =>
          nudge({ message: status === 'paused' ? 'The flow is paused.' : 'The flow is running.', level: 'success' }),
      },
    );
  const rename = (name: string) =>
    update.mutate(
      { name },
      {
        onSuccess: () => {
          setRenaming(false);
          nudge({ message: 'The flow was renamed.', level: 'success' });
        },
      },
    );

  const status = flowStatusWords[flow.status];
  const readOnly = !canManage;
  const busy = save.isPending || publish.isPending;
  const unpublishable = !flow.hasChanges && !dirty;

  return (
    <div className="grid gap-5">
      <RecordHeader back={{ to: pathOf('flows.list'), project: project.id, label: 'All flows' }}>
        <p className="min-w-0 text-xl font-semibold break-words">{flow.name}</p>
        <Tag tone={status.tone}>{status.label}</Tag>
        <span className="text-sm text-muted">
          {flow.liveVersion === null ? 'Not published yet' : `Version ${flow.liveVersion} live`}
        </span>
      </RecordHeader>
      {readOnly && (
        <ReadOnlyNotice id={deniedId} denied={['flows.manage']}>
          You can read this flow, its steps and versions, but not change them.
        </ReadOnlyNotice>
      )}
      {canManage && (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="small"
            onClick={() => {
              update.reset();
              setRenaming(true);
            }}
          >
            Rename
          </Button>
          {flow.status === 'active' && (
            <Button variant="secondary" size="small" disabled={update.isPending} onClick={() => setStatus('paused')}>
              Pause
            </Button>
          )}
          {flow.status === 'paused' && canMail && (
            <Button variant="secondary" size="small" disabled={update.isPending} onClick={() => setStatus('active')}>
              Resume
            </Button>
          )}
          <Button variant="ghost" size="small" className="ml-auto" onClick={() => remove.ask(flow)}>
            Delete flow
          </Button>
        </div>
      )}
      {update.isError && !renaming && <Alert tone="danger">{errorMessage(update.error)}</Alert>}
      {flow.status === 'paused' && (
        <p className="text-sm text-muted">Paused: nobody enters, and those in the flow wait where they are.</p>
      )}

      <RunsSummary runs={flow.runs} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section aria-labelledby="flow-draft" className="grid min-w-0 content-start gap-4">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h2 id="flow-draft" className="text-base font-semibold">
              Draft
            </h2>
            <span role="status" className="text-sm text-muted">
              {dirty
                ? 'Unsaved changes'
                : flow.hasChanges
                  ? 'Saved, not published'
                  : flow.liveVersion === null
                    ? 'All changes saved'
                    : `Same as version ${flow.liveVersion}, the live one`}
            </span>
          </div>
          {canManage && (
            <div className="flex flex-wrap gap-2">
              <Button disabled={!dirty || busy} onClick={submit}>
                {save.isPending ? 'Saving…' : 'Save draft'}
              </Button>
              {canMail && (
                <Button
                  variant="secondary"
                  disabled={dirty || unpublishable || busy}
                  onClick={() => {
                    publish.reset();
                    setAsking('publish');
                  }}
                >
                  Publish
                </Button>
              )}
              <Button
                variant="secondary"
                disabled={dirty || busy || !edited.steps.some((step) => step.kind === 'send')}
                onClick={() => {
                  testSend.reset();
                  setAsking('test');
                }}
              >
                Test send
              </Button>
              <Button variant="ghost" disabled={unpublishable || busy} onClick={() => discard.ask(undefined)}>
                Discard changes
              </Button>
            </div>
          )}
          {canManage && dirty && (
            <p className="-mt-2 text-xs text-muted">Save the draft to publish it or send it to yourself as a test.</p>
          )}
          {canManage && !canMail && (
            <p className="-mt-2 text-xs text-muted">
              Publishing and resuming need the mail.send permission: a live flow mails subscribers on its own.
            </p>
          )}
          {(saved.message ?? published.message) && (
            <Alert tone="danger">
              {published.message ?? saved.message}
              {elsewhere.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {elsewhere.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </Alert>
          )}
          {testSend.isError && <Alert tone="danger">{errorMessage(testSend.error)}</Alert>}
          <FlowEditor
            definition={edited}
            onChange={change}
            readOnly={readOnly}
            names={choices.names}
            lists={choices.lists}
            drafts={choices.drafts}
            moreDrafts={choices.moreDrafts}
            project={project.id}
            atStep={flow.liveVersion === null ? null : flow.atStep}
            problems={problems}
          />
        </section>

        <VersionsPanel versions={versions} names={choices.names} onRestore={canManage ? restore.ask : undefined} />
      </div>

      {canManage && (
        <>
          <FlowNameDialog
            open={renaming}
            title="Rename flow"
            initial={flow.name}
            submitLabel="Rename"
            pending={update.isPending}
            error={update.isError ? errorMessage(update.error) : undefined}
            onSubmit={rename}
            onClose={() => setRenaming(false)}
          />
          <ConfirmDialog
            open={asking === 'publish'}
            title={`Publish version ${nextVersion}?`}
            confirmLabel="Publish"
            pendingLabel="Publishing…"
            pending={publish.isPending}
            onConfirm={confirmPublish}
            onCancel={() => setAsking(null)}
          >
            New subscribers enter it; those already in the flow finish the version they started.
          </ConfirmDialog>
          <ConfirmDialog
            open={asking === 'test'}
            title="Send a test?"
            confirmLabel="Send test mails"
            pendingLabel="Sending…"
            pending={testSend.isPending}
            onConfirm={confirmTestSend}
            onCancel={() => setAsking(null)}
          >
            Each send step’s mail goes to your own address, filled in as for a subscriber of your name. Nobody else is
            mailed.
          </ConfirmDialog>
          <ConfirmDialog
            {...discard.dialog}
            title="Discard the draft’s changes?"
            confirmLabel="Discard changes"
            pendingLabel="Discarding…"
            danger
          >
            {!flow.hasChanges
              ? 'Your unsaved changes are lost; the draft stays as it was last saved.'
              : flow.liveVersion === null
                ? 'The draft goes back to empty: no trigger and no steps.'
                : `The draft goes back to version ${flow.liveVersion}, the live one.`}
          </ConfirmDialog>
          <ConfirmDialog
            {...restore.dialog}
            title={restore.target ? `Restore version ${restore.target.version}?` : 'Restore version?'}
            confirmLabel="Restore to draft"
            pendingLabel="Restoring…"
          >
            Its trigger and steps replace the draft{dirty ? ', and your unsaved changes are lost' : ''}. The live
            version keeps running until you publish.
          </ConfirmDialog>
          <ConfirmDialog
            {...remove.dialog}
            title={`Delete ${flow.name}?`}
            confirmLabel="Delete flow"
            pendingLabel="Deleting…"
            danger
          >
            {flow.runs.active > 0
              ? `${countWords(flow.runs.active, 'subscriber is', 'subscribers are')} still in it and get none of its further mails. `
              : ''}
            Its versions and history are deleted for good.
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}
