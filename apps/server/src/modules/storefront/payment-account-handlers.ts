import type { operations, PaymentAccount } from '@wharf/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError, badRequest } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { AccountGatewayError, type PaymentAccountGateway } from './payments/account-gateway.js';
import { signAuthorizationState, verifyAuthorizationState } from './payments/authorization-state.js';
import { storefrontPaymentAccounts } from './schema.js';

type PaymentAccountOperations = Pick<
  typeof operations,
  'getPaymentAccount' | 'authorizePaymentAccount' | 'completePaymentAuthorization' | 'deauthorizePaymentAccount'
>;

export interface PaymentAccountDeps {
  db: Database;
  clock: Clock;
  gateway: PaymentAccountGateway;
  /** `secret('storefront-oauth-state')`: signs the OAuth state, shared by every process. */
  stateSecret: string;
  /** PUBLIC_URL: the console's payment account page, where Stripe (or the sandbox) sends people back. */
  publicUrl: string;
}

export type PaymentAccountRow = typeof storefrontPaymentAccounts.$inferSelect;

/** The project's linked payment account, or undefined: what charging an order needs to know. */
export async function loadPaymentAccount(db: Executor, projectId: string): Promise<PaymentAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(storefrontPaymentAccounts)
    .where(eq(storefrontPaymentAccounts.projectId, projectId));
  return row;
}

/** Whether another project's row names the same account: Stripe links an account once for the platform. */
async function linkedElsewhere(db: Executor, row: Pick<PaymentAccountRow, 'projectId' | 'vendor' | 'accountId'>) {
  const [other] = await db
    .select({ projectId: storefrontPaymentAccounts.projectId })
    .from(storefrontPaymentAccounts)
    .where(
      and(
        eq(storefrontPaymentAccounts.vendor, row.vendor),
        eq(storefrontPaymentAccounts.accountId, row.accountId),
        ne(storefrontPaymentAccounts.projectId, row.projectId),
      ),
    )
    .limit(1);
  return other !== undefined;
}

const codeRefused = () =>
  badRequest(
    'The payment provider did not accept this connection: it was used already or has expired. Start connecting again.',
    'AUTHORIZATION_CODE_INVALID',
  );
const providerUnavailable = () =>
  new AppError(
    502,
    'PAYMENT_ACCOUNT_UNAVAILABLE',
    'The payment provider could not be reached. Try again in a few minutes.',
  );

/** A gateway error as the caller sees it; anything else is a bug and stays one (a 500). */
function refusalOf(error: unknown): unknown {
  if (!(error instanceof AccountGatewayError)) return error;
  return error.reason === 'invalid_grant' ? codeRefused() : providerUnavailable();
}

/**
 * The storefront's payment account (issue 22, decision 035): linking a shop's own Stripe account
 * through Stripe Connect's OAuth (or the sandbox's stand-in with the same shape), reading it, and
 * unlinking it. One account per project; connecting again replaces it.
 */
export function paymentAccountHandlers(deps: PaymentAccountDeps): Handlers<PaymentAccountOperations> {
  const { db, clock, gateway, stateSecret } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  const view = (row: PaymentAccountRow | undefined): PaymentAccount =>
    row
      ? {
          connected: true,
          vendor: row.vendor,
          accountId: row.accountId,
          displayName: row.displayName,
          country: row.country,
          defaultCurrency: row.defaultCurrency,
          chargesEnabled: row.chargesEnabled,
          connectedAt: row.connectedAt.toISOString(),
        }
      : {
          connected: false,
          vendor: gateway.vendor,
          accountId: null,
          displayName: null,
          country: null,
          defaultCurrency: null,
          chargesEnabled: false,
          connectedAt: null,
        };

  /**
   * Unlinks an account at the provider unless another project still uses it (unlinking is per
   * platform and account, so it would cut that project off too), or it was linked under the other
   * vendor (PAYMENT_GATEWAY changed since: this gateway cannot reach it; a sandbox one needs nothing).
   */
  const unlink = async (row: PaymentAccountRow) => {
    if (row.vendor !== gateway.vendor) return;
    if (await linkedElsewhere(db, row)) return;
    await gateway.disconnect(row.accountId);
  };

  const callerOf = (request: FastifyRequest) => request.principal!.userId;

  return {
    getPaymentAccount: async ({ query }) => view(await loadPaymentAccount(db, query.project)),

    authorizePaymentAccount: async ({ query }, request) => {
      const { state, expiresAt } = signAuthorizationState(
        stateSecret,
        { projectId: query.project, userId: callerOf(request) },
        clock.now(),
      );
      // The console's payment account page takes the code and state and completes the connection.
      const redirectUri = `${publicUrl}/platform/payment?project=${encodeURIComponent(query.project)}`;
      return { url: gateway.authorizeUrl({ state, redirectUri }), expiresAt: expiresAt.toISOString() };
    },

    completePaymentAuthorization: async ({ query, body }, request) => {
      const projectId = query.project;
      const userId = callerOf(request);
      verifyAuthorizationState(stateSecret, body.state, { projectId, userId }, clock.now());
      // The provider is asked outside any transaction: no connection held open across a network call.
      let account;
      try {
        account = await gateway.connect(body.code);
      } catch (error) {
        throw refusalOf(error);
      }
      const now = clock.now();
      const values = {
        projectId,
        vendor: gateway.vendor,
        accountId: account.accountId,
        displayName: account.displayName,
        country: account.country,
        defaultCurrency: account.defaultCurrency,
        chargesEnabled: account.chargesEnabled,
        connectedAt: now,
        connectedBy: userId,
      };
      const { row, replaced } = await db.transaction(async (tx) => {
        // Locks the project's row, if any, so two completions at once each see what the other replaced.
        const [previous] = await tx
          .select()
          .from(storefrontPaymentAccounts)
          .where(eq(storefrontPaymentAccounts.projectId, projectId))
          .for('update');
        const [row] = await tx
          .insert(storefrontPaymentAccounts)
          .values(values)
          .onConflictDoUpdate({ target: storefrontPaymentAccounts.projectId, set: values })
          .returning();
        await recordAudit(tx, request, {
          projectId,
          target: `paymentAccount:${account.accountId}`,
          details: {
            vendor: gateway.vendor,
            displayName: account.displayName,
            chargesEnabled: account.chargesEnabled,
            replaced: previous && previous.accountId !== account.accountId ? previous.accountId : null,
          },
        });
        return { row: row!, replaced: previous && previous.accountId !== account.accountId ? previous : undefined };
      });
      // Another account replaced: unlink it, after the commit, so the platform keeps no access to an
      // account the shop no longer uses. The new link is made and saved either way, so a provider
      // that fails here only leaves the old link behind (its owner can revoke it in Stripe).
      if (replaced) {
        try {
          await unlink(replaced);
        } catch (error) {
          request.log.warn({ err: error, accountId: replaced.accountId }, 'replaced payment account not unlinked');
        }
      }
      return view(row);
    },

    deauthorizePaymentAccount: async ({ query }, request) => {
      const projectId = query.project;
      const row = await loadPaymentAccount(db, projectId);
      if (!row) {
        // Not connected: what was asked is done (a second click, another tab). Still recorded.
        await db.transaction((tx) =>
          recordAudit(tx, request, { projectId, target: null, details: { connected: false } }),
        );
        return view(undefined);
      }
      // Unlinked at the provider first: if that fails, the row stays, the shop still sees the account
      // connected and can try again (a row deleted first would hide a link still in place).
      try {
        await unlink(row);
      } catch (error) {
        throw refusalOf(error);
      }
      await db.transaction(async (tx) => {
        // Only the account unlinked: one connected meanwhile (another tab) stays.
        await tx
          .delete(storefrontPaymentAccounts)
          .where(
            and(
              eq(storefrontPaymentAccounts.projectId, projectId),
              eq(storefrontPaymentAccounts.accountId, row.accountId),
            ),
          );
        await recordAudit(tx, request, {
          projectId,
          target: `paymentAccount:${row.accountId}`,
          details: { vendor: row.vendor, displayName: row.displayName },
        });
      });
      return view(undefined);
    },
  };
}
