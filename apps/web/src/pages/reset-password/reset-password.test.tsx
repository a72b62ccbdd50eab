import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const TOKEN = 'reset-token-0123456789';

describe('reset password', () => {
  it('shows the expired-link state for a 404, with a way to a new link', async () => {
    const api = fakeApi({
      routes: {
        [`GET /omnis/v3/dashboard/user/reset-password/${TOKEN}`]: apiError(
          404,
          'TOKEN_INVALID',
          'This link has expired or was already used.',
        ),
      },
    });
    renderApp(`/reset-password?token=${TOKEN}&email=ada%40example.com`, api.fetch);
    expect(
      await screen.findByRole('heading', { name: 'This link has expired or was already used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
      'href',
      '/forgotten-password?email=ada%40example.com',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says a link without its token is incomplete, without calling the server', async () => {
    const api = fakeApi();
    renderApp('/reset-password', api.fetch);
    expect(await screen.findByRole('heading', { name: 'This reset link is incomplete' })).toBeInTheDocument();
    expect(api.requests.some((url) => url.includes('reset-password'))).toBe(false);
  });

  it('says a link whose token the server refuses as malformed is incomplete, not an empty error', async () => {
    const api = fakeApi({
      routes: {
        'GET /omnis/v3/dashboard/user/reset-password/abc': apiError(400, 'VALIDATION_ERROR', 'Invalid request'),
      },
    });
    renderApp('/reset-password?token=abc&email=ada%40example.com', api.fetch);
    expect(await screen.findByRole('heading', { name: 'This reset link is incomplete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new link' })).toHaveAttribute(
      'href',
      '/forgotten-password?email=ada%40example.com',
    );
  });

  it('sets the new password, then goes to login with the email and a success message', async () => {
    const api = fakeApi({
      routes: {
        [`GET /omnis/v3/dashboard/user/reset-password/${TOKEN}`]: json(200, { email: 'ada@example.com' }),
        'POST /omnis/v3/dashboard/user/reset-password': new Response(null, { status: 204 }),
      },
    });
    const { router } = renderApp(`/reset-password?token=${TOKEN}`, api.fetch);
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');

    await userEvent.type(screen.getByLabelText('New password'), 'a much longer secret');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a different secret');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Confirm new password')).toHaveFocus());
    expect(api.callsTo('POST /omnis/v3/dashboard/user/reset-password')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a much longer secret');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(
      await screen.findByText('Your password has been reset. Sign in with your new password.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(api.callsTo('POST /omnis/v3/dashboard/user/reset-password')[0]?.body).toEqual({
      token: TOKEN,
      email: 'ada@example.com',
      password: 'a much longer secret',
      password_confirmation: 'a much longer secret',
    });
  });

  it('shows a weak-password answer (422) beside the password', async () => {
    renderApp(
      `/reset-password?token=${TOKEN}`,
      fakeApi({
        routes: {
          [`GET /omnis/v3/dashboard/user/reset-password/${TOKEN}`]: json(200, { email: 'ada@example.com' }),
          'POST /omnis/v3/dashboard/user/reset-password': apiError(
            422,
            'WEAK_PASSWORD',
            'This password is too common.',
            [{ path: 'body.password', message: 'This password is too common.' }],
          ),
        },
      }).fetch,
    );
    await userEvent.type(await screen.findByLabelText('New password'), 'password123');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('turns to the expired state when the link dies while the form is open', async () => {
    renderApp(
      `/reset-password?token=${TOKEN}`,
      fakeApi({
        routes: {
          [`GET /omnis/v3/dashboard/user/reset-password/${TOKEN}`]: json(200, { email: 'ada@example.com' }),
          'POST /omnis/v3/dashboard/user/reset-password': apiError(404, 'TOKEN_INVALID', 'Expired.'),
        },
      }).fetch,
    );
    await userEvent.type(await screen.findByLabelText('New password'), 'a long new password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a long new password');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByRole('heading', { name: 'This link has expired or was already used' }),
    ).toBeInTheDocument();
  });
});
