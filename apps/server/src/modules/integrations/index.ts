import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { accessModule } from '../access/index.js';
import type { notificationsModule } from '../notifications/index.js';
import type { platformModule } from '../platform/index.js';
import type { projectsModule } from '../projects/index.js';
import { registerModuleCharges, scheduleModuleCharges } from './charges.js';
import { CredentialCipher } from './credentials.js';
import { defaultIntegrations, integrationHandlers, type IntegrationDeps } from './handlers.js';
import { installedCodes, ModuleLifecycle } from './lifecycle.js';
import { templateModules, templateModulesAllowed, withInstalledModules } from './project-parts.js';
import type { ModuleRegistry } from './registry.js';
import { projectIntegrations } from './schema.js';

/** The modules and how they are described and reached (tests give small fake registries and a local fetch). */
export type IntegrationOptions = Partial<
  Pick<IntegrationDeps, 'registry' | 'catalogue' | 'fetch' | 'connectionTimeoutMs'>
>;

/** The module store: the catalogue, listings, each project's installed modules and their charges. */
export const integrationsModule = (options: IntegrationOptions = {}) =>
  defineModule<
    'integrations',
    {
      lifecycle: ModuleLifecycle;
      /** Run in a module's uninstall transaction (ModuleLifecycle.uninstalled). */
      uninstalled: ModuleLifecycle['uninstalled'];
      hasModule: (db: Executor, projectId: string, code: string) => Promise<boolean>;
      /** The codes of the modules a project has installed. */
      installed: (db: Executor, projectId: string) => Promise<string[]>;
      /** An installed module's settings in a project (its defaults filled in), or undefined when not installed. */
      configOf: (db: Executor, projectId: string, code: string) => Promise<Record<string, unknown> | undefined>;
    },
    {
      platform: ServiceOf<typeof platformModule>;
      notifications: ServiceOf<typeof notificationsModule>;
      projects: ServiceOf<typeof projectsModule>;
      access: ServiceOf<typeof accessModule>;
    }
  >({
    name: 'integrations',
    needs: ['platform', 'notifications', 'projects', 'access'],
    setup: async ({ db, clock, jobs, outbound, log }, { platform, notifications, projects, access }) => {
      const deps: IntegrationDeps = {
        db,
        clock,
        platform,
        notifications,
        cipher: await CredentialCipher.load(db),
        ...defaultIntegrations(),
        fetch: outbound,
        ...options,
      };
      registerModuleCharges(jobs, { db, clock, registry: deps.registry, log });
      await scheduleModuleCharges(jobs, clock);
      // One lifecycle for the store and for project templates: both install modules the same way.
      const lifecycle = new ModuleLifecycle(deps);
      // A project's answer lists its modules; a template brings its modules in.
      projects.views.add((list, executor) => withInstalledModules(executor, list));
      projects.templateAllowed.add(templateModulesAllowed(access.resolver));
      projects.templateParts.add(templateModules(lifecycle));
      // Whether a project has a module installed: the modules' own calls answer only where they are.
      const installed = async (executor: Executor, projectId: string) =>
        (await installedCodes(executor, [projectId])).get(projectId)!;
      const hasModule = async (executor: Executor, projectId: string, code: string) =>
        (await installed(executor, projectId)).includes(code);
      const configOf = (executor: Executor, projectId: string, code: string) =>
        installedConfig(executor, deps.registry, projectId, code);
      return {
        handlers: integrationHandlers({ ...deps, lifecycle }),
        service: { lifecycle, uninstalled: lifecycle.uninstalled, hasModule, installed, configOf },
      };
    },
  });

/**
 * An installed module's settings, read through its manifest so settings added since it was
 * configured have their defaults; the stored ones as they are when the manifest no longer reads them.
 */
async function installedConfig(
  db: Executor,
  registry: ModuleRegistry,
  projectId: string,
  code: string,
): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select({ config: projectIntegrations.config })
    .from(projectIntegrations)
    .where(
      and(
        eq(projectIntegrations.projectId, projectId),
        eq(projectIntegrations.code, code),
        isNull(projectIntegrations.uninstalledAt),
      ),
    );
  if (!row) return undefined;
  const parsed = registry.get(code)?.config.safeParse(row.config);
  return parsed?.success ? (parsed.data as Record<string, unknown>) : row.config;
}
