import { z } from 'zod';

export const Organisation = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'Organisation' });

export const ProjectLogo = z
  .object({
    url: z.url().max(2048),
    meta: z.object({ context: z.string().min(1).max(50), backgroundColor: z.string().max(30).optional() }),
  })
  .meta({ id: 'ProjectLogo' });

/** SPEC.md section 3: id, name, integrations, logos, platform.name, billing data (plan.code, flags). */
export const Project = z
  .object({
    id: z.uuid(),
    name: z.string(),
    organisationId: z.uuid(),
    integrations: z.array(z.object({ code: z.string() })),
    logos: z.array(ProjectLogo),
    platform: z.object({ name: z.string() }),
    billing: z.object({
      plan: z.object({ code: z.string() }),
      flags: z.array(z.object({ code: z.string(), message: z.string(), level: z.string() })),
    }),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

const ProjectName = z.string().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.');

export const CreateProjectRequest = z
  .object({
    name: ProjectName,
    /** An organisation the user belongs to; or a name, to create a new organisation with the project. */
    organisationId: z.uuid().optional(),
    organisationName: z.string().trim().min(1).max(100).optional(),
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
  .object({ email: z.email('Enter a valid email address.').max(254), role: RoleKey })
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
  .object({ roles: z.array(RoleKey).min(1, 'Give at least one role.').max(5) })
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
