import { defineOperation } from '../operation.js';
import { HealthStatus } from '../schemas/common.js';

const healthResponses = { 200: HealthStatus, 503: HealthStatus } as const;
const publicAccess = { kind: 'public' } as const;

/** Load balancers and the spec's per-service health calls; each one checks the database. */
export const healthOperations = {
  healthz: defineOperation({
    operationId: 'healthz',
    method: 'GET',
    path: '/healthz',
    summary: 'Health of the server and its database',
    tags: ['health'],
    responses: healthResponses,
    access: publicAccess,
    audited: false,
  }),
  authHealthz: defineOperation({
    operationId: 'authHealthz',
    method: 'GET',
    path: '/v1/auth/healthz',
    summary: 'Health of the auth service',
    tags: ['health'],
    responses: healthResponses,
    access: publicAccess,
    audited: false,
  }),
  driveHealthz: defineOperation({
    operationId: 'driveHealthz',
    method: 'GET',
    path: '/v1/drive/healthz',
    summary: 'Health of the drive service',
    tags: ['health'],
    responses: healthResponses,
    access: publicAccess,
    audited: false,
  }),
  enforcerHealthz: defineOperation({
    operationId: 'enforcerHealthz',
    method: 'GET',
    path: '/v1/enforcer/healthz',
    summary: 'Health of the access-control service',
    tags: ['health'],
    responses: healthResponses,
    access: publicAccess,
    audited: false,
  }),
};
