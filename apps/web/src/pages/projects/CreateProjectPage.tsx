import { CreateProjectRequest } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { useId, type FormEvent } from 'react';
import { pathOf, useNavigateByName } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { useUser } from '../../features/accounts/api/session';
import { linkClasses } from '../../features/accounts/ui/AuthCard';
import { formErrorsFrom, validate, type FormErrors } from '../../features/forms/form-errors';
import { useForm, type FieldProps } from '../../features/forms/use-form';
import { useCreateProjectMutation, type CreateProjectBody } from '../../features/projects/api/create-project';
import {
  BLANK_TEMPLATE,
  useProjectTemplatesQuery,
  type ProjectTemplate,
} from '../../features/projects/api/project-templates';
import { useOrganisationsQuery, type Organisation } from '../../features/projects/api/projects';
import { moduleName } from '../../features/integrations/modules/definitions';
import { canCreateProjects } from '../../features/projects/can-create';
import { PageHeader } from '../../features/projects/ui/PageHeader';
import { Alert } from '../../ui/Alert';
import { buttonClasses } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { Loading } from '../../ui/Loading';
import { SelectField } from '../../ui/SelectField';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

const FIELDS = ['name', 'organisationId', 'organisationName', 'template'] as const;

type OrganisationChoice = 'existing' | 'new';

interface CreateValues extends Record<string, string> {
  name: string;
  organisation: OrganisationChoice;
  organisationId: string;
  organisationName: string;
  template: string;
}

/**
 * `/projects/create` (route `projects.create`): a name, an organisation (one of the user's or a new
 * one) and a template to start from. The new project opens through projects.switch, which makes it
 * the active project.
 */
export function CreateProjectPage() {
  const platform = usePlatform();
  const user = useUser();
  const organisations = useOrganisationsQuery();

  const header = (
    <PageHeader
      title="Create project"
      description="A project holds one shop or factory: its team, roles, modules and billing. You become its owner."
    />
  );
  if (!canCreateProjects(platform, user)) {
    return (
      <>
        {header}
        <Alert tone="info" title="Projects are set up by the platform's administrators">
          {platform.name} doesn&apos;t take new projects from its members. Ask an administrator to create one and invite
          you.{' '}
          <Link to={pathOf('projects.list')} className={linkClasses}>
            Back to your projects
          </Link>
        </Alert>
      </>
    );
  }
  if (organisations.isPending) {
    return (
      <>
        {header}
        <Loading label="Loading your organisations…" />
      </>
    );
  }
  return (
    <>
      {header}
      {organisations.isError && (
        <Alert tone="warning" className="mb-5">
          Your organisations could not be loaded: name a new one for this project, or reload the page to choose one of
          yours.
        </Alert>
      )}
      <CreateProjectForm organisations={organisations.data ?? []} />
    </>
  );
}

function CreateProjectForm({ organisations }: { organisations: Organisation[] }) {
  const create = useCreateProjectMutation();
  const navigate = useNavigateByName();
  const templates = useProjectTemplatesQuery();
  const { bindForm, ...form } = useForm<CreateValues>({
    name: '',
    organisation: organisations.length > 0 ? 'existing' : 'new',
    organisationId: organisations[0]?.id ?? '',
    organisationName: '',
    template: BLANK_TEMPLATE,
  });
  const { values } = form;
  const offered = templates.data ?? [];
  // The template is sent only when the server offers it (a catalogue without "blank" starts blank).
  const template = offered.some((t) => t.key === values.template) ? values.template : undefined;

  /** The organisation's error, beside the control the user is using for it. */
  const organisationError =
    values.organisation === 'new'
      ? (form.errors.fields.organisationName ?? form.errors.fields.organisationId)
      : form.errors.fields.organisationId;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const body: Record<string, string> = { name: values.name };
    if (values.organisation === 'existing') body.organisationId = values.organisationId;
    else body.organisationName = values.organisationName;
    if (template) body.template = template;

    const errors: FormErrors = { fields: {} };
    if (values.organisation === 'new' && values.organisationName.trim() === '')
      errors.fields.organisationName = 'Enter a name for the new organisation.';
    if (values.organisation === 'existing' && values.organisationId === '')
      errors.fields.organisationId = 'Choose an organisation.';
    const checked = validate(CreateProjectRequest, body);
    if (!checked.ok) errors.fields = { ...checked.errors.fields, ...errors.fields };
    if (!checked.ok || Object.keys(errors.fields).length > 0) return form.setErrors(errors);

    form.clearErrors();
    try {
      const project = await create.mutateAsync(checked.data as CreateProjectBody);
      // Into the new project through projects.switch, which makes it the active one. It lands on the
      // project's settings: the first things to set are there (name, logo), and it is open to owners,
      // which the creator is.
      await navigate('projects.switch', {
        search: { project: project.id, redirect_uri: pathOf('projects.settings') },
      });
    } catch (error) {
      form.setErrors(
        formErrorsFrom(error, {
          fields: FIELDS,
          codes: {
            ORGANISATION_NOT_FOUND: {
              field: values.organisation === 'existing' ? 'organisationId' : 'organisationName',
              message: 'This organisation is not available to you any more. Choose another or name a new one.',
            },
            TEMPLATE_NOT_FOUND: { field: 'template', message: 'This template is no longer offered. Choose another.' },
          },
        }),
      );
    }
  }

  return (
    <form ref={bindForm} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-6">
      <SettingsSection title="Project" description="You can rename the project and add its logo later.">
        <div className="grid gap-5">
          <TextField
            label="Project name"
            autoComplete="off"
            placeholder="Harbour Shop"
            maxLength={100}
            {...form.field('name')}
          />
          <OrganisationPicker
            organisations={organisations}
            choice={values.organisation}
            onChoice={(choice) => form.setValue('organisation', choice)}
            organisationId={values.organisationId}
            onOrganisationId={(id) => form.setValue('organisationId', id)}
            newName={form.field('organisationName')}
            error={organisationError}
          />
        </div>
      </SettingsSection>
      <SettingsSection
        title="Start from a template"
        description="A template adds roles, settings and modules suited to the kind of project. You can change all of it later."
      >
        {templates.isPending ? (
          <Loading label="Loading templates…" />
        ) : templates.isError || offered.length === 0 ? (
          <p className="text-sm text-muted">Templates are not available right now: the project starts blank.</p>
        ) : (
          <TemplatePicker
            templates={offered}
            value={values.template}
            onChange={(key) => form.setValue('template', key)}
            error={form.errors.fields.template}
          />
        )}
      </SettingsSection>
      {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
      <div className="flex flex-col-reverse gap-3 xs:flex-row xs:items-center">
        <SubmitButton pending={create.isPending} pendingLabel="Creating…" className="w-full xs:w-auto">
          Create project
        </SubmitButton>
        <Link
          to={pathOf('projects.list')}
          className={buttonClasses({ variant: 'ghost', className: 'w-full xs:w-auto' })}
        >
          Cancel
        </Link>
      </div>
    </form>
  );
}

function OrganisationPicker({
  organisations,
  choice,
  onChoice,
  organisationId,
  onOrganisationId,
  newName,
  error,
}: {
  organisations: Organisation[];
  choice: OrganisationChoice;
  onChoice: (choice: OrganisationChoice) => void;
  organisationId: string;
  onOrganisationId: (id: string) => void;
  newName: FieldProps;
  error: string | undefined;
}) {
  const name = useId();
  const newNameField = (
    <TextField
      label="New organisation's name"
      autoComplete="organization"
      placeholder="Harbour Trading Ltd"
      maxLength={100}
      hint="Organisations group projects; it is created with the project."
      {...newName}
      error={choice === 'new' ? error : undefined}
    />
  );
  if (organisations.length === 0) return newNameField;
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-medium text-text">Organisation</legend>
      <div className="grid gap-2 xs:flex xs:gap-5">
        {(
          [
            ['existing', 'One of mine'],
            ['new', 'A new organisation'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              onChange={() => onChoice(value)}
              className="size-4 accent-primary"
            />
            {label}
          </label>
        ))}
      </div>
      {choice === 'existing' ? (
        <SelectField
          label="Your organisations"
          name="organisationId"
          value={organisationId}
          onChange={(event) => onOrganisationId(event.target.value)}
          error={error}
        >
          {organisations.map((organisation) => (
            <option key={organisation.id} value={organisation.id}>
              {organisation.name}
            </option>
          ))}
        </SelectField>
      ) : (
        newNameField
      )}
    </fieldset>
  );
}

function TemplatePicker({
  templates,
  value,
  onChange,
  error,
}: {
  templates: ProjectTemplate[];
  value: string;
  onChange: (key: string) => void;
  error: string | undefined;
}) {
  const name = useId();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="sr-only">Template</legend>
      <div className="grid gap-3 md:grid-cols-3">
        {templates.map((template) => {
          const checked = template.key === value;
          const roles = template.roles.map((role) => role.name);
          const modules = template.modules.map(moduleName);
          const settings = [
            template.settings.currency,
            template.settings.timezone,
            template.settings.weightUnit,
          ].filter(Boolean);
          return (
            <label
              key={template.key}
              className={cx(
                'relative flex cursor-pointer flex-col gap-1.5 rounded-lg border p-4 text-sm',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus',
                checked ? 'border-primary bg-primary-soft' : 'border-border hover:bg-surface-raised',
              )}
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name={name}
                  value={template.key}
                  checked={checked}
                  onChange={() => onChange(template.key)}
                  aria-invalid={checked && error ? true : undefined}
                  className="size-4 accent-primary"
                />
                <span className="font-semibold">{template.name}</span>
              </span>
              <span className="text-muted">{template.description}</span>
              {(roles.length > 0 || settings.length > 0 || modules.length > 0) && (
                <span className="mt-1 text-xs text-muted">
                  {modules.length > 0 && <>Modules: {modules.join(', ')}. </>}
                  {roles.length > 0 && <>Roles: {roles.join(', ')}. </>}
                  {settings.length > 0 && <>Settings: {settings.join(', ')}.</>}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
