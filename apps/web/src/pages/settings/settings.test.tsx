import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, json, signedIn, user, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const UPDATE = 'PATCH /omnis/v3/dashboard/user/update';

describe('settings: profile', () => {
  it('saves only what changed, cleared fields as null, and shows the saved user', async () => {
    const api = fakeApi({
      routes: {
        ...signedIn(),
        [UPDATE]: ({ body }: FakeCall) => json(200, { ...user, ...(body as object) }),
      },
    });
    renderApp('/settings', api.fetch);
    const first = await screen.findByLabelText('First name');
    expect(first).toHaveValue('Ada');
    expect(screen.getByRole('banner')).toHaveTextContent('Ada Lovelace');

    await userEvent.clear(first);
    await userEvent.type(first, 'Augusta');
    await userEvent.clear(screen.getByLabelText('Username'));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(api.callsTo(UPDATE)[0]?.body).toEqual({ firstName: 'Augusta', username: null });
    expect(screen.getByRole('banner')).toHaveTextContent('Augusta Lovelace');
  });

  it('shows a taken username beside its field and focuses it', async () => {
    renderApp(
      '/settings',
      fakeApi({
        routes: {
          ...signedIn(),
          [UPDATE]: apiError(409, 'USERNAME_TAKEN', 'Username taken'),
        },
      }).fetch,
    );
    const username = await screen.findByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'grace');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This username is taken.')).toBeInTheDocument();
    await waitFor(() => expect(username).toHaveFocus());
  });

  it('checks the username rule in the browser', async () => {
    const api = fakeApi({ routes: signedIn() });
    renderApp('/settings', api.fetch);
    const username = await screen.findByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'a b');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Use 3 to 32 letters, digits, dots, dashes or underscores.')).toBeInTheDocument();
    expect(api.callsTo(UPDATE)).toHaveLength(0);
  });

  it('sends a verification email for an unverified address', async () => {
    const api = fakeApi({
      routes: {
        ...signedIn({ ...user, emailVerified: false }),
        'POST /omnis/v3/dashboard/user/send-verification-email': new Response(null, { status: 204 }),
      },
    });
    renderApp('/settings', api.fetch);
    expect(await screen.findByText('Not verified')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send verification email' }));
    expect(await screen.findByText(/We've sent a verification link to ada@example.com/)).toBeInTheDocument();
  });

  it('has a side nav marking the page the user is on', async () => {
    renderApp('/settings/change-password', fakeApi({ routes: signedIn() }).fetch);
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });
});

describe('settings: change password', () => {
  it('changes it, says other sessions ended, and clears the form', async () => {
    const api = fakeApi({
      routes: { ...signedIn(), 'PATCH /omnis/v3/dashboard/user/change-password': new Response(null, { status: 204 }) },
    });
    renderApp('/settings/change-password', api.fetch);
    await userEvent.type(await screen.findByLabelText('Current password'), 'old password');
    await userEvent.type(screen.getByLabelText('New password'), 'a new long password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a new long password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Your password has been changed. Your other sessions were signed out.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
    expect(api.callsTo('PATCH /omnis/v3/dashboard/user/change-password')[0]?.body).toEqual({
      current_password: 'old password',
      password: 'a new long password',
      password_confirmation: 'a new long password',
    });
  });

  it('shows a wrong current password beside it', async () => {
    renderApp(
      '/settings/change-password',
      fakeApi({
        routes: {
          ...signedIn(),
          'PATCH /omnis/v3/dashboard/user/change-password': apiError(422, 'VALIDATION_ERROR', 'Invalid', [
            { path: 'body.current_password', message: 'The current password is incorrect.' },
          ]),
        },
      }).fetch,
    );
    await userEvent.type(await screen.findByLabelText('Current password'), 'nope');
    await userEvent.type(screen.getByLabelText('New password'), 'a new long password');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'a new long password');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
  });
});
