import type { ConnectionTest, IntegrationInstallation } from '@wharf/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { recordAudit, type AuditEntry } from '../../core/audit/audit.js';
import { Hook } from '../../core/hooks.js';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import type { NotificationService } from '../notifications/service.js';
import { projectNotFound } from '../projects/errors.js';
import { lockProject } from '../projects/read-models.js';
import { createOutboundFetch, type OutboundFetch } from '../../core/http/outbound.js';
import { couldNotConnect } from './connectors/http.js';
import { credentialsBinding, type CredentialCipher } from './credentials.js';
import type { ModuleManifest } from './manifest.js';
import { dependencyOrderIn, manifestIn, type ModuleRegistry } from './registry.js';
import { projectIntegrations } from './schema.js';

export type { ModuleRegistry };

/** The modules the lifecycle knows, by code: the real registry in the app, small fakes in tests. */

type InstallationRow = typeof projectIntegrations.$inferSelect;

/** Who acts: their audit entry is written in the step's transaction; they are not notified of their own act. */
export interface Actor {
  userId: string | null;
  audit(tx: Executor, entry: AuditEntry): Promise<void>;
}

/** The caller of a request as the lifecycle sees them: audited through the request, not notified of their own act. */
export const requestActor = (request: FastifyRequest): Actor => ({
  userId: request.principal?.kind === 'user' ? request.principal.userId : null,
  audit: (tx, entry) => recordAudit(tx, request, entry),
});

/** Used when the app gives no outbound fetch: public addresses only. */
let defaultOutbound: OutboundFetch | undefined;

/** Test connection's wait for the provider, unless the app is given another (tests use a short one). */
export const CONNECTION_TIMEOUT_MS = 5_000;

export interface LifecycleDeps {
  db: Database;
  clock: Clock;
  registry: ModuleRegistry;
  notifications: Pick<NotificationService, 'notifyProject'>;
  cipher: CredentialCipher;
  /** How Test connection reaches a provider: the app's guarded outbound fetch (core/http/outbound.ts). */
  fetch?: OutboundFetch;
  connectionTimeoutMs?: number;
}

// SPEC.md section 8's words where it has them; the others in the same voice.
const notInstalled = (verb: string) =>
  new AppError(409, 'INTEGRATION_NOT_INSTALLED', `Can't ${verb} an integration that hasn't been installed`);
const alreadyInstalled = (m: ModuleManifest) =>
  new AppError(409, 'INTEGRATION_ALREADY_INSTALLED', `${m.name} is already installed.`);

/** "A", "A and B", "A, B and C" */
function names(list: string[]): string {
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

/**
 * A zod failure as the app reports a request's validation failure (core/errors.ts): 400
 * VALIDATION_ERROR, each field's path under the body and the schema's own message.
 */
function validationFailed(error: z.ZodError, under: string): AppError {
  const errors = error.issues.map((issue) => ({
    path: ['body', under, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  const first = errors[0]!;
  return new AppError(400, 'VALIDATION_ERROR', `Invalid ${first.path}: ${first.message}`, errors);
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, under: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationFailed(parsed.error, under);
  return parsed.data;
}

export function toInstallation(row: InstallationRow): IntegrationInstallation {
  return {
    code: row.code as IntegrationInstallation['code'],
    config: row.config,
    setupAt: row.setupAt?.toISOString() ?? null,
    installedAt: row.installedAt.toISOString(),
    uninstalledAt: row.uninstalledAt?.toISOString() ?? null,
    hasCredentials: row.credentials !== null,
  };
}

const isInstalled = (row: InstallationRow | undefined): row is InstallationRow => !!row && !row.uninstalledAt;

/** The installed modules' codes of each project, in one query however many projects (Project.integrations). */
export async function installedCodes(db: Executor, projectIds: string[]): Promise<Map<string, string[]>> {
  const byProject = new Map<string, string[]>(projectIds.map((id) => [id, []]));
  if (projectIds.length === 0) return byProject;
  for (const row of await installedRows(db, { projectIds })) byProject.get(row.projectId)?.push(row.code);
  return byProject;
}

/** Installed modules of several projects; one statement text for any number, built once per handle. */
const installedRows = preparedQuery((db: Executor) =>
  db
    .select({ projectId: projectIntegrations.projectId, code: projectIntegrations.code })
    .from(projectIntegrations)
    .where(
      and(
        sql`${projectIntegrations.projectId} = any(${sql.placeholder('projectIds')}::uuid[])`,
        isNull(projectIntegrations.uninstalledAt),
      ),
    )
    .orderBy(asc(projectIntegrations.installedAt), asc(projectIntegrations.code))
    .prepare('installed_modules'),
);

/**
 * A project's modules through their lifecycle (SPEC.md section 4): installed, set up, configured,
 * uninstalled. Each step is one transaction holding its audit entries, its hooks and its
 * notifications, so a hook that throws leaves nothing behind. Steps of one project take turns on the
 * project's row lock: an install cannot slip a dependant in while its dependency is being removed.
 */
export class ModuleLifecycle {
  /**
   * Run in the uninstall's transaction, after the module's row is stamped: the module's own code
   * stops what would go on without it (a campaign sending, a flow mailing), so uninstalling means
   * nothing more happens in its name.
   */
  readonly uninstalled = new Hook<[Executor, { projectId: string; code: string; at: Date }]>();

  constructor(private readonly deps: LifecycleDeps) {}

  get registry(): ModuleRegistry {
    return this.deps.registry;
  }

  async list(projectId: string, withUninstalled: boolean): Promise<IntegrationInstallation[]> {
    const rows = await this.deps.db
      .select()
      .from(projectIntegrations)
      .where(
        and(
          eq(projectIntegrations.projectId, projectId),
          withUninstalled ? undefined : isNull(projectIntegrations.uninstalledAt),
        ),
      )
      .orderBy(asc(projectIntegrations.installedAt), asc(projectIntegrations.code));
    return rows.map(toInstallation);
  }

  async get(projectId: string, code: string): Promise<IntegrationInstallation> {
    const manifest = manifestIn(this.deps.registry, code);
    const row = await this.row(this.deps.db, projectId, code);
    if (!isInstalled(row))
      throw notFound(`${manifest.name} is not installed in this project.`, 'INTEGRATION_NOT_INSTALLED');
    return toInstallation(row);
  }

  /**
   * Installs `code`, and first every dependency the project lacks (each with its defaults, its
   * hook and its own audit entry). Installing an installed module is refused (409) rather than
   * answered as done: the config it was given would otherwise be silently ignored.
   */
  async install(
    projectId: string,
    code: string,
    config: Record<string, unknown> | undefined,
    actor: Actor,
  ): Promise<IntegrationInstallation> {
    return this.deps.db.transaction((tx) => this.installIn(tx, projectId, code, config, actor));
  }

  /** `install` inside the caller's transaction. */
  async installIn(
    tx: Executor,
    projectId: string,
    code: string,
    config: Record<string, unknown> | undefined,
    actor: Actor,
  ): Promise<IntegrationInstallation> {
    const order = dependencyOrderIn(this.deps.registry, [code]);
    const target = order.at(-1)!;
    // Checked before the lock and the dependencies: a bad value costs no work.
    const targetConfig = parseWith(target.config, config ?? {}, 'config');
    await this.lockProject(tx, projectId);
    const current = await this.rowsOf(tx, projectId, order);
    if (isInstalled(current.get(target.code))) throw alreadyInstalled(target);
    const installed = await this.installMissing(tx, projectId, order, current, actor, (manifest) =>
      manifest === target ? { config: targetConfig, details: {} } : { details: { dependencyOf: target.code } },
    );
    return toInstallation(installed.at(-1)!);
  }

  /**
   * A set of modules (a project template's) inside the caller's transaction: what the project
   * lacks is installed with its defaults, dependencies first, each audited with `details`; what it
   * has stays as it is. Answers the codes installed and kept, in dependency order.
   */
  async installSetIn(
    tx: Executor,
    projectId: string,
    codes: readonly string[],
    actor: Actor,
    details: Record<string, unknown>,
  ): Promise<{ installed: string[]; kept: string[] }> {
    const order = dependencyOrderIn(this.deps.registry, codes);
    await this.lockProject(tx, projectId);
    const current = await this.rowsOf(tx, projectId, order);
    const kept = order.filter((m) => isInstalled(current.get(m.code))).map((m) => m.code);
    const installed = await this.installMissing(tx, projectId, order, current, actor, () => ({ details }));
    return { installed: installed.map((row) => row.code), kept };
  }

  /** Refused, naming them, while installed modules depend on it; the row stays, stamped, for `withUninstalled`. */
  async uninstall(projectId: string, code: string, actor: Actor): Promise<void> {
    const manifest = manifestIn(this.deps.registry, code);
    await this.deps.db.transaction(async (tx) => {
      await this.lockProject(tx, projectId);
      const row = await this.row(tx, projectId, code);
      if (!isInstalled(row)) throw notInstalled('uninstall');
      const others = await tx
        .select({ code: projectIntegrations.code })
        .from(projectIntegrations)
        .where(and(eq(projectIntegrations.projectId, projectId), isNull(projectIntegrations.uninstalledAt)));
      const needing = others
        .map((o) => this.deps.registry.get(o.code))
        .filter((m): m is ModuleManifest => !!m && m.dependsOn.includes(manifest.code))
        .map((m) => m.name);
      if (needing.length > 0) {
        const verb = needing.length === 1 ? 'needs' : 'need';
        const them = needing.length === 1 ? 'it' : 'them';
        throw new AppError(
          409,
          'INTEGRATION_REQUIRED',
          `${names(needing)} ${verb} ${manifest.name}: uninstall ${them} first.`,
        );
      }
      const now = this.deps.clock.now();
      const [gone] = await tx
        .update(projectIntegrations)
        .set({ uninstalledAt: now, updatedAt: now })
        .where(eq(projectIntegrations.id, row.id))
        .returning();
      await manifest.hooks?.uninstall?.(this.hookContext(tx, gone!, gone!.config));
      await this.uninstalled.run(tx, { projectId, code: manifest.code, at: now });
      await actor.audit(tx, { projectId, target: `integration:${manifest.code}` });
      await this.notify(tx, projectId, actor, `${manifest.name} uninstalled`);
    });
  }

  /** PATCH: the config merged over the stored one, then checked whole; credentials for connectors only. */
  async configure(
    projectId: string,
    code: string,
    body: { config?: Record<string, unknown> | undefined; credentials?: Record<string, string> | undefined },
    actor: Actor,
  ): Promise<IntegrationInstallation> {
    return this.change(projectId, code, body, actor, 'configure');
  }

  /** The set-up step: the same body as configure, its own hook, and `setupAt` stamped (again on a repeat). */
  async setup(
    projectId: string,
    code: string,
    body: { config?: Record<string, unknown> | undefined; credentials?: Record<string, string> | undefined },
    actor: Actor,
  ): Promise<IntegrationInstallation> {
    return this.change(projectId, code, body, actor, 'setup');
  }

  /**
   * A connector's Test connection with its stored credentials. Never throws for the provider's sake
   * and never hangs: every request the adapter makes carries the timeout, whatever the adapter does.
   */
  async testConnection(projectId: string, code: string): Promise<ConnectionTest> {
    const manifest = manifestIn(this.deps.registry, code);
    if (!manifest.connector) {
      throw badRequest(`${manifest.name} is not a connector: it has no connection to test.`, 'NOT_A_CONNECTOR');
    }
    const row = await this.row(this.deps.db, projectId, code);
    if (!isInstalled(row)) throw notInstalled('test');
    const checkedAt = () => this.deps.clock.now().toISOString();
    if (!row.credentials) {
      return {
        ok: false,
        message: `Add ${manifest.name}'s credentials first, then test the connection.`,
        checkedAt: checkedAt(),
      };
    }
    const credentials = this.deps.cipher.decrypt(row.credentials, credentialsBinding(projectId, code));
    const timeoutMs = this.deps.connectionTimeoutMs ?? CONNECTION_TIMEOUT_MS;
    // Never the global fetch: a provider's address is the user's to choose (decision 024).
    const baseFetch = this.deps.fetch ?? (defaultOutbound ??= createOutboundFetch());
    // A backstop a little after the adapter's own timeout, for an adapter that forgets its signal.
    const timedFetch: OutboundFetch = (input, init) => {
      const timeout = AbortSignal.timeout(timeoutMs + 500);
      return baseFetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout });
    };
    try {
      const result = await manifest.connector.adapter.testConnection(credentials, { fetch: timedFetch, timeoutMs });
      return { ...result, checkedAt: checkedAt() };
    } catch {
      // The adapters never throw; should one, the answer is still the uniform one.
      return { ok: false, message: couldNotConnect(manifest.name), checkedAt: checkedAt() };
    }
  }

  private async change(
    projectId: string,
    code: string,
    body: { config?: Record<string, unknown> | undefined; credentials?: Record<string, string> | undefined },
    actor: Actor,
    step: 'configure' | 'setup',
  ): Promise<IntegrationInstallation> {
    const manifest = manifestIn(this.deps.registry, code);
    if (body.credentials && !manifest.connector) {
      throw badRequest(`${manifest.name} is not a connector: it takes no credentials.`, 'CREDENTIALS_NOT_ACCEPTED');
    }
    return this.deps.db.transaction(async (tx) => {
      await this.lockProject(tx, projectId);
      const row = await this.row(tx, projectId, code);
      // SPEC.md section 8's words, for set up as for configure: both patch the installation.
      if (!isInstalled(row)) throw notInstalled('patch');
      const before = row.config;
      const config = parseWith(manifest.config, { ...before, ...body.config }, 'config');
      let credentials = row.credentials;
      if (body.credentials && manifest.connector) {
        const binding = credentialsBinding(projectId, code);
        // Write-only fields: a change to one keeps the others the caller cannot see.
        const stored = row.credentials ? this.deps.cipher.decrypt(row.credentials, binding) : {};
        const parsed = parseWith(manifest.connector.credentials, { ...stored, ...body.credentials }, 'credentials');
        credentials = this.deps.cipher.encrypt(parsed as Record<string, string>, binding);
      }
      const now = this.deps.clock.now();
      const [updated] = await tx
        .update(projectIntegrations)
        .set({ config, credentials, updatedAt: now, ...(step === 'setup' ? { setupAt: now } : {}) })
        .where(eq(projectIntegrations.id, row.id))
        .returning();
      const context = this.hookContext(tx, updated!, config);
      if (step === 'setup') await manifest.hooks?.setup?.(context);
      else await manifest.hooks?.configure?.({ ...context, before });
      // Field names only: values may be personal, and credentials never enter the log.
      await actor.audit(tx, {
        projectId,
        target: `integration:${manifest.code}`,
        details: { config: Object.keys(body.config ?? {}), credentials: Object.keys(body.credentials ?? {}) },
      });
      const title = step === 'setup' ? `${manifest.name} set up` : `${manifest.name} settings changed`;
      await this.notify(tx, projectId, actor, title);
      return toInstallation(updated!);
    });
  }

  /** The installation rows (installed or not) of these modules in the project, by code. */
  private async rowsOf(
    tx: Executor,
    projectId: string,
    modules: readonly ModuleManifest[],
  ): Promise<Map<string, InstallationRow>> {
    const rows = await tx
      .select()
      .from(projectIntegrations)
      .where(
        and(
          eq(projectIntegrations.projectId, projectId),
          inArray(
            projectIntegrations.code,
            modules.map((m) => m.code),
          ),
        ),
      );
    return new Map(rows.map((row) => [row.code, row]));
  }

  /**
   * Installs, in `order`, each module not installed in `current` (reviving an uninstalled row):
   * its row, its hook, its audit entry and a notification. `plan` gives a module's config (its
   * defaults when absent) and its audit details. The caller holds the project's lock.
   */
  private async installMissing(
    tx: Executor,
    projectId: string,
    order: readonly ModuleManifest[],
    current: Map<string, InstallationRow>,
    actor: Actor,
    plan: (manifest: ModuleManifest) => { config?: Record<string, unknown>; details: Record<string, unknown> },
  ): Promise<InstallationRow[]> {
    const installed: InstallationRow[] = [];
    for (const manifest of order) {
      const row = current.get(manifest.code);
      if (isInstalled(row)) continue;
      const { config = parseWith(manifest.config, {}, 'config'), details } = plan(manifest);
      const made = await this.writeInstall(tx, projectId, manifest, config, row);
      await manifest.hooks?.install?.(this.hookContext(tx, made, config));
      await actor.audit(tx, {
        projectId,
        target: `integration:${manifest.code}`,
        details: { revived: !!row, ...details },
      });
      await this.notify(tx, projectId, actor, `${manifest.name} installed`);
      installed.push(made);
    }
    return installed;
  }

  private async writeInstall(
    tx: Executor,
    projectId: string,
    manifest: ModuleManifest,
    config: Record<string, unknown>,
    previous: InstallationRow | undefined,
  ): Promise<InstallationRow> {
    const now = this.deps.clock.now();
    // A revived row starts afresh: an old set-up and old credentials belong to the old installation.
    const fresh = { config, credentials: null, installedAt: now, setupAt: null, uninstalledAt: null, updatedAt: now };
    const [row] = previous
      ? await tx.update(projectIntegrations).set(fresh).where(eq(projectIntegrations.id, previous.id)).returning()
      : await tx
          .insert(projectIntegrations)
          .values({ projectId, code: manifest.code, ...fresh })
          .returning();
    return row!;
  }

  private hookContext(tx: Executor, row: InstallationRow, config: Record<string, unknown>) {
    return {
      tx,
      projectId: row.projectId,
      code: row.code as ModuleManifest['code'],
      config,
      now: this.deps.clock.now(),
    };
  }

  private async row(db: Executor, projectId: string, code: string): Promise<InstallationRow | undefined> {
    const [row] = await db
      .select()
      .from(projectIntegrations)
      .where(and(eq(projectIntegrations.projectId, projectId), eq(projectIntegrations.code, code)));
    return row;
  }

  private async lockProject(tx: Executor, projectId: string): Promise<void> {
    if (!(await lockProject(tx, projectId))) throw projectNotFound();
  }

  private async notify(tx: Executor, projectId: string, actor: Actor, title: string): Promise<void> {
    await this.deps.notifications.notifyProject(tx, {
      projectId,
      title,
      ...(actor.userId ? { exceptUserIds: [actor.userId] } : {}),
    });
  }
}
