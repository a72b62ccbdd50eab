import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { connected, notConnected, OWNER, P, storefrontApi } from '../../features/storefront/storefront-fixtures';
import { apiError, json } from '../../test/fake-api';
import { projectNav } from '../../test/menu-queries';
import { renderApp } from '../../test/render-app';
import { setRuntimeRoutes } from '../../app/navigation';
import type { AppRouter } from '../../app/router';
import { browser } from './PaymentAccountPage';

let strictRouter: AppRouter | undefined;

afterEach(() => {
  forgetModules();
  if (strictRouter) setRuntimeRoutes(strictRouter.options.context.modules, []);
  strictRouter = undefined;
});

const PAGE = `/platform/payment?project=${P}`;
const ACCOUNT = 'GET /v1/platform/payment/stripe';
const AUTHORIZE = 'GET /v1/platform/payment/stripe/authorize';
const COMPLETE = 'POST /v1/platform/payment/stripe/authorize';
const DEAUTHORIZE = 'DELETE /v1/platform/payment/stripe/deauthorize';

describe('the payment account page (platform.payment)', () => {
  it('connects: asks for the provider’s address and sends the browser there', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    const url = 'https://connect.sandbox.example/oauth/authorize?state=s1';
    const api = storefrontApi({
      [ACCOUNT]: json(200, notConnected),
      [AUTHORIZE]: json(200, { url, expiresAt: '2026-11-27T12:00:00.000Z' }),
    });
    renderWithModules(PAGE, api.fetch);
    expect(await screen.findByRole('heading', { level: 2, name: 'Not connected' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment account' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Payment account - Wharf'));
    await userEvent.click(screen.getByRole('button', { name: 'Connect payment account' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(url));
    expect(api.callsTo(AUTHORIZE)[0]!.url).toContain(`project=${P}`);
    expect(screen.getByRole('button', { name: 'Opening the provider…' })).toBeDisabled();
  });

  it('completes the connection once with the code and state it came back with, then clears them', async () => {
    const api = storefrontApi({
      [ACCOUNT]: json(200, notConnected),
      [COMPLETE]: () => json(200, connected),
    });
    // In StrictMode, as main.tsx renders it: effects run twice on mount, the code is still sent once.
    const { router } = renderApp(`${PAGE}&code=ac_123&state=st_456`, api.fetch, undefined, { strict: true });
    strictRouter = router;
    expect(await screen.findByText('Your payment account is connected.')).toBeInTheDocument();
    expect(api.callsTo(COMPLETE)).toHaveLength(1);
    expect(api.callsTo(COMPLETE)[0]!.body).toEqual({ code: 'ac_123', state: 'st_456' });
    expect(api.callsTo(COMPLETE)[0]!.url).toContain(`project=${P}`);
    await waitFor(() => expect(router.state.location.search).toEqual({ project: P }));
    expect(screen.getByRole('heading', { level: 2, name: 'Connected' })).toBeInTheDocument();
    expect(screen.getByText('Harbour Goods Ltd')).toBeInTheDocument();
    expect(screen.getByText('GBP')).toBeInTheDocument();
    expect(screen.getByText('acct_sandbox_1')).toBeInTheDocument();
    expect(api.callsTo(COMPLETE)).toHaveLength(1);
  });

  it('says why a returned code was refused', async () => {
    const api = storefrontApi({
      [ACCOUNT]: json(200, notConnected),
      [COMPLETE]: () => apiError(409, 'STATE_MISMATCH', 'That connection link has expired. Start again.'),
    });
    const { router } = renderWithModules(`${PAGE}&code=ac_1&state=old`, api.fetch);
    expect(await screen.findByText('That connection link has expired. Start again.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ project: P }));
    expect(api.callsTo(COMPLETE)).toHaveLength(1);
  });

  it('shows the provider’s refusal when the person declined', async () => {
    const api = storefrontApi({ [ACCOUNT]: json(200, notConnected) });
    renderWithModules(`${PAGE}&error=access_denied&error_description=The%20user%20denied%20access`, api.fetch);
    expect(await screen.findByText('The user denied access')).toBeInTheDocument();
    expect(api.callsTo(COMPLETE)).toHaveLength(0);
  });

  it('disconnects only after confirming', async () => {
    const api = storefrontApi({
      [ACCOUNT]: json(200, connected),
      [DEAUTHORIZE]: () => json(200, notConnected),
    });
    renderWithModules(PAGE, api.fetch);
    await screen.findByRole('heading', { level: 2, name: 'Connected' });
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect the payment account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(DEAUTHORIZE)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Disconnect the payment account?' })).getByRole('button', {
        name: 'Disconnect',
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Not connected' })).toBeInTheDocument();
    expect(api.callsTo(DEAUTHORIZE)).toHaveLength(1);
    expect(screen.getByText(/Your payment account is disconnected/)).toBeInTheDocument();
  });

  it('lets a role without storefront.manage see the account but not change it', async () => {
    renderWithModules(PAGE, storefrontApi({ [ACCOUNT]: json(200, connected) }, ['orders.read']).fetch);
    expect(await screen.findByRole('button', { name: 'Disconnect' })).toBeDisabled();
    expect(screen.getByText(/\(storefront\.manage\)/)).toBeInTheDocument();
  });
});

describe('the storefront’s menu entries', () => {
  it('come with the modules, each for a role that may open its page', async () => {
    renderWithModules(PAGE, storefrontApi({ [ACCOUNT]: json(200, connected) }, OWNER).fetch);
    const nav = await projectNav();
    expect(await within(nav).findByRole('link', { name: 'Orders' })).toHaveAttribute(
      'href',
      `/platform/orders?project=${P}`,
    );
    expect(within(nav).getByRole('link', { name: 'Customers' })).toHaveAttribute(
      'href',
      `/platform/customers?project=${P}`,
    );
    expect(within(nav).getByRole('link', { name: 'Payment account' })).toHaveAttribute(
      'href',
      `/platform/payment?project=${P}`,
    );
  });

  it('leave out the pages the role may not open', async () => {
    renderWithModules(PAGE, storefrontApi({ [ACCOUNT]: json(200, connected) }, ['orders.read']).fetch);
    const nav = await projectNav();
    await within(nav).findByRole('link', { name: 'Orders' });
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Customers' })).not.toBeInTheDocument());
    expect(within(nav).queryByRole('link', { name: 'Payment account' })).not.toBeInTheDocument();
  });
});
