import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { pathOf } from '../../app/navigation';
import { searchString } from '../../app/search';
import { errorMessage } from '../../features/forms/form-errors';
import { isUnderway, useImportQuery, type SubscriberImport } from '../../features/marketing/api/imports';
import { useCancelImport, useStartImport, useUploadImport } from '../../features/marketing/api/imports-changes';
import { marketingKeys } from '../../features/marketing/api/keys';
import { useMailingListsQuery } from '../../features/marketing/api/lists';
import { ImportFilePicker } from '../../features/marketing/ui/import-file-picker';
import { ImportMappingForm } from '../../features/marketing/ui/import-mapping-form';
import { ImportProgress } from '../../features/marketing/ui/import-progress';
import { ImportFigures, ImportProblems } from '../../features/marketing/ui/import-report';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Alert } from '../../ui/Alert';
import { Button, buttonClasses } from '../../ui/Button';
import { LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';

/**
 * `/marketing/subscribers/import` (route `marketing.subscribers.import`): choose a CSV file, map its
 * columns, follow the import, read the report. The import's id is in the address (`?import=`), so a
 * reload or a shared link comes back to the same step.
 */
export function ImportSubscribersPage() {
  return (
    <ProjectPage
      title="Import subscribers"
      description="Add many subscribers at once from a CSV file, and see which lines could not be imported."
      permissions={['mail.read', 'mail.manage']}
    >
      {(project, access) => <ImportSteps key={project.id} project={project} canManage={access.can('mail.manage')} />}
    </ProjectPage>
  );
}

function useImportParam() {
  const params = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const setImport = (importId: string | undefined) =>
    void navigate({ to: '.', search: (prev) => ({ ...prev, import: importId }) });
  return [searchString(params.import), setImport] as const;
}

function BackToSubscribers({ project }: { project: Project }) {
  return (
    <Link
      to={pathOf('marketing.subscribers')}
      search={{ project: project.id }}
      className={buttonClasses({ variant: 'secondary' })}
    >
      Back to subscribers
    </Link>
  );
}

function ImportSteps({ project, canManage }: { project: Project; canManage: boolean }) {
  const [importId, setImport] = useImportParam();
  if (importId)
    return (
      <ImportLoader
        key={importId}
        project={project}
        importId={importId}
        canManage={canManage}
        onAgain={() => setImport(undefined)}
      />
    );
  if (!canManage) {
    return (
      <Alert tone="info" title="You may not import subscribers">
        Importing needs the permission to manage mail (mail.manage). Ask an owner of the project.
      </Alert>
    );
  }
  return <UploadStep project={project} onUploaded={setImport} />;
}

function UploadStep({ project, onUploaded }: { project: Project; onUploaded: (importId: string) => void }) {
  const upload = useUploadImport(project.id);
  return (
    <section aria-label="Choose a file" className="grid gap-4">
      <ImportFilePicker
        busy={upload.isPending}
        error={upload.isError ? errorMessage(upload.error) : undefined}
        onFile={(file) => upload.mutate(file, { onSuccess: (answer) => onUploaded(answer.id) })}
      />
      <div>
        <BackToSubscribers project={project} />
      </div>
    </section>
  );
}

function ImportLoader({
  project,
  importId,
  canManage,
  onAgain,
}: {
  project: Project;
  importId: string;
  canManage: boolean;
  onAgain: () => void;
}) {
  const query = useImportQuery(project.id, importId);
  useReloadWhenFinished(project.id, query.data);
  if (query.isPending) return <Loading label="Loading the import…" />;
  if (query.isError)
    return (
      <LoadError
        title="The import could not be loaded"
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const subscriberImport = query.data;
  if (subscriberImport.status === 'mapping') {
    return canManage ? (
      <MappingStep project={project} subscriberImport={subscriberImport} onAgain={onAgain} />
    ) : (
      <Alert tone="info" title="Waiting for its columns to be mapped">
        Someone who manages mail starts this import once its columns are mapped.
      </Alert>
    );
  }
  return <Report project={project} subscriberImport={subscriberImport} canManage={canManage} onAgain={onAgain} />;
}

/** Once an import ends, the subscribers and the lists' counts are loaded again where they are shown. */
function useReloadWhenFinished(project: string, subscriberImport: SubscriberImport | undefined) {
  const queryClient = useQueryClient();
  const wasUnderway = useRef(false);
  const underway = subscriberImport ? isUnderway(subscriberImport.status) : false;
  useEffect(() => {
    if (wasUnderway.current && !underway) {
      void queryClient.invalidateQueries({ queryKey: marketingKeys.subscribers(project) });
      void queryClient.invalidateQueries({ queryKey: marketingKeys.lists(project) });
    }
    wasUnderway.current = underway;
  }, [project, queryClient, underway]);
}

function MappingStep({
  project,
  subscriberImport,
  onAgain,
}: {
  project: Project;
  subscriberImport: SubscriberImport;
  onAgain: () => void;
}) {
  const lists = useMailingListsQuery(project.id);
  const start = useStartImport(project.id, subscriberImport.id);
  const cancel = useCancelImport(project.id, subscriberImport.id);
  if (lists.isPending) return <Loading label="Loading the mailing lists…" />;
  return (
    <ImportMappingForm
      subscriberImport={subscriberImport}
      lists={lists.data ?? []}
      busy={start.isPending || cancel.isPending}
      error={start.isError ? errorMessage(start.error) : lists.isError ? errorMessage(lists.error) : undefined}
      onStart={(body) => start.mutate(body)}
      onCancel={() => cancel.mutate(undefined, { onSuccess: onAgain })}
    />
  );
}

const ENDINGS: Record<'done' | 'failed' | 'cancelled', { tone: 'success' | 'danger' | 'warning'; title: string }> = {
  done: { tone: 'success', title: 'The import is done' },
  failed: { tone: 'danger', title: 'The import stopped' },
  cancelled: { tone: 'warning', title: 'The import was cancelled' },
};

function Report({
  project,
  subscriberImport,
  canManage,
  onAgain,
}: {
  project: Project;
  subscriberImport: SubscriberImport;
  canManage: boolean;
  onAgain: () => void;
}) {
  const cancel = useCancelImport(project.id, subscriberImport.id);
  const { status } = subscriberImport;
  const ending = status === 'done' || status === 'failed' || status === 'cancelled' ? ENDINGS[status] : undefined;
  return (
    <section aria-label="Import report" className="grid gap-5">
      <h2 className="text-base font-semibold break-words">{subscriberImport.fileName}</h2>
      {ending ? (
        <Alert tone={ending.tone} title={ending.title}>
          {subscriberImport.failure ??
            `${subscriberImport.rows.toLocaleString('en')} lines read. What was imported stays, whatever the lines below say.`}
        </Alert>
      ) : (
        <ImportProgress subscriberImport={subscriberImport} />
      )}
      <ImportFigures subscriberImport={subscriberImport} />
      <section aria-label="Problems" className="grid gap-2">
        <h2 className="text-base font-semibold">Problems by line</h2>
        <ImportProblems subscriberImport={subscriberImport} />
      </section>
      {cancel.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(cancel.error)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!ending && canManage && (
          <Button variant="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            Cancel the import
          </Button>
        )}
        {ending && canManage && <Button onClick={onAgain}>Import another file</Button>}
        <BackToSubscribers project={project} />
      </div>
    </section>
  );
}
