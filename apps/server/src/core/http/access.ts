import type { Access } from '@wharf/contract';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../errors.js';

/** Who is calling: a signed-in user, or a project auth key acting for one project. */
export interface Principal {
  kind: 'user' | 'authKey';
  /** How the caller proved who they are: a console session cookie, or a bearer token. */
  via: 'session' | 'bearer';
  userId: string;
  isAdmin: boolean;
  /** Set for auth keys: the one project the key may touch. */
  projectId?: string;
  /** Set for bearer tokens: when the token stops working (seconds since the epoch). */
  tokenExpiresAt?: number;
  /** Set for auth keys: the permissions the key was given. */
  permissions?: readonly string[];
}

/**
 * How the access hook learns who is calling and what they may do. The accounts and access-control
 * modules provide the real one; until a request proves otherwise, nobody is signed in.
 */
export interface AccessResolver {
  /** Who is calling, by the credential the access kind uses: the session cookie for `session`, else a bearer token. */
  authenticate(request: FastifyRequest, access: Access): Promise<Principal | null>;
  hasPermission(principal: Principal, projectId: string, permission: string): Promise<boolean>;
}

export const anonymousResolver: AccessResolver = {
  authenticate: async () => null,
  hasPermission: async () => false,
};

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The project a call names: its `{project}` path parameter, else its `project` query parameter. */
export function projectOf(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, unknown> | undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const value = params?.project ?? query?.project;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Step 1, before the body is read: establish the caller; refuse anonymous calls to non-public
 * operations. Public operations skip it: they cost no token check or session read.
 */
export async function authenticateFor(access: Access, request: FastifyRequest, resolver: AccessResolver) {
  if (access.kind === 'public') return;
  request.principal = await resolver.authenticate(request, access);
  if (!request.principal) throw unauthenticated();
}

/** Step 2, after validation: the declared access, checked against the caller and the project named. */
export async function authorizeFor(access: Access, request: FastifyRequest, resolver: AccessResolver) {
  const principal = request.principal;
  if (access.kind === 'public') return;
  if (!principal) throw unauthenticated();
  // A key stands for one project: it may call that project's operations and nothing about a user.
  if (principal.kind === 'authKey' && access.kind !== 'permission') {
    throw forbidden('API keys can only call operations of their project.');
  }
  if (access.kind === 'session') return;
  if (access.kind === 'user') {
    // A project is optional here; named, it must be one where the caller holds the permission.
    const projectId = projectOf(request);
    if (access.projectPermission && projectId)
      await requirePermission(resolver, principal, projectId, access.projectPermission);
    return;
  }
  if (access.kind === 'admin') {
    if (!principal.isAdmin || principal.kind !== 'user') throw forbidden('Only platform administrators can do this.');
    return;
  }
  const projectId = projectOf(request);
  // No project means denied (SPEC.md section 6).
  if (!projectId) throw forbidden('This call needs a project.');
  await requirePermission(resolver, principal, projectId, access.permission);
}

/** Refuses (403) a caller who lacks the permission in the project; a key never reaches beyond its own. */
export async function requirePermission(
  resolver: AccessResolver,
  principal: Principal,
  projectId: string,
  permission: string,
) {
  if (principal.projectId && principal.projectId !== projectId) throw forbidden();
  if (!(await resolver.hasPermission(principal, projectId, permission))) {
    throw forbidden(`You need the ${permission} permission in this project.`);
  }
}
