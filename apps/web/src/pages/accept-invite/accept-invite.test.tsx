import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../features/accounts/api/session';
import { apiError, deferred, fakeApi, json, signedIn, user } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const TOKEN = 'invite-token-0123456789';
const PAGE = `/accept-invite/${TOKEN}`;
const ACCEPT = `GET /omnis/v3/dashboard/user/accept-invite/${TOKEN}`;
const USER = 'GET /omnis/v3/dashboard/user';
const LOGOUT = 'POST /omnis/v3/dashboard/user/logout';

const accepted = { projectId: '6f1d6a8e-2b7c-4c1e-9f3a-5d2e8b7a9c10', projectName: 'Harbour Co', role: 'admin' };

/** The `redirect` a link carries, decoded. */
function redirectOf(link: HTMLElement): string | null {
  return new URL(link.getAttribute('href') ?? '', 'http://console.test').searchParams.get('redirect');
}

describe('accept invitation: signed out', () => {
  it('offers to sign in or register, each coming back here, and accepts nothing yet', async () => {
    const api = fakeApi({ routes: { [USER]: apiError(401, 'UNAUTHENTICATED'), [ACCEPT]: json(200, accepted) } });
    renderApp(PAGE, api.fetch);
    expect(await screen.findByText("You've been invited to join a project on Wharf.")).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Sign in to accept' });
    const register = screen.getByRole('link', { name: 'Create an account' });
    expect(signIn.getAttribute('href')).toMatch(/^\/login\?/);
    expect(register.getAttribute('href')).toMatch(/^\/register\?/);
    expect(redirectOf(signIn)).toBe(PAGE);
    expect(redirectOf(register)).toBe(PAGE);
    expect(api.callsTo(ACCEPT)).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Invitation - Wharf'));
  });

  it('accepts once the visitor has signed in and come back', async () => {
    let signedInNow = false;
    const api = fakeApi({
      routes: {
        [USER]: () => (signedInNow ? json(200, user) : apiError(401, 'UNAUTHENTICATED')),
        'POST /omnis/v3/dashboard/user/login': () => {
          signedInNow = true;
          return json(200, user);
        },
        [ACCEPT]: json(200, { ...accepted, joined: true }),
      },
    });
    const { router } = renderApp(PAGE, api.fetch);
    await userEvent.click(await screen.findByRole('link', { name: 'Sign in to accept' }));
    await userEvent.type(await screen.findByLabelText('Email'), user.email);
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText("You've joined Harbour Co as admin.")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PAGE);
    expect(api.callsTo(ACCEPT)).toHaveLength(1);
  });
});

describe('accept invitation: signed in', () => {
  it('joins the project and goes on into it, through projects.switch', async () => {
    const api = fakeApi({ routes: { ...signedIn(), [ACCEPT]: json(200, { ...accepted, joined: true }) } });
    renderApp(PAGE, api.fetch);
    expect(await screen.findByText("You've joined Harbour Co as admin.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Welcome to Harbour Co' })).toBeInTheDocument();
    expect(api.callsTo(ACCEPT)).toHaveLength(1);
    const onward = new URL(
      screen.getByRole('link', { name: 'Continue to Harbour Co' }).getAttribute('href')!,
      'http://console.test',
    );
    expect(onward.pathname).toBe('/projects/switch');
    expect(Object.fromEntries(onward.searchParams)).toEqual({ project: accepted.projectId, redirect_uri: '/users' });
  });

  it('says so when the user was already a member', async () => {
    renderApp(PAGE, fakeApi({ routes: { ...signedIn(), [ACCEPT]: json(200, { ...accepted, joined: false }) } }).fetch);
    expect(await screen.findByText("You're already a member of Harbour Co.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Harbour Co' })).toHaveAttribute(
      'href',
      expect.stringContaining('/projects/switch?'),
    );
  });

  it('shows that it is working while the server answers', async () => {
    const answer = deferred<Response>();
    renderApp(PAGE, fakeApi({ routes: { ...signedIn(), [ACCEPT]: answer.promise } }).fetch);
    expect(await screen.findByText('Accepting your invitation…')).toBeInTheDocument();
    answer.resolve(json(200, { ...accepted, joined: true }));
    expect(await screen.findByText("You've joined Harbour Co as admin.")).toBeInTheDocument();
  });

  it('accepts once under StrictMode', async () => {
    const api = fakeApi({ routes: { ...signedIn(), [ACCEPT]: json(200, { ...accepted, joined: true }) } });
    renderApp(PAGE, api.fetch, undefined, { strict: true });
    expect(await screen.findByText("You've joined Harbour Co as admin.")).toBeInTheDocument();
    // Give a second call, if any were made, the time to land.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(ACCEPT)).toHaveLength(1);
  });

  it('says when the invitation expired or was used (INVITE_INVALID)', async () => {
    renderApp(
      PAGE,
      fakeApi({
        routes: {
          ...signedIn(),
          [ACCEPT]: apiError(404, 'INVITE_INVALID', 'This invitation has expired or was already used.'),
        },
      }).fetch,
    );
    expect(
      await screen.findByRole('heading', { name: 'This invitation has expired or was already used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/settings');
  });

  it('names the invited address on a mismatch, and signs out to sign in with it', async () => {
    const message = 'This invitation was sent to grace@example.com. Sign in with that address to accept it.';
    const api = fakeApi({
      routes: {
        ...signedIn(),
        [ACCEPT]: apiError(403, 'INVITE_EMAIL_MISMATCH', message),
        [LOGOUT]: new Response(null, { status: 204 }),
      },
    });
    const { router, queryClient } = renderApp(PAGE, api.fetch);
    expect(await screen.findByRole('heading', { name: 'This invitation is for another address' })).toBeInTheDocument();
    // The client turns the address's dots into spaces (SPEC.md section 8), so the page's own words show.
    expect(
      screen.getByText('This invitation was sent to another email address. Sign in with that address to accept it.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/grace@example com/)).not.toBeInTheDocument();
    expect(screen.getByText(user.email)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with another account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/'));
    expect(router.state.location.search).toEqual({ redirect: PAGE });
    expect(api.callsTo(LOGOUT)).toHaveLength(1);
    expect(queryClient.getQueryData(sessionKeys.user())).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Sign in to Wharf' })).toBeInTheDocument();
  });

  it('shows the default message for anything else, and tries again', async () => {
    let failing = true;
    const api = fakeApi({
      routes: {
        ...signedIn(),
        [ACCEPT]: () =>
          failing ? apiError(500, 'INTERNAL_ERROR', 'Database down') : json(200, { ...accepted, joined: true }),
      },
    });
    renderApp(PAGE, api.fetch);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText("You've joined Harbour Co as admin.")).toBeInTheDocument();
    expect(api.callsTo(ACCEPT)).toHaveLength(2);
  });

  it('offers the signed-out choices when the session ended meanwhile (401)', async () => {
    const api = fakeApi({ routes: { ...signedIn(), [ACCEPT]: apiError(401, 'UNAUTHENTICATED', 'Sign in first.') } });
    const { queryClient } = renderApp(PAGE, api.fetch);
    expect(await screen.findByRole('link', { name: 'Sign in to accept' })).toBeInTheDocument();
    expect(queryClient.getQueryData(sessionKeys.user())).toBeNull();
    expect(api.callsTo(ACCEPT)).toHaveLength(1);
  });
});
