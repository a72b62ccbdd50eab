import { ApiError } from '@wharf/client';
import { UpdatePlatformRequest } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { useUser } from '../../features/accounts/api/session';
import { AdminsOnly } from '../../features/accounts/ui/AdminsOnly';
import { SettingsHeader, SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { errorMessage, formErrorsFrom, noErrors, validate, type FormErrors } from '../../features/forms/form-errors';
import {
  usePlatformSettings,
  usePlatformSettingsMutations,
  type PlatformSettings,
  type UpdatePlatformBody,
} from '../../features/platform/settings-api';
import { PlatformBranding } from '../../features/platform/ui/PlatformBranding';
import { PlatformDomains } from '../../features/platform/ui/PlatformDomains';
import { useProjectsQuery } from '../../features/projects/api/projects';
import { preferredProject } from '../../features/projects/remembered-project';
import { Alert } from '../../ui/Alert';
import { Checkbox } from '../../ui/Checkbox';
import { EmptyState, LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { SelectField } from '../../ui/SelectField';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

const TITLE = 'Platform settings';
const ADMINS_ONLY = "Only platform administrators can change the platform's settings.";

/**
 * `/platform/settings` (route `platform.settings`): for platform administrators, the platform's name,
 * whether it is public, its favicon and logos, and its domains (decision 036). The calls act on a
 * project's platform: the page works on the remembered project's (or the first one's), and an
 * administrator with several projects picks which. An administrator with no project works on the
 * platform serving this address; its images need a project's drive, so they wait for one.
 */
export function PlatformSettingsPage() {
  const user = useUser();
  if (!user) return null;
  if (!user.isAdmin) return <AdminsOnly title={TITLE}>{ADMINS_ONLY}</AdminsOnly>;
  return (
    <>
      <SettingsHeader title={TITLE} description="How the platform is named, shown and reached." />
      <PlatformOfProject />
    </>
  );
}

function PlatformOfProject() {
  const projects = useProjectsQuery();
  const [chosen, setChosen] = useState<string>();
  if (projects.isPending) return <Loading label="Loading projects…" />;
  if (projects.isError) {
    return (
      <LoadError
        title="Projects could not be loaded"
        message={errorMessage(projects.error)}
        onRetry={() => void projects.refetch()}
        retrying={projects.isFetching}
      />
    );
  }
  const list = projects.data;
  const project = list.find((p) => p.id === chosen) ?? preferredProject(list);
  if (!project) {
    return (
      <div className="grid max-w-3xl gap-6">
        <PlatformView project={undefined} />
      </div>
    );
  }
  return (
    <div className="grid max-w-3xl gap-6">
      {list.length > 1 && (
        <SelectField
          label="Project"
          hint="The settings shown are those of this project's platform."
          value={project.id}
          onChange={(event) => setChosen(event.target.value)}
          className="sm:max-w-md"
        >
          {list.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} ({p.platform.name})
            </option>
          ))}
        </SelectField>
      )}
      <PlatformView key={project.id} project={project.id} />
    </div>
  );
}

function PlatformView({ project }: { project: string | undefined }) {
  const settings = usePlatformSettings(project);
  if (settings.isPending) return <Loading label="Loading the platform settings…" />;
  if (settings.isError) {
    if (settings.error instanceof ApiError && settings.error.status === 403)
      return <AdminsOnly>{ADMINS_ONLY}</AdminsOnly>;
    return (
      <LoadError
        title="The platform settings could not be loaded"
        message={errorMessage(settings.error)}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  return (
    <>
      <GeneralSection project={project} settings={settings.data} />
      {project ? (
        <PlatformBranding project={project} settings={settings.data} />
      ) : (
        <EmptyState title="Logos and favicon">
          They are public images from a project&apos;s drive: create a project, then choose them here.
        </EmptyState>
      )}
      <PlatformDomains project={project} settings={settings.data} />
    </>
  );
}

function GeneralSection({ project, settings }: { project: string | undefined; settings: PlatformSettings }) {
  const { update } = usePlatformSettingsMutations(project);
  const [name, setName] = useState(settings.name);
  const [isPublic, setPublic] = useState(settings.public);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [saved, setSaved] = useState(false);
  const changed = name.trim() !== settings.name || isPublic !== settings.public;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending || !changed) return;
    setSaved(false);
    const checked = validate(UpdatePlatformRequest, { name });
    if (!checked.ok) return setErrors(checked.errors);
    setErrors(noErrors);
    // Only what changed: the other sections' unsaved choices are theirs.
    const body: UpdatePlatformBody = {};
    if (checked.data.name !== settings.name) body.name = checked.data.name;
    if (isPublic !== settings.public) body.public = isPublic;
    try {
      const platform = await update.mutateAsync(body);
      setName(platform.name);
      setPublic(platform.public);
      setSaved(true);
    } catch (error) {
      setErrors(formErrorsFrom(error, { fields: ['name', 'public'] }));
    }
  };

  return (
    <SettingsSection title="General" description="The name people see in the console's title, mail and menus.">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        <TextField
          label="Platform name"
          name="name"
          autoComplete="off"
          maxLength={100}
          className="sm:max-w-md"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setSaved(false);
          }}
          error={errors.fields.name}
          required
        />
        <Checkbox
          label="Public: anyone signed in can create a project on this platform (the account menu offers 'Create project')"
          checked={isPublic}
          onChange={(event) => {
            setPublic(event.target.checked);
            setSaved(false);
          }}
          error={errors.fields.public}
        />
        {errors.message && <Alert tone="danger">{errors.message}</Alert>}
        {saved && <Alert tone="success">Platform settings saved.</Alert>}
        <div>
          <SubmitButton
            pending={update.isPending}
            pendingLabel="Saving…"
            disabled={!changed}
            className="w-full xs:w-auto"
          >
            Save
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
