import { ApiError } from '@wharf/client';
import { CreateOrganisationRequest } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { pathOf } from '../../app/navigation';
import { Badge, SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { useUser } from '../../features/accounts/api/session';
import { linkClasses } from '../../features/accounts/ui/AuthCard';
import { DEFAULT_FORM_ERROR, formErrorsFrom, validate } from '../../features/forms/form-errors';
import { useForm } from '../../features/forms/use-form';
import { useCreateOrganisationMutation } from '../../features/projects/api/create-organisation';
import {
  useOrganisationsQuery,
  useProjectsQuery,
  type Organisation,
  type Project,
} from '../../features/projects/api/projects';
import { useUpdateOrganisationMutation } from '../../features/projects/api/update-organisation';
import { ListFailure } from '../../features/projects/ui/ListRefusal';
import { PageHeader } from '../../features/projects/ui/PageHeader';
import { Alert } from '../../ui/Alert';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Loading } from '../../ui/Loading';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

const TWO_FACTOR_EXPLANATION =
  'Everyone in this organisation or in one of its projects must use two-factor authentication. Until they turn it on, they cannot open their projects: the console sends them to set it up first.';

/**
 * `/organisations` (route `organisations`): the organisations the user belongs to, how many of the
 * user's projects each holds, their two-factor policy, and a form to create one.
 */
export function OrganisationsPage() {
  const organisations = useOrganisationsQuery();
  const projects = useProjectsQuery();

  return (
    <>
      <PageHeader
        title="Organisations"
        description="An organisation is the business behind projects: it groups them and sets rules for everyone in them."
      />
      <div className="grid gap-6">
        {organisations.isPending ? (
          <Loading label="Loading organisations…" />
        ) : organisations.isError ? (
          <ListFailure list="organisations" query={organisations} />
        ) : organisations.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border px-5 py-10 text-center text-sm/6 text-muted">
            You don&apos;t belong to an organisation yet. Create one below, or create a project: a new organisation can
            come with it.
          </p>
        ) : (
          <OrganisationList organisations={organisations.data} projects={projects.data} />
        )}
        <CreateOrganisationForm />
      </div>
    </>
  );
}

function OrganisationList({
  organisations,
  projects,
}: {
  organisations: Organisation[];
  /** Undefined until the projects have loaded. */
  projects: Project[] | undefined;
}) {
  const listed = new Set(organisations.map((o) => o.id));
  const elsewhere = projects?.filter((p) => !listed.has(p.organisationId)).length ?? 0;
  return (
    <div className="grid gap-3">
      <ul aria-label="Your organisations" className="grid gap-4">
        {organisations.map((organisation) => (
          <OrganisationCard
            key={organisation.id}
            organisation={organisation}
            projects={projects?.filter((p) => p.organisationId === organisation.id)}
          />
        ))}
      </ul>
      {elsewhere > 0 && (
        <p className="text-xs text-muted">
          {elsewhere === 1 ? '1 of your projects belongs' : `${elsewhere} of your projects belong`} to an organisation
          you were not added to (you were invited to the project itself).
        </p>
      )}
    </div>
  );
}

function projectCount(projects: Project[] | undefined): string {
  if (!projects) return 'Counting projects…';
  if (projects.length === 0) return 'No projects';
  return projects.length === 1 ? '1 project' : `${projects.length} projects`;
}

/** The server's words when it says why (only owners may change it), else the default message. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return DEFAULT_FORM_ERROR;
}

function OrganisationCard({ organisation, projects }: { organisation: Organisation; projects: Project[] | undefined }) {
  const titleId = useId();
  const explanationId = useId();
  const user = useUser();
  const update = useUpdateOrganisationMutation();
  const [confirming, setConfirming] = useState(false);
  const [changed, setChanged] = useState(false);
  const required = organisation.requireTwoFactor;
  // Requiring it without having it would send the user themselves to set it up: they set it up first.
  const lockedOut = !required && !user?.twoFactorEnabled;

  function save(requireTwoFactor: boolean) {
    setChanged(false);
    update.mutate(
      { organisationId: organisation.id, body: { requireTwoFactor } },
      {
        onSuccess: () => {
          setConfirming(false);
          setChanged(true);
        },
      },
    );
  }

  return (
    <li>
      <article aria-labelledby={titleId} className="rounded-xl border border-border bg-surface p-5 shadow-xs sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={titleId} className="text-base font-semibold break-words">
              {organisation.name}
            </h2>
            <p className="mt-0.5 text-sm text-muted">{projectCount(projects)}</p>
          </div>
          {required ? (
            <Badge tone="success">Two-factor required</Badge>
          ) : (
            <Badge tone="muted">Two-factor optional</Badge>
          )}
        </div>
        {projects && projects.length > 0 && (
          <ul aria-label={`Projects of ${organisation.name}`} className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {projects.map((project) => (
              <li key={project.id}>
                <Link to={pathOf('projects.switch')} search={{ project: project.id }} className={linkClasses}>
                  {project.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-5 border-t border-border pt-5">
          <div className="flex items-start gap-2.5">
            <input
              id={`${titleId}-2fa`}
              type="checkbox"
              checked={required}
              disabled={update.isPending || lockedOut}
              aria-describedby={explanationId}
              onChange={(event) => (event.target.checked ? setConfirming(true) : save(false))}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            <div className="grid gap-1">
              <label htmlFor={`${titleId}-2fa`} className="text-sm font-medium">
                Require two-factor authentication
              </label>
              <p id={explanationId} className="text-sm/6 text-muted">
                {TWO_FACTOR_EXPLANATION}
              </p>
            </div>
          </div>
          <div className="mt-3 grid gap-3 empty:hidden">
            {lockedOut && (
              <Alert tone="warning">
                Turn on two-factor authentication for your own account first, or you would be locked out too.{' '}
                <Link to={pathOf('account.settings.2fa.setup-authenticator')} className={linkClasses}>
                  Set up two-factor authentication
                </Link>
              </Alert>
            )}
            {update.isPending && !confirming && (
              <p role="status" className="text-sm text-muted">
                Saving…
              </p>
            )}
            {update.isError && !confirming && <Alert tone="danger">{messageOf(update.error)}</Alert>}
            {changed && (
              <Alert tone="success">
                {required
                  ? `Two-factor authentication is now required in ${organisation.name}.`
                  : `Two-factor authentication is now optional in ${organisation.name}.`}
              </Alert>
            )}
          </div>
        </div>
        <ConfirmDialog
          open={confirming}
          title={`Require two-factor authentication in ${organisation.name}?`}
          confirmLabel="Require it"
          pendingLabel="Saving…"
          pending={update.isPending}
          error={update.isError ? messageOf(update.error) : undefined}
          onConfirm={() => save(true)}
          onCancel={() => {
            update.reset();
            setConfirming(false);
          }}
        >
          Members of the organisation and of its projects who have not turned on two-factor authentication will not be
          able to open their projects until they do. They are sent to set it up when they next open the console.
        </ConfirmDialog>
      </article>
    </li>
  );
}

function CreateOrganisationForm() {
  const create = useCreateOrganisationMutation();
  const { bindForm, ...form } = useForm({ name: '' });
  const [created, setCreated] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    setCreated(null);
    const checked = validate(CreateOrganisationRequest, { name: form.values.name });
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    try {
      const organisation = await create.mutateAsync(checked.data);
      form.setValue('name', '');
      setCreated(organisation.name);
    } catch (error) {
      form.setErrors(formErrorsFrom(error, { fields: ['name'] }));
    }
  }

  return (
    <SettingsSection
      title="Create an organisation"
      description="You belong to it; its projects can then be created in it."
    >
      <form ref={bindForm} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4">
        <TextField
          label="Organisation name"
          autoComplete="organization"
          placeholder="Harbour Trading Ltd"
          maxLength={100}
          className="sm:max-w-md"
          {...form.field('name')}
        />
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        {created && <Alert tone="success">{created} created.</Alert>}
        <div>
          <SubmitButton pending={create.isPending} pendingLabel="Creating…" className="w-full xs:w-auto">
            Create organisation
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
