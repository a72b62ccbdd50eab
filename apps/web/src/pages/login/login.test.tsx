import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../features/accounts/api/session';
import { decodeSolution, powChallenge } from '../../test/captcha';
import { apiError, fakeApi, json, user, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const LOGIN = 'POST /omnis/v3/dashboard/user/login';
const signInHeading = { name: 'Sign in to Wharf' } as const;

async function fillCredentials(email = user.email, password = 'correct horse') {
  const emailField = await screen.findByLabelText('Email');
  await userEvent.clear(emailField);
  await userEvent.type(emailField, email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login: the two-step flow', () => {
  it('asks for the authenticator code on TWO_FACTOR_REQUIRED and resends with one_time_password', async () => {
    const api = fakeApi({
      routes: {
        [LOGIN]: ({ body }: FakeCall) =>
          (body as { one_time_password?: string }).one_time_password === '123456'
            ? json(200, { ...user, twoFactorEnabled: true })
            : apiError(401, 'TWO_FACTOR_REQUIRED', 'Enter the code from your authenticator app.'),
      },
    });
    const { router, queryClient } = renderApp('/login', api.fetch);
    await fillCredentials();

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(code).toHaveFocus());

    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    // Without a redirect, the Dashboard (SPEC.md section 2), not Account settings.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    await waitFor(() => expect(router.state.matches.at(-1)?.staticData.name).toBe('project.dashboard'));
    expect(screen.queryByRole('heading', { name: 'Account settings' })).not.toBeInTheDocument();
    const [first, second] = api.callsTo(LOGIN);
    expect(first?.body).toEqual({ email: user.email, password: 'correct horse' });
    expect(second?.body).toEqual({ email: user.email, password: 'correct horse', one_time_password: '123456' });
    expect(queryClient.getQueryData(sessionKeys.user())).toMatchObject({ id: user.id });
  });

  it('checks the code is 6 digits before sending, and accepts a recovery code instead', async () => {
    const api = fakeApi({
      routes: {
        [LOGIN]: ({ body }: FakeCall) =>
          (body as { one_time_password?: string }).one_time_password === 'abcde-12345'
            ? json(200, user)
            : apiError(401, 'TWO_FACTOR_REQUIRED', 'Code needed.'),
      },
    });
    const { router } = renderApp('/login', api.fetch);
    await fillCredentials();
    await screen.findByRole('heading', { name: 'Two-factor authentication' });

    await userEvent.type(screen.getByLabelText('Authentication code'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(LOGIN)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery).toHaveAttribute('inputmode', 'text');
    await userEvent.type(recovery, 'abcde-12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(api.callsTo(LOGIN)[1]?.body).toMatchObject({ one_time_password: 'abcde-12345' });
  });

  it('says a wrong code is wrong, beside the field, and keeps the step', async () => {
    const api = fakeApi({
      routes: {
        [LOGIN]: ({ body }: FakeCall) =>
          (body as { one_time_password?: string }).one_time_password
            ? apiError(401, 'INVALID_ONE_TIME_PASSWORD', 'Invalid code.')
            : apiError(401, 'TWO_FACTOR_REQUIRED', 'Code needed.'),
      },
    });
    renderApp('/login', api.fetch);
    await fillCredentials();
    await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('That code is not valid. Check your authenticator app and try again.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', signInHeading)).toBeInTheDocument();
  });
});

describe('login: errors', () => {
  it('validates in the browser first and focuses the first invalid field', async () => {
    const api = fakeApi();
    renderApp('/login', api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api.callsTo(LOGIN)).toHaveLength(0);
  });

  it('says the credentials are wrong on INVALID_CREDENTIALS', async () => {
    renderApp(
      '/login',
      fakeApi({ routes: { [LOGIN]: apiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password') } }).fetch,
    );
    await fillCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is incorrect.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('shows field errors of a 400 VALIDATION_ERROR beside the fields', async () => {
    renderApp(
      '/login',
      fakeApi({
        routes: {
          [LOGIN]: apiError(400, 'VALIDATION_ERROR', 'Invalid request', [
            { path: 'body.email', message: 'This address cannot sign in here.' },
          ]),
        },
      }).fetch,
    );
    await fillCredentials();
    expect(await screen.findByText('This address cannot sign in here.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it('shows the default message when the server fails', async () => {
    renderApp('/login', fakeApi({ routes: { [LOGIN]: apiError(500, 'INTERNAL_ERROR', 'stack trace') } }).fetch);
    await fillCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
  });

  it('shows the message of a 429 and holds the button for Retry-After seconds', async () => {
    const tooMany = () =>
      new Response(JSON.stringify({ code: 'TOO_MANY_REQUESTS', message: 'Too many sign-in attempts.' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '30' },
      });
    renderApp('/login', fakeApi({ routes: { [LOGIN]: tooMany } }).fetch);
    await fillCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts.');
    expect(screen.getByRole('button', { name: /^Try again in (30|29) s$/ })).toBeDisabled();
  });

  it('disables the button while signing in', async () => {
    let release!: (response: Response) => void;
    renderApp(
      '/login',
      fakeApi({ routes: { [LOGIN]: () => new Promise<Response>((resolve) => (release = resolve)) } }).fetch,
    );
    await fillCredentials();
    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect(button).toBeDisabled();
    release(apiError(401, 'INVALID_CREDENTIALS', 'No'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});

describe('login: captcha', () => {
  it('solves a captcha on CAPTCHA_REQUIRED and sends the same again with g-recaptcha-response', async () => {
    const challenge = await powChallenge(7, 40);
    const api = fakeApi({
      routes: {
        'GET /omnis/v3/captcha': json(200, challenge),
        [LOGIN]: ({ body }: FakeCall) =>
          (body as Record<string, unknown>)['g-recaptcha-response']
            ? json(200, user)
            : apiError(400, 'CAPTCHA_REQUIRED', 'Solve the captcha.'),
      },
    });
    const { router } = renderApp('/login', api.fetch);
    await fillCredentials();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    const [, second] = api.callsTo(LOGIN);
    expect(second?.body).toMatchObject({ email: user.email, password: 'correct horse' });
    expect(decodeSolution((second?.body as Record<string, unknown>)['g-recaptcha-response'])).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 7,
      salt: challenge.salt,
      signature: 'server-signature',
    });
  });

  it('says reCAPTCHA is not supported offline', async () => {
    renderApp(
      '/login',
      fakeApi({
        routes: {
          'GET /omnis/v3/captcha': json(200, { kind: 'recaptcha', siteKey: 'key' }),
          [LOGIN]: apiError(400, 'CAPTCHA_REQUIRED', 'Solve the captcha.'),
        },
      }).fetch,
    );
    await fillCredentials();
    expect(await screen.findByText('reCAPTCHA is configured but not supported offline.')).toBeInTheDocument();
  });
});

describe('login: where to go after', () => {
  it('prefills the email from the query', async () => {
    renderApp('/login?email=grace%40example.com', fakeApi().fetch);
    expect(await screen.findByLabelText('Email')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  });

  it('honours a same-origin redirect, search included', async () => {
    const { router } = renderApp(
      `/login?redirect=${encodeURIComponent('/device?user_code=ABCD-EFGH')}`,
      fakeApi({ routes: { [LOGIN]: json(200, user) } }).fetch,
    );
    await fillCredentials();
    await waitFor(() => expect(router.state.location.pathname).toBe('/device'));
    expect(router.state.location.search).toEqual({ user_code: 'ABCD-EFGH' });
    expect(await screen.findByLabelText('Device code')).toHaveValue('ABCD-EFGH');
  });

  it.each(['//evil.com', 'https://evil.com', '/\\evil.com'])('ignores the off-site redirect %s', async (redirect) => {
    const { router } = renderApp(
      `/login?redirect=${encodeURIComponent(redirect)}`,
      fakeApi({ routes: { [LOGIN]: json(200, user) } }).fetch,
    );
    await fillCredentials();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/'));
    expect(router.state.location.href).not.toContain('evil');
  });

  it('keeps a same-origin redirect on the way to create an account instead', async () => {
    renderApp('/login?redirect=%2Faccept-invite%2Finvite-token-0123456789', fakeApi().fetch);
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register?redirect=%2Faccept-invite%2Finvite-token-0123456789',
    );
  });

  it('sends an already signed-in visitor straight on', async () => {
    const { router } = renderApp(
      '/login?redirect=%2Fsettings%2Fchange-password',
      fakeApi({ routes: { 'GET /omnis/v3/dashboard/user': json(200, user) } }).fetch,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/change-password'));
  });

  it('comes back to the guarded page the visitor first asked for', async () => {
    let signedIn = false;
    const api = fakeApi({
      routes: {
        'GET /omnis/v3/dashboard/user': () =>
          signedIn ? json(200, user) : apiError(401, 'UNAUTHENTICATED', 'Sign in.'),
        [LOGIN]: () => {
          signedIn = true;
          return json(200, user);
        },
      },
    });
    const { router } = renderApp('/settings/change-password?tab=1', api.fetch);
    await screen.findByRole('heading', signInHeading);
    await fillCredentials();
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/change-password'));
    expect(router.state.location.searchStr).toBe('?tab=1');
    expect(await screen.findByRole('heading', { name: 'Change password', level: 1 })).toBeInTheDocument();
  });
});
