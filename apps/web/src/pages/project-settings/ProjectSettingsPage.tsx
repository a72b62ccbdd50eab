import { ApiError } from '@wharf/client';
import { UpdateProjectRequest } from '@wharf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigateByName } from '../../app/navigation';
import { Badge, SettingsSection } from '../../features/accounts/ui/SettingsSection';
import type { Access } from '../../features/access/api/enforce';
import { deniedReason } from '../../features/access/ui/Denied';
import { CompanyDetailsSection } from '../../features/billing/ui/CompanyDetailsSection';
import { DEFAULT_FORM_ERROR, formErrorsFrom, validate, type FormErrors } from '../../features/forms/form-errors';
import { useForm } from '../../features/forms/use-form';
import { forgetDeletedProject, useDeleteProjectMutation } from '../../features/projects/api/delete-project';
import type { Project } from '../../features/projects/api/projects';
import { useUpdateProjectMutation, type UpdateProjectBody } from '../../features/projects/api/update-project';
import { DASHBOARD_LOGO_CONTEXT, isDisplayableImageUrl, type ProjectLogo } from '../../features/projects/logos';
import { PROJECT_DELETED_NOTICE } from '../../features/projects/notices';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

/** UpdateProjectRequest: at most 10 logos. */
const MAX_LOGOS = 10;

/**
 * `/project/settings` (route `projects.settings`): the project's name and logos (projects.update) and
 * deleting it (projects.delete, owners only). What the user's role doesn't allow is shown disabled,
 * with the reason.
 */
export function ProjectSettingsPage() {
  return (
    <ProjectPage
      title="Project settings"
      description="How the project is named and shown across the console."
      permissions={['projects.read', 'projects.update', 'projects.delete']}
    >
      {(project, access) => <ProjectSettings key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

function ProjectSettings({ project, access }: { project: Project; access: Access }) {
  const canUpdate = access.can('projects.update');
  return (
    <div className="grid gap-6">
      <NameSection project={project} canUpdate={canUpdate} />
      <LogosSection project={project} canUpdate={canUpdate} />
      {/* Billing's own permissions decide this one (billing.read, billing.manage), asked by the section. */}
      <CompanyDetailsSection project={project.id} />
      <DangerZone project={project} canDelete={access.can('projects.delete')} />
    </div>
  );
}

/** Why a section's controls are disabled; the controls point at it (aria-describedby). */
function ReadOnlyReason({ id }: { id: string }) {
  return (
    <p id={id} className="rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning">
      {deniedReason(['projects.update'])}
    </p>
  );
}

type Saved = 'saved' | 'unchanged' | null;

function SaveResult({ saved, what }: { saved: Saved; what: string }) {
  if (saved === 'saved') return <Alert tone="success">{what} saved.</Alert>;
  if (saved === 'unchanged') return <Alert tone="info">Nothing to save: no changes.</Alert>;
  return null;
}

function NameSection({ project, canUpdate }: { project: Project; canUpdate: boolean }) {
  const update = useUpdateProjectMutation(project.id);
  const { bindForm, ...form } = useForm({ name: project.name });
  const [saved, setSaved] = useState<Saved>(null);
  const reasonId = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending || !canUpdate) return;
    setSaved(null);
    const checked = validate(UpdateProjectRequest, { name: form.values.name });
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    if (checked.data.name === project.name) return setSaved('unchanged');
    try {
      await update.mutateAsync({ name: checked.data.name });
      setSaved('saved');
    } catch (error) {
      form.setErrors(formErrorsFrom(error, { fields: ['name'] }));
    }
  }

  return (
    <SettingsSection title="General" description="The name members see in the project list and menus.">
      <form ref={bindForm} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        {!canUpdate && <ReadOnlyReason id={reasonId} />}
        <fieldset disabled={!canUpdate} aria-describedby={canUpdate ? undefined : reasonId} className="grid gap-5">
          <TextField
            label="Project name"
            autoComplete="off"
            maxLength={100}
            className="sm:max-w-md"
            {...form.field('name')}
          />
          {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
          <SaveResult saved={saved} what="Project name" />
          <div>
            <SubmitButton pending={update.isPending} pendingLabel="Saving…" className="w-full xs:w-auto">
              Save name
            </SubmitButton>
          </div>
        </fieldset>
      </form>
    </SettingsSection>
  );
}

interface LogoRow {
  /** A React key: rows are added and removed, their positions shift. */
  key: number;
  url: string;
  context: string;
  backgroundColor: string;
}

let nextRowKey = 0;

function rowOf(logo?: ProjectLogo): LogoRow {
  nextRowKey += 1;
  return {
    key: nextRowKey,
    url: logo?.url ?? '',
    context: logo?.meta.context ?? '',
    backgroundColor: logo?.meta.backgroundColor ?? '',
  };
}

function logosOf(rows: LogoRow[]): ProjectLogo[] {
  return rows.map((row) => {
    const backgroundColor = row.backgroundColor.trim();
    return {
      url: row.url.trim(),
      meta: { context: row.context.trim(), ...(backgroundColor ? { backgroundColor } : {}) },
    };
  });
}

/** What the browser says before asking the server: the same rules, in plainer words where zod's are terse. */
function checkLogos(logos: ProjectLogo[]): FormErrors {
  const fields: Record<string, string> = {};
  logos.forEach((logo, i) => {
    if (logo.url === '') fields[`logos.${i}.url`] = "Enter the image's web address.";
    else if (!isDisplayableImageUrl(logo.url))
      fields[`logos.${i}.url`] = 'Enter a full web address, like https://example.com/logo.svg.';
    if (logo.meta.context === '') fields[`logos.${i}.meta.context`] = 'Enter where it is used, e.g. dashboard.';
  });
  const checked = validate(UpdateProjectRequest, { logos });
  return { fields: { ...(checked.ok ? {} : checked.errors.fields), ...fields } };
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

function LogosSection({ project, canUpdate }: { project: Project; canUpdate: boolean }) {
  const update = useUpdateProjectMutation(project.id);
  const [rows, setRows] = useState<LogoRow[]>(() => project.logos.map(rowOf));
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [saved, setSaved] = useState<Saved>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const reasonId = useId();

  useEffect(() => {
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  function showErrors(next: FormErrors) {
    setErrors(next);
    if (Object.keys(next.fields).length > 0) setFocusRequest((n) => n + 1);
  }

  function edit(key: number, change: Partial<LogoRow>) {
    setSaved(null);
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    // Editing answers the row's errors; their keys are by position, so they all go.
    setErrors((current) => ({ ...current, fields: {} }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending || !canUpdate) return;
    setSaved(null);
    const logos = logosOf(rows);
    const checked = checkLogos(logos);
    if (Object.keys(checked.fields).length > 0) return showErrors(checked);
    setErrors({ fields: {} });
    if (JSON.stringify(logos) === JSON.stringify(project.logos)) return setSaved('unchanged');
    try {
      await update.mutateAsync({ logos } satisfies UpdateProjectBody);
      setSaved('saved');
    } catch (error) {
      const fields = logos.flatMap((_, i) => [
        `logos.${i}.url`,
        `logos.${i}.meta.context`,
        `logos.${i}.meta.backgroundColor`,
      ]);
      showErrors(formErrorsFrom(error, { fields }));
    }
  }

  const shownKey = rows.find((row) => row.context.trim() === DASHBOARD_LOGO_CONTEXT)?.key;
  return (
    <SettingsSection
      title="Logos"
      description={
        <>
          Each logo has a context saying where it is used. The console shows the logo whose context is{' '}
          <code className="rounded bg-surface-raised px-1 font-mono text-xs text-text">{DASHBOARD_LOGO_CONTEXT}</code>{' '}
          beside the project&apos;s name; a background colour shows behind transparent images.
        </>
      }
    >
      <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        {!canUpdate && <ReadOnlyReason id={reasonId} />}
        <fieldset disabled={!canUpdate} aria-describedby={canUpdate ? undefined : reasonId} className="grid gap-4">
          <legend className="sr-only">Logos</legend>
          {rows.length === 0 ? (
            <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted">
              No logos yet: the project shows its initials.
            </p>
          ) : (
            <ol aria-label="Logos" className="grid gap-4">
              {rows.map((row, i) => (
                <LogoEditor
                  key={row.key}
                  index={i}
                  row={row}
                  shown={row.key === shownKey}
                  errors={errors.fields}
                  onChange={(change) => edit(row.key, change)}
                  onRemove={() => {
                    setSaved(null);
                    setErrors({ fields: {} });
                    setRows((current) => current.filter((r) => r.key !== row.key));
                  }}
                />
              ))}
            </ol>
          )}
          {shownKey === undefined && rows.length > 0 && (
            <p className="text-sm text-muted">
              No logo has the {DASHBOARD_LOGO_CONTEXT} context, so the console shows the project&apos;s initials.
            </p>
          )}
          {errors.message && <Alert tone="danger">{errors.message}</Alert>}
          <SaveResult saved={saved} what="Logos" />
          <div className="flex flex-col gap-3 xs:flex-row">
            <Button
              variant="secondary"
              className="w-full xs:w-auto"
              disabled={rows.length >= MAX_LOGOS}
              onClick={() => {
                setSaved(null);
                const row = rowOf();
                if (shownKey === undefined) row.context = DASHBOARD_LOGO_CONTEXT;
                setRows((current) => [...current, row]);
              }}
            >
              Add logo
            </Button>
            <SubmitButton pending={update.isPending} pendingLabel="Saving…" className="w-full xs:w-auto">
              Save logos
            </SubmitButton>
          </div>
          {rows.length >= MAX_LOGOS && <p className="text-xs text-muted">A project has at most {MAX_LOGOS} logos.</p>}
        </fieldset>
      </form>
    </SettingsSection>
  );
}

function LogoEditor({
  index,
  row,
  shown,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  row: LogoRow;
  shown: boolean;
  errors: Record<string, string>;
  onChange: (change: Partial<LogoRow>) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const url = row.url.trim();
  const background = row.backgroundColor.trim();
  const [broken, setBroken] = useState<string | null>(null);
  const previewable = isDisplayableImageUrl(url) && broken !== url;
  return (
    <li className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-[6rem_minmax(0,1fr)]">
      <div className="flex items-center gap-3 sm:flex-col sm:items-stretch">
        <div
          className="grid size-24 shrink-0 place-items-center overflow-hidden rounded-lg border border-border bg-surface-raised"
          style={background ? { backgroundColor: background } : undefined}
        >
          {previewable ? (
            <img
              src={url}
              alt={`Preview of logo ${n}`}
              className="max-h-full max-w-full object-contain p-2"
              onError={() => setBroken(url)}
            />
          ) : (
            <span className="px-2 text-center text-xs text-muted">
              {url && broken === url ? 'Image not found' : 'No preview'}
            </span>
          )}
        </div>
        {shown && <Badge tone="success">Shown in the console</Badge>}
      </div>
      <div className="grid gap-4">
        <TextField
          label={`Logo ${n} image URL`}
          type="url"
          inputMode="url"
          placeholder="https://example.com/logo.svg"
          autoComplete="off"
          spellCheck={false}
          value={row.url}
          onChange={(event) => onChange({ url: event.target.value })}
          error={errors[`logos.${index}.url`]}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={`Logo ${n} context`}
            placeholder={DASHBOARD_LOGO_CONTEXT}
            autoComplete="off"
            spellCheck={false}
            maxLength={50}
            hint={`Where it is used; "${DASHBOARD_LOGO_CONTEXT}" is the console's.`}
            value={row.context}
            onChange={(event) => onChange({ context: event.target.value })}
            error={errors[`logos.${index}.meta.context`]}
          />
          <TextField
            label={`Logo ${n} background colour`}
            placeholder="#ffffff (optional)"
            autoComplete="off"
            spellCheck={false}
            maxLength={30}
            value={row.backgroundColor}
            onChange={(event) => onChange({ backgroundColor: event.target.value })}
            error={errors[`logos.${index}.meta.backgroundColor`]}
            trailing={
              <input
                type="color"
                aria-label={`Pick logo ${n} background colour`}
                value={HEX_COLOUR.test(background) ? background.toLowerCase() : '#ffffff'}
                onChange={(event) => onChange({ backgroundColor: event.target.value })}
                className="size-8 cursor-pointer rounded border-0 bg-transparent p-0"
              />
            }
          />
        </div>
        <div>
          <Button variant="ghost" size="small" onClick={onRemove} aria-label={`Remove logo ${n}`}>
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The server's words when it says why (refused, gone), else the default message. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return DEFAULT_FORM_ERROR;
}

function DangerZone({ project, canDelete }: { project: Project; canDelete: boolean }) {
  const remove = useDeleteProjectMutation(project.id);
  const queryClient = useQueryClient();
  const navigate = useNavigateByName();
  const [confirming, setConfirming] = useState(false);

  async function onConfirm() {
    try {
      await remove.mutateAsync();
    } catch {
      return; // Shown in the dialog, which stays open.
    }
    setConfirming(false);
    // Leave first: this page would otherwise say 'Project not found' on its way out.
    await navigate('projects.list', { search: { notice: PROJECT_DELETED_NOTICE }, replace: true });
    await forgetDeletedProject(queryClient, project.id);
  }

  return (
    <SettingsSection
      title="Delete project"
      description="Deleting a project removes it for everyone, at once. It cannot be undone."
    >
      {canDelete ? (
        <>
          <Button variant="danger" className="w-full xs:w-auto" onClick={() => setConfirming(true)}>
            Delete project
          </Button>
          <ConfirmDialog
            open={confirming}
            title={`Delete ${project.name}?`}
            confirmLabel="Delete project"
            pendingLabel="Deleting…"
            danger
            typedConfirmation={project.name}
            pending={remove.isPending}
            error={remove.isError ? messageOf(remove.error) : undefined}
            onConfirm={() => void onConfirm()}
            onCancel={() => {
              remove.reset();
              setConfirming(false);
            }}
          >
            <p>This permanently deletes the project and everything that belongs to it:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>its memberships: every member loses access at once;</li>
              <li>its invitations: links not yet used stop working;</li>
              <li>its custom roles and everyone&apos;s role assignments;</li>
              <li>its API keys: anything using them is refused from then on;</li>
              <li>its name, logos and settings.</li>
            </ul>
            <p className="mt-2">Its audit log entries are kept. This cannot be undone.</p>
          </ConfirmDialog>
        </>
      ) : (
        <p className="rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning">
          Only the project&apos;s owners can delete it. {deniedReason(['projects.delete'])}
        </p>
      )}
    </SettingsSection>
  );
}
