import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../features/accounts/api/session';
import { apiError, fakeApi, json, signedIn, user, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';
const CODES = Array.from({ length: 10 }, (_, i) => `code${i}-abcde`);

function twoFactorApi(options: { setup?: (call: FakeCall) => Response } = {}) {
  return fakeApi({
    routes: {
      ...signedIn(),
      'POST /omnis/v3/dashboard/user/confirm-password': ({ body }: FakeCall) =>
        (body as { password: string }).password === 'my password'
          ? new Response(null, { status: 204 })
          : apiError(422, 'INVALID_PASSWORD', 'The password is incorrect.'),
      'GET /omnis/v3/dashboard/user/2fa/secret': json(200, {
        secret: SECRET,
        otpauthUrl: `otpauth://totp/Wharf:${user.email}?secret=${SECRET}&issuer=Wharf`,
        qrCodeSvg: QR,
      }),
      'POST /omnis/v3/dashboard/user/2fa/setup':
        options.setup ??
        (({ body }: FakeCall) =>
          (body as { one_time_password: string }).one_time_password === '654321'
            ? json(200, { recoveryCodes: CODES })
            : apiError(400, 'INVALID_ONE_TIME_PASSWORD', 'That code is not valid.')),
    },
  });
}

describe('two-factor setup', () => {
  it('asks for the password, shows the secret and QR code, then the ten recovery codes once', async () => {
    const api = twoFactorApi();
    const { router, queryClient } = renderApp('/settings/two-factor-authentication/setup-authenticator', api.fetch);

    // Step 1: the password, before anything sensitive is shown.
    expect(await screen.findByRole('heading', { name: "Step 1 of 3: Confirm it's you" })).toBeInTheDocument();
    expect(api.callsTo('GET /omnis/v3/dashboard/user/2fa/secret')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('That password is incorrect.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Password'));
    await userEvent.type(screen.getByLabelText('Password'), 'my password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 2: the secret, as a QR image (never injected markup) and as grouped text.
    expect(await screen.findByRole('heading', { name: 'Step 2 of 3: Scan the code' })).toBeInTheDocument();
    const secret = await screen.findByTestId('totp-secret');
    expect(secret.textContent).toBe(SECRET);
    expect(secret.children).toHaveLength(8);
    const qr = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;utf8,${encodeURIComponent(QR)}`);
    expect(document.querySelector('svg path[d="M0 0h7v7H0z"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Open in your authenticator app' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^otpauth:\/\/totp\//),
    );

    const code = screen.getByLabelText('6-digit code from the app');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.type(code, '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('That code is not valid.')).toBeInTheDocument();
    await waitFor(() => expect(code).toHaveFocus());

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    // Step 3: the recovery codes.
    expect(await screen.findByRole('heading', { name: 'Step 3 of 3: Save your recovery codes' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(api.callsTo('POST /omnis/v3/dashboard/user/2fa/setup').at(-1)?.body).toEqual({
      secret: SECRET,
      one_time_password: '654321',
    });
    expect(queryClient.getQueryData(sessionKeys.user())).toMatchObject({ twoFactorEnabled: true });
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'I have saved these codes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByText('2FA on')).toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
  });

  it('copies the raw secret', async () => {
    const events = userEvent.setup();
    renderApp('/settings/two-factor-authentication/setup-authenticator', twoFactorApi().fetch);
    await events.type(await screen.findByLabelText('Password'), 'my password');
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    await events.click(await screen.findByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('asks for the password again when the confirmation lapsed before the code was sent', async () => {
    const api = twoFactorApi({
      setup: () => apiError(403, 'PASSWORD_CONFIRMATION_REQUIRED', 'Confirm your password first.'),
    });
    renderApp('/settings/two-factor-authentication/setup-authenticator', api.fetch);
    await userEvent.type(await screen.findByLabelText('Password'), 'my password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('6-digit code from the app'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByRole('heading', { name: "Step 1 of 3: Confirm it's you" })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('we need your password again');
  });

  it('says so when two-factor is already on, and can set up a new authenticator', async () => {
    const api = fakeApi({ routes: signedIn({ ...user, twoFactorEnabled: true }) });
    renderApp('/settings/two-factor-authentication/setup-authenticator', api.fetch);
    expect(await screen.findByText(/Two-factor authentication is on/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set up a new authenticator' }));
    expect(await screen.findByRole('heading', { name: "Step 1 of 3: Confirm it's you" })).toBeInTheDocument();
  });
});
