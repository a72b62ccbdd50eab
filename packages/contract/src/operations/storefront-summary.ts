import { defineOperation, type Operation } from '../operation.js';
import { ApiErrorBody } from '../schemas/common.js';
import { StorefrontSummary, StorefrontSummaryQuery } from '../schemas/storefront-summary.js';
import { z } from 'zod';

/** The dashboard's storefront card (issue 22): the shop's orders and revenue per day. */
export const storefrontSummaryOperations = {
  getStorefrontSummary: defineOperation({
    operationId: 'getStorefrontSummary',
    method: 'GET',
    path: '/v1/platform/{platformId}/orders/summary',
    summary:
      "The shop's orders and revenue per calendar day (in the project's time zone, else UTC) over the last `days` days (7 to 90, 30 by default), today included and days without orders as zero, with the totals of the period and of the one before it. Orders counts every order placed; revenue adds up the paid ones (paid, processing, complete), by the day they were placed",
    tags: ['storefront'],
    params: z.object({ platformId: z.uuid() }),
    query: StorefrontSummaryQuery,
    responses: { 200: StorefrontSummary, 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody },
    access: { kind: 'permission', permission: 'orders.read' },
    audited: false,
  }),
} satisfies Record<string, Operation>;
