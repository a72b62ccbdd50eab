import { z } from 'zod';
import { defineOperation } from '../operation.js';
import {
  BillingProject,
  CreateTransactionRequest,
  ListTransactionsQuery,
  Plan,
  Transaction,
  TransactionPage,
  UpdateAdminBillingProjectRequest,
  UpdateBillingProjectRequest,
  UpdateWalletRequest,
  Wallet,
} from '../schemas/billing.js';
import { ApiErrorBody } from '../schemas/common.js';

const tags = ['billing'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
/**
 * Billing writes can also meet: 402 INSUFFICIENT_BALANCE, 409 COMPANY_NOT_FOUND (company details
 * not set), 409 IDEMPOTENCY_KEY_IN_USE and 422 IDEMPOTENCY_KEY_REUSED (see docs/decisions/015).
 */
const writeErrors = { ...errors, 402: ApiErrorBody, 409: ApiErrorBody, 422: ApiErrorBody };
/** SPEC.md section 7: every billing call names its project in the query. */
const projectQuery = z.object({ project: z.uuid() });
const idParams = z.object({ id: z.uuid() });
const read = { kind: 'permission', permission: 'billing.read' } as const;
const manage = { kind: 'permission', permission: 'billing.manage' } as const;

/** SPEC.md section 7, "Billing": the foundation (billing project, plans, wallets, transactions). */
export const billingOperations = {
  getBillingProject: defineOperation({
    operationId: 'getBillingProject',
    method: 'GET',
    path: '/v1/billing/billing',
    summary: "The project's billing: company details, currency, plan, credit limit, auto-pay and account alerts",
    tags,
    query: projectQuery,
    responses: { 200: BillingProject, ...errors },
    access: read,
    audited: false,
  }),
  updateBillingProject: defineOperation({
    operationId: 'updateBillingProject',
    method: 'PATCH',
    path: '/v1/billing/billing',
    summary: 'Change company details, auto-pay, or the currency (only while there are no transactions)',
    tags,
    query: projectQuery,
    body: UpdateBillingProjectRequest,
    bodyName: 'updateBillingProjectRequest',
    responses: { 200: BillingProject, ...writeErrors },
    access: manage,
    audited: true,
  }),
  updateAdminBillingProject: defineOperation({
    operationId: 'updateAdminBillingProject',
    method: 'PATCH',
    path: '/v1/billing/admin',
    summary: "Platform administrators: set a project's credit limit",
    tags,
    query: projectQuery,
    body: UpdateAdminBillingProjectRequest,
    bodyName: 'updateAdminBillingProjectRequest',
    responses: { 200: BillingProject, ...errors },
    access: { kind: 'admin' },
    audited: true,
  }),
  listPlans: defineOperation({
    operationId: 'listPlans',
    method: 'GET',
    path: '/v1/billing/plans',
    summary: 'The plans on offer, with monthly prices and included features',
    tags,
    query: projectQuery,
    responses: { 200: z.array(Plan), ...errors },
    access: read,
    audited: false,
  }),
  listWallets: defineOperation({
    operationId: 'listWallets',
    method: 'GET',
    path: '/v1/billing/wallets',
    summary: "The project's wallets, one per currency",
    tags,
    query: projectQuery,
    responses: { 200: z.array(Wallet), ...errors },
    access: read,
    audited: false,
  }),
  getWallet: defineOperation({
    operationId: 'getWallet',
    method: 'GET',
    path: '/v1/billing/wallets/{id}',
    summary: 'A wallet',
    tags,
    params: idParams,
    query: projectQuery,
    responses: { 200: Wallet, ...errors },
    access: read,
    audited: false,
  }),
  updateWallet: defineOperation({
    operationId: 'updateWallet',
    method: 'PATCH',
    path: '/v1/billing/wallets/{id}',
    summary: "Set or clear the wallet's auto top-up (threshold and amount)",
    tags,
    params: idParams,
    query: projectQuery,
    body: UpdateWalletRequest,
    bodyName: 'updateWalletRequest',
    responses: { 200: Wallet, ...writeErrors },
    access: manage,
    audited: true,
  }),
  createTransaction: defineOperation({
    operationId: 'createTransaction',
    method: 'POST',
    path: '/v1/billing/transactions',
    summary:
      'Raise a charge, credit or adjustment for an integration. Honours Idempotency-Key. 402 when a charge exceeds the balance and credit',
    tags,
    query: projectQuery,
    body: CreateTransactionRequest,
    bodyName: 'createTransactionRequest',
    responses: { 201: Transaction, ...writeErrors },
    access: manage,
    audited: true,
  }),
  listTransactions: defineOperation({
    operationId: 'listTransactions',
    method: 'GET',
    path: '/v1/billing/transactions',
    summary: "The project's transactions, newest first",
    tags,
    query: ListTransactionsQuery,
    responses: { 200: TransactionPage, ...errors },
    access: read,
    audited: false,
  }),
  getTransaction: defineOperation({
    operationId: 'getTransaction',
    method: 'GET',
    path: '/v1/billing/transactions/{id}',
    summary: 'A transaction',
    tags,
    params: idParams,
    query: projectQuery,
    responses: { 200: Transaction, ...errors },
    access: read,
    audited: false,
  }),
  confirmTransaction: defineOperation({
    operationId: 'confirmTransaction',
    method: 'POST',
    path: '/v1/billing/transactions/{id}/confirm',
    summary: 'Confirm a pending transaction: it then counts in the balance. Honours Idempotency-Key',
    tags,
    params: idParams,
    query: projectQuery,
    responses: { 200: Transaction, ...writeErrors },
    access: manage,
    audited: true,
  }),
};
