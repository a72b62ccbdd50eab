import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../features/accounts/api/session';
import { decodeSolution, powChallenge } from '../../test/captcha';
import { apiError, fakeApi, json, user, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const CREATE = 'POST /omnis/v3/dashboard/user/create';

describe('register', () => {
  it('checks it is human in the background, creates the account and signs in', async () => {
    const challenge = await powChallenge(11, 30);
    const api = fakeApi({
      routes: { 'GET /omnis/v3/captcha': json(200, challenge), [CREATE]: json(201, { ...user, emailVerified: false }) },
    });
    const { router, queryClient } = renderApp('/register?email=ada%40example.com', api.fetch);
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
    expect(await screen.findByText('Human check complete')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    const body = api.callsTo(CREATE)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ email: 'ada@example.com', password: 'a long enough password' });
    expect(decodeSolution(body['g-recaptcha-response'])).toMatchObject({ number: 11 });
    expect(queryClient.getQueryData(sessionKeys.user())).toMatchObject({ email: 'ada@example.com' });
  });

  it('says when the email is taken, beside it, with a way to sign in', async () => {
    const api = fakeApi({
      routes: {
        'GET /omnis/v3/captcha': async () => json(200, await powChallenge(1, 5)),
        [CREATE]: apiError(409, 'EMAIL_TAKEN', 'Email taken'),
      },
    });
    renderApp('/register', api.fetch);
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('An account already exists for this email.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Sign in as ada@example.com' })).toHaveAttribute(
      'href',
      '/login?email=ada%40example.com',
    );
    // A used solution is not sent twice: a fresh one is solved for the next attempt.
    await waitFor(() => expect(api.callsTo('GET /omnis/v3/captcha')).toHaveLength(2));
  });

  it('shows a weak password (422) beside the password, with the server words', async () => {
    renderApp(
      '/register',
      fakeApi({
        routes: {
          'GET /omnis/v3/captcha': async () => json(200, await powChallenge(1, 5)),
          [CREATE]: apiError(422, 'WEAK_PASSWORD', 'This password is too common.', [
            { path: 'body.password', message: 'This password is too common.' },
          ]),
        },
      }).fetch,
    );
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('checks the password length in the browser with the contract words', async () => {
    const api = fakeApi({ routes: { 'GET /omnis/v3/captcha': async () => json(200, await powChallenge(1, 5)) } });
    renderApp('/register', api.fetch);
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });
});

describe('register: where to go after', () => {
  async function register(path: string) {
    const api = fakeApi({
      routes: { 'GET /omnis/v3/captcha': async () => json(200, await powChallenge(2, 5)), [CREATE]: json(201, user) },
    });
    const view = renderApp(path, api.fetch);
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    return view;
  }

  it('honours a same-origin redirect, search included', async () => {
    const { router } = await register(
      `/register?redirect=${encodeURIComponent('/settings/change-password?from=invite')}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/change-password'));
    expect(router.state.location.search).toEqual({ from: 'invite' });
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:alert(1)'])(
    'ignores the off-site redirect %s',
    async (redirect) => {
      const { router } = await register(`/register?redirect=${encodeURIComponent(redirect)}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
      expect(router.state.location.href).not.toContain('evil');
    },
  );

  it('sends an already signed-in visitor straight on', async () => {
    const { router } = renderApp(
      '/register?redirect=%2Fsettings%2Fchange-password',
      fakeApi({ routes: { 'GET /omnis/v3/dashboard/user': json(200, user) } }).fetch,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/change-password'));
  });

  it.each([
    [
      'keeps a same-origin redirect',
      '%2Faccept-invite%2Finvite-token-0123456789',
      '/login?redirect=%2Faccept-invite%2Finvite-token-0123456789',
    ],
    ['drops an off-site redirect', '%2F%2Fevil.com', '/login'],
  ])('%s on the way to sign in instead', async (_, redirect, href) => {
    const api = fakeApi({ routes: { 'GET /omnis/v3/captcha': async () => json(200, await powChallenge(1, 5)) } });
    renderApp(`/register?redirect=${redirect}`, api.fetch);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', href);
  });
});

describe('forgotten password', () => {
  it("always answers the same: if an account exists, we've sent a link", async () => {
    const api = fakeApi({
      routes: {
        'GET /omnis/v3/captcha': async () => json(200, await powChallenge(3, 10)),
        'POST /omnis/v3/dashboard/user/forgot-password': new Response(null, { status: 204 }),
      },
    });
    renderApp('/forgotten-password?email=nobody%40example.com', api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText("If an account exists for nobody@example.com, we've sent a link to reset its password."),
    ).toBeInTheDocument();
    const body = api.callsTo('POST /omnis/v3/dashboard/user/forgot-password')[0]?.body as Record<string, unknown>;
    expect(body.email).toBe('nobody@example.com');
    expect(decodeSolution(body['g-recaptcha-response'])).toMatchObject({ number: 3 });
  });
});

describe('set password', () => {
  const TOKEN = 'set-token-0123456789';
  const setPassword = (answer: (call: FakeCall) => Response) =>
    fakeApi({ routes: { 'POST /omnis/v3/dashboard/user/set-password': answer } });

  it('needs the terms agreed, then sets password and profile and signs in', async () => {
    const api = setPassword(() => json(200, { ...user, isAdmin: true }));
    const { router } = renderApp(`/set-password?token=${TOKEN}&email=admin%40example.com`, api.fetch);
    expect(await screen.findByLabelText('Email')).toHaveValue('admin@example.com');
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Lovelace');
    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Set password and continue' }));
    expect(await screen.findByText('Agree to the terms to continue.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('checkbox')).toHaveFocus());
    expect(api.callsTo('POST /omnis/v3/dashboard/user/set-password')).toHaveLength(0);

    await userEvent.click(screen.getByRole('checkbox', { name: /I agree to the Wharf terms/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Set password and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(api.callsTo('POST /omnis/v3/dashboard/user/set-password')[0]?.body).toEqual({
      token: TOKEN,
      email: 'admin@example.com',
      password: 'a long enough password',
      password_confirmation: 'a long enough password',
      firstName: 'Ada',
      lastName: 'Lovelace',
      signedEula: true,
    });
  });

  it('shows the expired state when the link is no longer valid', async () => {
    renderApp(
      `/set-password?token=${TOKEN}&email=admin%40example.com`,
      setPassword(() => apiError(404, 'TOKEN_INVALID', 'Expired')).fetch,
    );
    await userEvent.type(await screen.findByLabelText('Password'), 'a long enough password');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'a long enough password');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Set password and continue' }));
    expect(
      await screen.findByRole('heading', { name: 'This link has expired or was already used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
      'href',
      '/forgotten-password?email=admin%40example.com',
    );
  });
});

describe('verify email', () => {
  it('verifies the address from the link, once', async () => {
    const api = fakeApi({
      routes: { 'POST /omnis/v3/dashboard/user/verify-email/verify-token-123': new Response(null, { status: 204 }) },
    });
    renderApp('/verify-email?token=verify-token-123', api.fetch);
    expect(await screen.findByText('Thank you. Your email address is verified.')).toBeInTheDocument();
    expect(api.callsTo('POST /omnis/v3/dashboard/user/verify-email/verify-token-123')).toHaveLength(1);
  });

  it('says when the link has expired', async () => {
    renderApp(
      '/verify-email?token=verify-token-123',
      fakeApi({
        routes: { 'POST /omnis/v3/dashboard/user/verify-email/verify-token-123': apiError(404, 'TOKEN_INVALID', 'x') },
      }).fetch,
    );
    expect(
      await screen.findByRole('heading', { name: 'This link has expired or was already used' }),
    ).toBeInTheDocument();
  });
});
