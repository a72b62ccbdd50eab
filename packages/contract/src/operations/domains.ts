import { z } from 'zod';
import { defineOperation, type Operation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import {
  AddPlatformDomainRequest,
  CreateDomainRequest,
  PlatformDomainList,
  ProjectDomain,
  ProjectDomainList,
  UpdatePlatformRequest,
} from '../schemas/domains.js';
import { Platform } from '../schemas/platform.js';

const tags = ['platform'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
const inProject = z.object({ project: z.uuid() });
/** A domain in a path: matched lower-cased, without a trailing dot. */
const domainParams = z.object({ domain: z.string().min(1).max(300) });
const readDomains = { kind: 'permission', permission: 'domains.read' } as const;
const manageDomains = { kind: 'permission', permission: 'domains.manage' } as const;
const admin = { kind: 'admin' } as const;
/**
 * The platform settings' calls act on the platform of the project named, else on the platform serving
 * the request's host (an administrator with no project of their own can still reach it).
 */
const onPlatform = z.object({ project: z.uuid().optional() });

/**
 * Domains and platform settings (SPEC.md section 7 "Platform", issue 22, decision 036): a project's
 * custom domains, proved by a DNS TXT record that a background job checks with back-off; the
 * platform's own domains, name, visibility and brand, for platform administrators, on the platform of
 * the project the call names, or of the request's host.
 */
export const domainOperations = {
  listProjectDomains: defineOperation({
    operationId: 'listProjectDomains',
    method: 'GET',
    path: '/v1/platform/client/domains',
    summary:
      "The project's custom domains, oldest first, each with its status (pending, verified, failed with the reason) and the TXT record that proves it; and the project's Website: its first verified custom domain and the address the platform gives it",
    tags,
    query: inProject,
    responses: { 200: ProjectDomainList, ...errors },
    access: readDomains,
    audited: false,
  }),
  createProjectDomain: defineOperation({
    operationId: 'createProjectDomain',
    method: 'POST',
    path: '/v1/platform/client/domains',
    summary:
      "Add a custom domain: a host name of two labels or more (an IDN is kept in punycode), not an IP address, not one of the platform's domains. It starts pending; create its TXT record and the background job verifies it. 409 when the project has it already or another project holds it verified",
    tags,
    query: inProject,
    body: CreateDomainRequest,
    bodyName: 'createDomainRequest',
    responses: { 201: ProjectDomain, ...errors, 409: ApiErrorBody },
    access: manageDomains,
    audited: true,
  }),
  deleteProjectDomain: defineOperation({
    operationId: 'deleteProjectDomain',
    method: 'DELETE',
    path: '/v1/platform/client/domains/{domain}',
    summary: 'Remove a custom domain from the project, whatever its status; its checks stop',
    tags,
    params: domainParams,
    query: inProject,
    responses: { 204: z.undefined(), ...errors },
    access: manageDomains,
    audited: true,
  }),
  checkProjectDomain: defineOperation({
    operationId: 'checkProjectDomain',
    method: 'POST',
    path: '/v1/platform/client/domains/{domain}/check',
    summary:
      'Check the TXT record now and answer the domain. A failed domain starts its checks over; a verified one is answered as it is. At most once every 10 seconds per domain (429)',
    tags,
    params: domainParams,
    query: inProject,
    responses: { 200: ProjectDomain, ...errors, 429: ApiErrorBody },
    access: manageDomains,
    audited: false,
  }),
  listPlatformDomains: defineOperation({
    operationId: 'listPlatformDomains',
    method: 'GET',
    path: '/v1/platform/domains',
    summary: "Platform administrators: the domains of the project's platform, the canonical one first",
    tags,
    query: onPlatform,
    responses: { 200: PlatformDomainList, ...errors },
    access: admin,
    audited: false,
  }),
  addPlatformDomain: defineOperation({
    operationId: 'addPlatformDomain',
    method: 'POST',
    path: '/v1/platform/domains',
    summary:
      "Platform administrators: add a domain to the project's platform, last. 409 when a platform or a project's verified custom domain has it",
    tags,
    query: onPlatform,
    body: AddPlatformDomainRequest,
    bodyName: 'addPlatformDomainRequest',
    responses: { 201: PlatformDomainList, ...errors, 409: ApiErrorBody },
    access: admin,
    audited: true,
  }),
  removePlatformDomain: defineOperation({
    operationId: 'removePlatformDomain',
    method: 'DELETE',
    path: '/v1/platform/domains/{domain}',
    summary:
      "Platform administrators: remove a domain from the project's platform. Its last domain stays (409): a platform needs one to be reached",
    tags,
    params: domainParams,
    query: onPlatform,
    responses: { 200: PlatformDomainList, ...errors, 409: ApiErrorBody },
    access: admin,
    audited: true,
  }),
  getPlatformSettings: defineOperation({
    operationId: 'getPlatformSettings',
    method: 'GET',
    path: '/v1/platform',
    summary: "Platform administrators: the project's platform as it is stored now (never a cached copy)",
    tags,
    query: onPlatform,
    responses: { 200: Platform, ...errors },
    access: admin,
    audited: false,
  }),
  updatePlatform: defineOperation({
    operationId: 'updatePlatform',
    method: 'PATCH',
    path: '/v1/platform',
    summary:
      "Platform administrators: change the project's platform: name, public flag, favicon and logos (public images of the project's drive, kept as their public addresses) and the order of its domains (the same set; the first is canonical)",
    tags,
    query: onPlatform,
    body: UpdatePlatformRequest,
    bodyName: 'updatePlatformRequest',
    responses: { 200: Platform, ...errors },
    access: admin,
    audited: true,
  }),
} satisfies Record<string, Operation>;
