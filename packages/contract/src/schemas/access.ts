import { z } from 'zod';
import { permissions, type Permission } from '../permissions.js';
import { Member, RoleKey } from './projects.js';

export const PermissionName = z.enum(permissions as [Permission, ...Permission[]]);

export const PermissionInfo = z.object({ key: z.string(), description: z.string() }).meta({ id: 'PermissionInfo' });

export const EnforceRequest = z
  .object({
    project: z.uuid(),
    user: z.uuid(),
    permissions: z.array(PermissionName).min(1).max(50),
  })
  .meta({ id: 'EnforceRequest' });

const decision = {
  permissions: z.object({ granted: z.array(z.string()), denied: z.array(z.string()) }),
  resolutions: z.object({
    roles: z.array(z.object({ id: z.uuid(), key: z.string(), name: z.string(), grants: z.array(z.string()) })),
  }),
};

/** SPEC.md section 3: permissions.granted, permissions.denied, resolutions.roles. */
export const EnforceResponse = z.object(decision).meta({ id: 'EnforceResponse' });
/** A 403 still carries the lists and resolutions (SPEC.md section 6), beside the usual code and message. */
export const EnforceDenied = z
  .object({ code: z.string(), message: z.string(), ...decision })
  .meta({ id: 'EnforceDenied' });

export const Role = z
  .object({
    id: z.uuid(),
    key: z.string(),
    name: z.string(),
    description: z.string(),
    permissions: z.array(z.string()),
    builtIn: z.boolean(),
  })
  .meta({ id: 'Role' });

const RoleName = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(60, 'Use at most 60 characters.')
  // The role's key is made from the letters and digits of its name.
  .refine((name) => /[\p{L}\p{N}]/u.test(name), 'Use at least one letter or digit.');
const RoleDescription = z.string().trim().max(280, 'Use at most 280 characters.');
const RolePermissions = z.array(PermissionName).max(100);

/** A project's own role; its key is made from its name. */
export const CreateRoleRequest = z
  .object({ name: RoleName, description: RoleDescription.optional(), permissions: RolePermissions })
  .meta({ id: 'CreateRoleRequest' });

/** Only the fields given change. */
export const UpdateRoleRequest = z
  .object({
    name: RoleName.optional(),
    description: RoleDescription.optional(),
    permissions: RolePermissions.optional(),
  })
  .meta({ id: 'UpdateRoleRequest' });

/** A catalogue permission and the built-in roles that grant it (platform admins). */
export const AdminPermission = z
  .object({ key: z.string(), description: z.string(), roles: z.array(z.string()) })
  .meta({ id: 'AdminPermission' });

/** The built-in roles that should grant a permission; the owner role always does. */
export const UpdatePermissionRequest = z
  .object({ roles: z.array(RoleKey).max(10) })
  .meta({ id: 'UpdatePermissionRequest' });

/** A member with their role keys and every permission those roles grant. */
export const MemberAccess = Member.extend({ permissions: z.array(z.string()) }).meta({ id: 'MemberAccess' });

export const RoleHolder = z.object({ id: z.uuid(), email: z.string() }).meta({ id: 'RoleHolder' });

export const AuditEntry = z
  .object({
    id: z.uuid(),
    at: z.string(),
    operationId: z.string(),
    actorUserId: z.string().nullable(),
    actorKind: z.string(),
    projectId: z.string().nullable(),
    target: z.string().nullable(),
    ip: z.string().nullable(),
    result: z.enum(['success', 'failure']),
    status: z.number().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEntry' });
