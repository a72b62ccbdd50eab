import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, user } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

describe('/auth/$code', () => {
  it('exchanges the code, picks up the new session and goes to the redirect target', async () => {
    let exchanged = false;
    const api = fakeApi({
      routes: {
        'POST /v1/auth/token': () => {
          exchanged = true;
          return json(200, { token: 'jwt' });
        },
        'GET /omnis/v3/dashboard/user': () =>
          exchanged ? json(200, user) : apiError(401, 'UNAUTHENTICATED', 'No session'),
      },
    });
    const { router } = renderApp('/auth/one-time-code?redirect=%2Fsettings', api.fetch);
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
    expect(api.callsTo('POST /v1/auth/token')[0]?.body).toEqual({ type: 'authorization_code', code: 'one-time-code' });
    expect(api.callsTo('POST /v1/auth/token')[0]?.headers.get('authorization')).toBeNull();
  });

  it('goes home without a redirect, and never off-site', async () => {
    const api = fakeApi({ routes: { 'POST /v1/auth/token': json(200, { token: 'jwt' }) } });
    const { router } = renderApp('/auth/abc?redirect=%2F%2Fevil.com', api.fetch);
    expect(await screen.findByRole('heading', { name: 'Welcome to Wharf' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/');
  });

  it('explains an invalid or expired code', async () => {
    renderApp(
      '/auth/stale',
      fakeApi({ routes: { 'POST /v1/auth/token': apiError(400, 'INVALID_GRANT', 'Invalid code') } }).fetch,
    );
    expect(
      await screen.findByRole('heading', { name: 'This sign-in link is invalid or has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with your password' })).toHaveAttribute('href', '/login');
  });
});

describe('onboarding pages', () => {
  it('setup explains the first steps and links to register and login', async () => {
    renderApp('/auth/setup', fakeApi().fetch);
    expect(await screen.findByRole('heading', { name: 'Get started with Wharf' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Pair your factory devices' })).toHaveAttribute(
      'href',
      '/auth/setup/factory',
    );
  });

  it('factory setup leads to the pairing steps of a project', async () => {
    const { router } = renderApp('/auth/setup/factory', fakeApi().fetch);
    await userEvent.type(await screen.findByLabelText('Project id'), 'factory-42');
    await userEvent.click(screen.getByRole('button', { name: 'Pair devices' }));
    expect(await screen.findByRole('heading', { name: 'Pair a factory device' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/setup/factory/factory-42/devices');
    expect(screen.getByText('factory-42')).toBeInTheDocument();
  });

  it('the devices page sends a code to /device (through login when signed out)', async () => {
    const { router } = renderApp('/auth/setup/factory/factory-42/devices', fakeApi().fetch);
    await userEvent.type(await screen.findByLabelText('Code shown on the device'), 'wdjb-mjht');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Wharf' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/device?user_code=WDJB-MJHT' });
  });
});
