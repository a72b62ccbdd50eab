import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import { Platform } from '../schemas/platform.js';

export const platformOperations = {
  getPlatform: defineOperation({
    operationId: 'getPlatform',
    method: 'GET',
    path: '/omnis/v3/platform',
    summary: "The platform serving this request: the project's platform, else the one owning the host",
    tags: ['platform'],
    query: z.object({
      project: z.uuid().optional().describe('A project id; its platform wins over the host'),
    }),
    responses: { 200: Platform, 400: ApiErrorBody },
    access: { kind: 'public' },
    audited: false,
  }),
};
