import type {
  BillingProject,
  Invoice,
  InvoiceStatus,
  Overview,
  PaymentMethod,
  Plan,
  Summary,
  Transaction,
  UpdateBillingProjectRequest,
  Wallet,
} from '@wharf/contract';
import type { CallOptions } from '@wharf/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../app/api-client';
import type { ArgsOf } from '../../app/api-types';
import { projectKeys } from '../projects/api/projects';

export type { BillingProject, Invoice, InvoiceStatus, Overview, PaymentMethod, Plan, Summary, Transaction, Wallet };

/** Rows per page of the billing tables (the server allows up to 100). */
export const BILLING_PAGE_SIZE = 20;

export const billingKeys = {
  all: (project: string) => ['billing', project] as const,
  project: (project: string) => [...billingKeys.all(project), 'project'] as const,
  overview: (project: string) => [...billingKeys.all(project), 'overview'] as const,
  plans: (project: string) => [...billingKeys.all(project), 'plans'] as const,
  wallets: (project: string) => [...billingKeys.all(project), 'wallets'] as const,
  paymentMethods: (project: string) => [...billingKeys.all(project), 'payment-methods'] as const,
  invoices: (project: string, filter: object) => [...billingKeys.all(project), 'invoices', filter] as const,
  invoiceLines: (project: string, invoice: string) => [...billingKeys.all(project), 'invoice-lines', invoice] as const,
  invoiceAttempts: (project: string, invoice: string) =>
    [...billingKeys.all(project), 'invoice-attempts', invoice] as const,
  transactions: (project: string, filter: object) => [...billingKeys.all(project), 'transactions', filter] as const,
  summaries: (project: string, filter: object) => [...billingKeys.all(project), 'summaries', filter] as const,
};

/** A header the server dedupes writes by (docs/decisions/015): one key per submission, kept for its retries. */
export function idempotent(key: string): CallOptions {
  return { headers: { 'Idempotency-Key': key } };
}

/** Anything billing changes can move the balance, the alerts and the lists: read them all again. */
function useBillingChanged(project: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billingKeys.all(project) }),
      // The project list carries the plan and the alerts too (the menu, the announcement bar).
      queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
    ]);
}

export function useBillingProject(project: string, enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingKeys.project(project),
    queryFn: ({ signal }) => client.getBillingProject({ project }, { signal }),
    enabled,
  });
}

export function useOverview(project: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingKeys.overview(project),
    queryFn: ({ signal }) => client.getOverview({ project }, { signal }),
  });
}

export function usePlans(project: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingKeys.plans(project),
    queryFn: ({ signal }) => client.listPlans({ project }, { signal }),
  });
}

export function useWallets(project: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingKeys.wallets(project),
    queryFn: ({ signal }) => client.listWallets({ project }, { signal }),
  });
}

export function usePaymentMethods(project: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingKeys.paymentMethods(project),
    queryFn: ({ signal }) => client.listPaymentMethods({ project }, { signal }),
  });
}

export interface InvoiceFilter {
  status?: InvoiceStatus | undefined;
  search?: string | undefined;
  pageToken?: string | undefined;
}

/** One page of invoices; the previous page stays on screen while the next loads. */
export function useInvoices(project: string, filter: InvoiceFilter) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingKeys.invoices(project, filter),
    queryFn: ({ signal }) =>
      client.listInvoices({ project, pageSize: BILLING_PAGE_SIZE, ...defined(filter) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface TransactionFilter {
  integration?: string | undefined;
  search?: string | undefined;
  invoice?: string | undefined;
  pageToken?: string | undefined;
}

export function useTransactions(project: string, filter: TransactionFilter) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingKeys.transactions(project, filter),
    queryFn: ({ signal }) =>
      client.listTransactions({ project, pageSize: BILLING_PAGE_SIZE, ...defined(filter) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceAttempts(project: string, invoice: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingKeys.invoiceAttempts(project, invoice),
    queryFn: ({ signal }) => client.listInvoicePaymentAttempts({ project, id: invoice, pageSize: 50 }, { signal }),
  });
}

export function useSummaries(project: string, filter: { pageToken?: string | undefined }) {
  const client = useApiClient();
  return useQuery({
    queryKey: billingKeys.summaries(project, filter),
    queryFn: ({ signal }) =>
      client.listSummaries({ project, pageSize: BILLING_PAGE_SIZE, ...defined(filter) }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Only the filters that are set: an empty search is no search. */
function defined<T extends object>(filter: T): Partial<T> {
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

export function useUpdateBillingProject(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const changed = useBillingChanged(project);
  return useMutation({
    mutationFn: (body: UpdateBillingProjectRequest) =>
      client.updateBillingProject({ project, updateBillingProjectRequest: body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(billingKeys.project(project), saved);
      await changed();
    },
  });
}

export function useUpdateWallet(project: string) {
  const client = useApiClient();
  const changed = useBillingChanged(project);
  return useMutation({
    mutationFn: (args: Omit<ArgsOf<'updateWallet'>, 'project'>) => client.updateWallet({ project, ...args }),
    onSuccess: changed,
  });
}

/** A wallet top-up: a `payment` charged to the default payment method. */
export function useTopUp(project: string) {
  const client = useApiClient();
  const changed = useBillingChanged(project);
  return useMutation({
    mutationFn: ({ amount, currency, key }: { amount: number; currency: string; key: string }) =>
      client.createTransaction(
        {
          project,
          createTransactionRequest: {
            type: 'payment',
            amount,
            currency,
            integration: 'billing',
            sourceReference: 'console-top-up',
            confirm: true,
          },
        },
        idempotent(key),
      ),
    onSuccess: changed,
  });
}

export function usePayInvoice(project: string) {
  const client = useApiClient();
  const changed = useBillingChanged(project);
  return useMutation({
    mutationFn: ({ id, key }: { id: string; key: string }) =>
      client.payInvoice({ project, id, payInvoiceRequest: {} }, idempotent(key)),
    onSuccess: changed,
  });
}

export function useConfirmTransaction(project: string) {
  const client = useApiClient();
  const changed = useBillingChanged(project);
  return useMutation({
    mutationFn: ({ id, key }: { id: string; key: string }) =>
      client.confirmTransaction({ project, id }, idempotent(key)),
    onSuccess: changed,
  });
}

export function useCreateSummary(project: string) {
  const client = useApiClient();
  const changed = useBillingChanged(project);
  return useMutation({
    mutationFn: ({ periodStart, periodEnd, key }: { periodStart: string; periodEnd: string; key: string }) =>
      client.createSummary({ project, createSummaryRequest: { periodStart, periodEnd } }, idempotent(key)),
    onSuccess: changed,
  });
}

export function useDeleteSummary(project: string) {
  const client = useApiClient();
  const changed = useBillingChanged(project);
  return useMutation({
    mutationFn: (id: string) => client.deleteSummary({ project, id }),
    onSuccess: changed,
  });
}

export function useCreatePaymentMethod(project: string) {
  const client = useApiClient();
  const changed = useBillingChanged(project);
  return useMutation({
    mutationFn: ({ body, key }: { body: ArgsOf<'createPaymentMethod'>['createPaymentMethodRequest']; key: string }) =>
      client.createPaymentMethod({ project, createPaymentMethodRequest: body }, idempotent(key)),
    onSuccess: changed,
  });
}

export function useSetDefaultPaymentMethod(project: string) {
  const client = useApiClient();
  const changed = useBillingChanged(project);
  return useMutation({
    mutationFn: (id: string) =>
      client.updatePaymentMethod({ project, id, updatePaymentMethodRequest: { isDefault: true } }),
    onSuccess: changed,
  });
}

export function useDeletePaymentMethod(project: string) {
  const client = useApiClient();
  const changed = useBillingChanged(project);
  return useMutation({
    mutationFn: (id: string) => client.deletePaymentMethod({ project, id }),
    onSuccess: changed,
  });
}
