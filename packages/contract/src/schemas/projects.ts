import { z } from 'zod';
import { RouteRef } from './notifications.js';

export const Organisation = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** Members without two-factor authentication cannot list projects or organisations (SPEC.md section 8). */
    requireTwoFactor: z.boolean(),
  })
  .meta({ id: 'Organisation' });
export type Organisation = z.infer<typeof Organisation>;

export const ProjectLogo = z
  .object({
    url: z.url().max(2048),
    meta: z.object({ context: z.string().min(1).max(50), backgroundColor: z.string().max(30).optional() }),
  })
  .meta({ id: 'ProjectLogo' });

/** How a project sells and measures; a template fills them in. Every field is optional. */
export const ProjectSettings = z
  .object({
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'Use an ISO 4217 code such as EUR.')
      .optional(),
    timezone: z.string().min(1).max(64).optional(),
    weightUnit: z.enum(['g', 'kg', 'lb', 'oz']).optional(),
  })
  .meta({ id: 'ProjectSettings' });
export type ProjectSettings = z.infer<typeof ProjectSettings>;

/** SPEC.md section 3: id, name, integrations, logos, platform.name, billing data (plan.code, flags). */
export const Project = z
  .object({
    id: z.uuid(),
    name: z.string(),
    organisationId: z.uuid(),
    integrations: z.array(z.object({ code: z.string() })),
    logos: z.array(ProjectLogo),
    settings: ProjectSettings,
    platform: z.object({ name: z.string() }),
    billing: z.object({
      plan: z.object({ code: z.string() }),
      /** SPEC.md section 3: flags "each with message, level, actions" (the billing project's, BillingFlag). */
      flags: z.array(
        z.object({
          code: z.string(),
          message: z.string(),
          level: z.string(),
          actions: z.array(z.object({ text: z.string(), style: z.string().optional(), route: RouteRef.optional() })),
        }),
      ),
    }),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

const ProjectName = z.string().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.');

/** A template's key (`shop`); which keys exist is the server's catalogue, so an unknown one is a 404, not a 400. */
export const TemplateKey = z.string().regex(/^[a-z0-9-]{1,50}$/, 'Use a template key such as shop.');

export const CreateProjectRequest = z
  .object({
    name: ProjectName,
    /** An organisation the user belongs to; or a name, to create a new organisation with the project. */
    organisationId: z.uuid().optional(),
    organisationName: z.string().trim().min(1).max(100).optional(),
    /** A template to install in the same transaction (GET /v1/projects/templates lists them). */
    template: TemplateKey.optional(),
  })
  .refine((v) => Boolean(v.organisationId) !== Boolean(v.organisationName), {
    message: 'Choose an organisation or name a new one.',
    path: ['organisationId'],
  })
  .meta({ id: 'CreateProjectRequest' });

export const UpdateProjectRequest = z
  .object({ name: ProjectName.optional(), logos: z.array(ProjectLogo).max(10).optional() })
  .meta({ id: 'UpdateProjectRequest' });

export const CreateOrganisationRequest = z
  .object({ name: z.string().trim().min(1, 'Enter a name.').max(100) })
  .meta({ id: 'CreateOrganisationRequest' });

/** Only the fields given change. */
export const UpdateOrganisationRequest = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(100).optional(),
    requireTwoFactor: z.boolean().optional(),
  })
  .meta({ id: 'UpdateOrganisationRequest' });

/** A starting point for a project: custom roles, settings and modules (their dependencies come along). */
export const ProjectTemplate = z
  .object({
    key: z.string(),
    name: z.string(),
    description: z.string(),
    roles: z.array(
      z.object({ key: z.string(), name: z.string(), description: z.string(), permissions: z.array(z.string()) }),
    ),
    settings: ProjectSettings,
    modules: z.array(z.string()),
  })
  .meta({ id: 'ProjectTemplate' });
export type ProjectTemplate = z.infer<typeof ProjectTemplate>;

/**
 * Without `overwrite`, installing adds what is missing: roles whose key the project lacks, settings it
 * has not set. With it, the template's roles and settings replace the project's of the same key.
 */
export const InstallTemplateRequest = z
  .object({ overwrite: z.boolean().optional() })
  .meta({ id: 'InstallTemplateRequest' });

/** What an installation did, by role key and module code, and the project as it now is. */
export const TemplateInstallation = z
  .object({
    template: z.string(),
    roles: z.object({ created: z.array(z.string()), updated: z.array(z.string()), kept: z.array(z.string()) }),
    /** Modules installed now (dependencies included), and those the project had, left untouched. */
    modules: z.object({ installed: z.array(z.string()), kept: z.array(z.string()) }),
    project: Project,
  })
  .meta({ id: 'TemplateInstallation' });

export const RoleKey = z.enum(['owner', 'admin', 'member', 'finance', 'viewer']);

export const Invite = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: z.string(),
    status: z.enum(['pending', 'expired', 'accepted', 'revoked']),
    createdAt: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'Invite' });

export const CreateInviteRequest = z
  .object({
    email: z.email('Enter a valid email address.').max(254),
    /** A built-in role's key (`member`) or the project's own (`custom:ops-support`), as Change role offers. */
    role: z.string().min(1, 'Choose a role.').max(200),
  })
  .meta({ id: 'CreateInviteRequest' });

export const Member = z
  .object({
    user: z.object({
      id: z.uuid(),
      email: z.string(),
      username: z.string().nullable(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      avatar: z.string().nullable(),
    }),
    roles: z.array(z.string()),
    joinedAt: z.string(),
  })
  .meta({ id: 'Member' });

export const UpdateMemberRequest = z
  // Role keys: the built-in ones or the project's custom roles (`custom:…`).
  .object({ roles: z.array(z.string().min(1).max(80)).min(1, 'Give at least one role.').max(5) })
  .meta({ id: 'UpdateMemberRequest' });

export const AuthKey = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z.string(),
    permissions: z.array(z.string()),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'AuthKey' });

export const CreateAuthKeyRequest = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(100),
    permissions: z.array(z.string().max(100)).min(1, 'Choose at least one permission.').max(50),
  })
  .meta({ id: 'CreateAuthKeyRequest' });

/** The secret is in this answer only; it is never shown again. */
export const CreatedAuthKey = z.object({ key: AuthKey, secret: z.string() }).meta({ id: 'CreatedAuthKey' });
