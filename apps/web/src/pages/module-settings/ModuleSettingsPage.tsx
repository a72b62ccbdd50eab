import type { Integration, IntegrationInstallation } from '@wharf/contract';
import { useRouterState } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { Access } from '../../features/access/api/enforce';
import { deniedReason } from '../../features/access/ui/Denied';
import { SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { errorMessage } from '../../features/forms/form-errors';
import { useCatalogue, useInstallation, useSaveInstallation, useTestConnection } from '../../features/integrations/api';
import { sectionErrors } from '../../features/integrations/errors';
import { fieldsOf, type FieldSpec } from '../../features/integrations/json-schema';
import { SchemaForm } from '../../features/integrations/ui/SchemaForm';
import { codeOfSettingsRoute, moduleName } from '../../features/integrations/modules/definitions';
import { unknownModuleMessage } from '../../features/integrations/modules/registry';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { formatDate } from '../../ui/dates';
import { LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { Tag } from '../../ui/Tag';

/**
 * `/modules/{code}` (route `integrations.{code}.settings`, there while the module is installed):
 * the module's settings as a form generated from its JSON Schema, its set-up step first when it
 * needs one, and for connectors their credentials and Test connection.
 */
export function ModuleSettingsPage() {
  const routeName = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.name });
  const code = codeOfSettingsRoute(routeName) ?? '';
  return (
    <ProjectPage
      title={moduleName(code)}
      description="Settings of this module for the project."
      permissions={['integrations.read', 'integrations.manage']}
    >
      {(project, access) => (
        <ModuleSettings key={`${project.id}:${code}`} code={code} project={project} access={access} />
      )}
    </ProjectPage>
  );
}

const CREDENTIAL = 'credentials.';

/** The credentials' fields, named apart from the settings' so that one form can hold both. */
function credentialFields(integration: Integration): FieldSpec[] {
  return fieldsOf(integration.credentialsSchema).map((f) => ({ ...f, name: `${CREDENTIAL}${f.name}`, secret: true }));
}

/** A form's values split back into the request's `config` and `credentials`. */
function splitValues(data: Record<string, unknown>) {
  const config: Record<string, unknown> = {};
  const credentials: Record<string, string> = {};
  for (const [name, value] of Object.entries(data)) {
    if (name.startsWith(CREDENTIAL)) credentials[name.slice(CREDENTIAL.length)] = String(value);
    else config[name] = value;
  }
  return { config, credentials };
}

function prefixed(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, message]) => [`${CREDENTIAL}${name}`, message]));
}

function ModuleSettings({ code, project, access }: { code: string; project: Project; access: Access }) {
  const catalogue = useCatalogue();
  const installation = useInstallation(project.id, code);
  if (catalogue.isPending || installation.isPending) return <Loading label="Loading the module…" inCard />;
  const failed = catalogue.isError ? catalogue : installation.isError ? installation : null;
  if (failed)
    return (
      <LoadError
        title="The module could not be loaded"
        message={errorMessage(failed.error)}
        onRetry={() => void failed.refetch()}
        retrying={failed.isFetching}
      />
    );
  const integration = catalogue.data?.find((i) => i.code === code);
  if (!integration || !installation.data) return <Alert tone="danger">{unknownModuleMessage(code)}</Alert>;
  return (
    <InstalledModule integration={integration} installation={installation.data} project={project} access={access} />
  );
}

function InstalledModule({
  integration,
  installation,
  project,
  access,
}: {
  integration: Integration;
  installation: IntegrationInstallation;
  project: Project;
  access: Access;
}) {
  const canManage = access.can('integrations.manage');
  const config = useMemo(() => fieldsOf(integration.configSchema), [integration.configSchema]);
  const credentials = useMemo(() => credentialFields(integration), [integration]);
  const setUpFirst = integration.needsSetup && installation.setupAt === null;

  return (
    <div className="grid gap-6">
      {!canManage && (
        <p className="rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning">
          {deniedReason(['integrations.manage'])}
        </p>
      )}
      {setUpFirst ? (
        <SetUp
          integration={integration}
          fields={[...config, ...(integration.connector ? credentials : [])]}
          installation={installation}
          project={project.id}
          disabled={!canManage}
        />
      ) : (
        <>
          <Settings
            integration={integration}
            fields={config}
            installation={installation}
            project={project.id}
            disabled={!canManage}
          />
          {integration.connector && (
            <Credentials
              integration={integration}
              fields={credentials}
              installation={installation}
              project={project.id}
              disabled={!canManage}
            />
          )}
        </>
      )}
    </div>
  );
}

interface SectionProps {
  integration: Integration;
  fields: FieldSpec[];
  installation: IntegrationInstallation;
  project: string;
  disabled: boolean;
}

/** The set-up step (POST …/setup), shown first while the module needs it and has not had it. */
function SetUp({ integration, fields, installation, project, disabled }: SectionProps) {
  const setup = useSaveInstallation(project, integration.code, 'setup');
  const config = sectionErrors(setup.error, 'config');
  const secret = sectionErrors(setup.error, 'credentials');
  return (
    <SettingsSection
      title={`Set up ${integration.name}`}
      description="This module needs setting up before it works. Its other settings follow once it is set up."
      aside={<Tag tone="warning">Not set up</Tag>}
    >
      <SchemaForm
        label="Set up"
        fields={fields}
        saved={installation.config}
        serverErrors={{ ...config.fields, ...prefixed(secret.fields) }}
        message={config.message ?? secret.message}
        submitLabel="Set up"
        pendingLabel="Setting up…"
        pending={setup.isPending}
        disabled={disabled}
        onSubmit={(data) => {
          const { config: values, credentials } = splitValues(data);
          setup.mutate({ config: values, ...(integration.connector ? { credentials } : {}) });
        }}
      />
    </SettingsSection>
  );
}

function Settings({ integration, fields, installation, project, disabled }: SectionProps) {
  const save = useSaveInstallation(project, integration.code, 'update');
  const errors = sectionErrors(save.error, 'config');
  return (
    <SettingsSection
      title="Settings"
      description={
        installation.setupAt
          ? `Set up on ${formatDate(installation.setupAt)}.`
          : `How ${integration.name} works in this project.`
      }
    >
      {fields.length === 0 ? (
        <p className="text-sm text-muted">This module has no settings.</p>
      ) : (
        <SchemaForm
          label="Settings"
          fields={fields}
          saved={installation.config}
          serverErrors={errors.fields}
          message={errors.message}
          notice={save.isSuccess ? 'Settings saved.' : null}
          submitLabel="Save settings"
          pendingLabel="Saving…"
          pending={save.isPending}
          disabled={disabled}
          onSubmit={(config) => save.mutate({ config })}
        />
      )}
    </SettingsSection>
  );
}

/** A connector's credentials: write-only (never shown again), and Test connection with the stored ones. */
function Credentials({ integration, fields, installation, project, disabled }: SectionProps) {
  const save = useSaveInstallation(project, integration.code, 'update');
  const test = useTestConnection(project, integration.code);
  const errors = sectionErrors(save.error, 'credentials');
  // Stored credentials are kept when their fields are left blank.
  const optional = useMemo(
    () => new Set(installation.hasCredentials ? fields.map((f) => f.name) : []),
    [installation.hasCredentials, fields],
  );
  const [formKey, setFormKey] = useState(0);
  return (
    <SettingsSection
      title="Credentials"
      description={`What ${integration.name} is reached with. They are stored encrypted and never shown again.`}
      aside={installation.hasCredentials ? <Tag tone="success">Stored</Tag> : <Tag tone="warning">Not stored</Tag>}
    >
      <SchemaForm
        key={formKey}
        label="Credentials"
        fields={fields}
        optional={optional}
        serverErrors={prefixed(errors.fields)}
        message={errors.message}
        notice={save.isSuccess ? 'Credentials stored.' : null}
        submitLabel="Save credentials"
        pendingLabel="Saving…"
        pending={save.isPending}
        disabled={disabled}
        onSubmit={(data) => {
          const { credentials } = splitValues(data);
          if (Object.keys(credentials).length === 0) return;
          // Written once: the fields empty again after a save.
          save.mutate({ credentials }, { onSuccess: () => setFormKey((k) => k + 1) });
        }}
      />
      <div className="mt-6 grid gap-3 border-t border-border pt-5">
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={disabled || !installation.hasCredentials || test.isPending}
            onClick={() => test.mutate()}
          >
            {test.isPending ? 'Testing…' : 'Test connection'}
          </Button>
          {!installation.hasCredentials && <p className="text-sm text-muted">Store credentials first.</p>}
        </div>
        <div aria-live="polite">
          {test.data && (
            <Alert tone={test.data.ok ? 'success' : 'danger'} title={test.data.ok ? 'Connected' : 'Not connected'}>
              {test.data.message}
            </Alert>
          )}
          {test.isError && <Alert tone="danger">{errorMessage(test.error)}</Alert>}
        </div>
      </div>
    </SettingsSection>
  );
}
