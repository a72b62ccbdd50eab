import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json, signedIn, user } from '../../test/fake-api';
import { makeJwt } from '../../test/jwt';
import { renderApp } from '../../test/render-app';
import { sessionKeys } from './api/session';

const USER = 'GET /omnis/v3/dashboard/user';

describe('the user guard (SPEC.md section 2)', () => {
  it('sends a signed-out visitor to login with the full path, search included, as redirect', async () => {
    const { router } = renderApp(
      '/settings/change-password?from=mail&x=1',
      fakeApi({ routes: { [USER]: apiError(401, 'UNAUTHENTICATED', 'Sign in first.') } }).fetch,
    );
    expect(await screen.findByRole('heading', { name: 'Sign in to Wharf' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: '/settings/change-password?from=mail&x=1' });
  });

  it.each([
    ['404', () => apiError(404, 'NOT_FOUND', 'No user')],
    [
      'no answer (status 0)',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('treats %s from getUser as signed out', async (_, answer) => {
    const { router, queryClient } = renderApp('/device', fakeApi({ routes: { [USER]: answer } }).fetch);
    await screen.findByRole('heading', { name: 'Sign in to Wharf' });
    expect(router.state.location.search).toEqual({ redirect: '/device' });
    expect(queryClient.getQueryData(sessionKeys.user())).toBeNull();
  });

  it('lets a signed-in user through', async () => {
    const { router } = renderApp('/settings/change-password', fakeApi({ routes: signedIn() }).fetch);
    expect(await screen.findByRole('heading', { name: 'Change password', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/change-password');
    await waitFor(() => expect(document.title).toBe('Change password - Wharf'));
  });

  it('leaves pages without a user requirement alone, and still learns who is signed in', async () => {
    const api = fakeApi({ routes: signedIn() });
    renderApp('/', api.fetch);
    expect(await screen.findByRole('link', { name: 'Account settings' })).toBeInTheDocument();
    expect(api.callsTo(USER)).toHaveLength(1);
  });

  it('offers sign-in and sign-up on the welcome page to a visitor', async () => {
    renderApp('/', fakeApi().fetch);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
  });

  it('shows an error screen (not the login page) when getUser fails on the server', async () => {
    // The router reports the failed match on the console; the screen is what matters here.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/settings', fakeApi({ routes: { [USER]: apiError(500, 'INTERNAL_ERROR', 'Database down') } }).fetch);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database down');
    expect(screen.queryByRole('heading', { name: 'Sign in to Wharf' })).not.toBeInTheDocument();
  });
});

describe('redirecting routes', () => {
  it('sends /account to login, keeping the query', async () => {
    const { router } = renderApp('/account?email=ada%40example.com', fakeApi().fetch);
    await screen.findByRole('heading', { name: 'Sign in to Wharf' });
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('sends two-factor-authentication to its setup page', async () => {
    const { router } = renderApp('/settings/two-factor-authentication', fakeApi({ routes: signedIn() }).fetch);
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/two-factor-authentication/setup-authenticator');
  });
});

describe('logout (SPEC.md section 4)', () => {
  it.each([
    ['answers 204', () => new Response(null, { status: 204 })],
    ['fails with 500', () => apiError(500, 'INTERNAL_ERROR', 'Oops')],
    [
      'gets no answer',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('clears the user and goes to login when the call %s', async (_, answer) => {
    const api = fakeApi({ routes: { ...signedIn(), 'POST /omnis/v3/dashboard/user/logout': answer } });
    const { router, queryClient } = renderApp('/settings', api.fetch);
    // Log out is in the header's account menu.
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Wharf' })).toBeInTheDocument();
    // SPEC.md section 4: "goes to /login/".
    expect(router.state.location.pathname).toBe('/login/');
    expect(router.state.location.search).toEqual({});
    expect(queryClient.getQueryData(sessionKeys.user())).toBeNull();
    expect(api.callsTo('POST /omnis/v3/dashboard/user/logout')).toHaveLength(1);
  });
});

describe('the session behind the service API', () => {
  it('signs out and goes to login when minting a token answers 401', async () => {
    const api = fakeApi({
      routes: {
        ...signedIn(),
        'POST /omnis/v3/dashboard/user/token': apiError(401, 'UNAUTHENTICATED', 'Session expired.'),
      },
    });
    const { router, queryClient } = renderApp('/device?user_code=ABCD-EFGH', api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Wharf' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ redirect: '/device?user_code=ABCD-EFGH' });
    expect(queryClient.getQueryData(sessionKeys.user())).toBeNull();
    expect(api.callsTo('POST /v1/auth/device/authorize')).toHaveLength(0);
  });

  it('mints a token from the session and sends it as bearer', async () => {
    const api = fakeApi({
      routes: {
        ...signedIn(),
        'POST /omnis/v3/dashboard/user/token': () => {
          const iat = Math.floor(Date.now() / 1000);
          return json(200, { token: makeJwt({ sub: user.id, iat, exp: iat + 300 }) });
        },
        'POST /v1/auth/device/authorize': new Response(null, { status: 204 }),
      },
    });
    renderApp(`/device?user_code=ABCD-EFGH`, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Device approved. You can return to your device.')).toBeInTheDocument();
    const [call] = api.callsTo('POST /v1/auth/device/authorize');
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(call?.body).toEqual({ user_code: 'ABCD-EFGH', approve: true });
  });
});
