import { z } from 'zod';
import { ApiErrorBody } from '../schemas/common.js';

/** What every billing operation shares (billing.ts and billing-documents.ts). */
export const tags = ['billing'];
export const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
/**
 * Billing writes can also meet: 402 INSUFFICIENT_BALANCE (or, for a payment, 402 CARD_DECLINED,
 * CARD_INSUFFICIENT_FUNDS, CARD_EXPIRED), 409 COMPANY_NOT_FOUND (company details
 * not set), 409 IDEMPOTENCY_KEY_IN_USE and 422 IDEMPOTENCY_KEY_REUSED (see docs/decisions/015).
 */
export const writeErrors = { ...errors, 402: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody };
/** SPEC.md section 7: every billing call names its project in the query. */
export const projectQuery = z.object({ project: z.uuid() });
export const idParams = z.object({ id: z.uuid() });
export const read = { kind: 'permission', permission: 'billing.read' } as const;
export const manage = { kind: 'permission', permission: 'billing.manage' } as const;
