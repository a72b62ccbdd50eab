import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  builtInRoleFixtures,
  customRoleFixture,
  fakeProject,
  inviteFixture,
  json,
  listPage,
  projectPageApi,
  queryOf,
  user,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const P = fakeProject(1).id;
const LIST = `GET /v1/projects/${P}/invites`;
const CREATE = `POST /v1/projects/${P}/invites`;
const ADMIN_HOLDS = ['invites.read', 'invites.manage', 'members.read'];
const DAY = 24 * 60 * 60 * 1000;

const pending = inviteFixture(1, { email: 'grace@example.com', role: 'finance' });
const expired = inviteFixture(2, {
  email: 'alan@example.com',
  status: 'expired',
  createdAt: new Date(Date.now() - 9 * DAY).toISOString(),
  expiresAt: new Date(Date.now() - 2 * DAY - 60_000).toISOString(),
});
const accepted = inviteFixture(3, { email: 'ada@example.com', status: 'accepted', role: 'admin' });

function invitesApi(routes: FakeRoutes = {}, held: readonly string[] = ADMIN_HOLDS) {
  return projectPageApi(held, {
    [LIST]: listPage([pending, expired, accepted]),
    [`GET /v1/enforcer/users/${user.id}/roles/assignable`]: json(
      200,
      builtInRoleFixtures.filter((r) => r.key !== 'owner'),
    ),
    ...routes,
  });
}

const list = () => screen.findByRole('list', { name: 'Invitations, newest first' });
const item = async (email: string) => within(await list()).getByRole('listitem', { name: email });

describe('invites: the list', () => {
  it('shows each invitation with its role, status and expiry', async () => {
    const api = invitesApi();
    renderApp(`/users/invites?project=${P}`, api.fetch);
    const grace = await item('grace@example.com');
    expect(grace).toHaveTextContent('Pending');
    expect(grace).toHaveTextContent('Finance');
    expect(grace).toHaveTextContent('Sent 1 day ago');
    expect(grace).toHaveTextContent('Expires in 6 days');
    const alan = await item('alan@example.com');
    expect(alan).toHaveTextContent('Expired');
    expect(alan).toHaveTextContent('Expired 2 days ago');
    expect(within(alan).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(within(alan).getByRole('button', { name: 'Resend invitation to alan@example.com' })).toBeEnabled();
    const ada = await item('ada@example.com');
    expect(ada).toHaveTextContent('Accepted');
    expect(within(ada).queryByRole('button')).not.toBeInTheDocument();
    expect(queryOf(api.callsTo(LIST)[0])).toEqual({ pageSize: '20' });
  });

  it('searches on the server and pages with the token', async () => {
    const api = invitesApi({
      [LIST]: (call) => {
        const q = queryOf(call);
        if (q.search === 'grace') return listPage([pending]);
        if (q.pageToken === 'next') return listPage([inviteFixture(9, { email: 'late@example.com' })]);
        return listPage([pending, expired], 'next');
      },
    });
    renderApp(`/users/invites?project=${P}`, api.fetch);
    await item('alan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await item('late@example.com')).toBeInTheDocument();
    expect(queryOf(api.callsTo(LIST)[1])).toEqual({ pageSize: '20', pageToken: 'next' });

    await userEvent.type(screen.getByLabelText('Search invitations'), 'grace');
    await waitFor(async () => expect(within(await list()).getAllByRole('listitem')).toHaveLength(1));
    expect(queryOf(api.callsTo(LIST).at(-1))).toEqual({ pageSize: '20', search: 'grace' });
  });

  it('says when there is no invitation yet', async () => {
    renderApp(`/users/invites?project=${P}`, invitesApi({ [LIST]: listPage([]) }).fetch);
    expect(await screen.findByText('No invitations yet.')).toBeInTheDocument();
  });
});

describe('invites: sending', () => {
  it('sends an invitation with the chosen role and shows it in the list', async () => {
    let invites = [expired];
    const api = invitesApi({
      [LIST]: () => listPage(invites),
      [CREATE]: (call) => {
        const body = call.body as { email: string; role: string };
        const created = inviteFixture(5, { ...body, createdAt: new Date().toISOString() });
        invites = [created, ...invites];
        return json(201, created);
      },
    });
    renderApp(`/users/invites?project=${P}`, api.fetch);
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    const role = within(form).getByLabelText('Role');
    expect(role).toHaveValue('member');
    // Owner gives permissions this admin doesn't hold.
    await waitFor(() =>
      expect(within(role).getByRole('option', { name: 'Owner (beyond your permissions)' })).toBeDisabled(),
    );
    await userEvent.type(within(form).getByLabelText('Email'), 'linus@example.com');
    await userEvent.selectOptions(role, 'viewer');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invite' }));

    expect(
      await within(form).findByText(/Invitation sent to linus@example.com as Viewer\. It expires in 6 days\./),
    ).toBeInTheDocument();
    expect(api.callsTo(CREATE)[0]?.body).toEqual({ email: 'linus@example.com', role: 'viewer' });
    expect(within(form).getByLabelText('Email')).toHaveValue('');
    expect(await item('linus@example.com')).toHaveTextContent('Pending');
  });

  it('offers the same roles as Change role: the built-in ones and the project’s custom roles', async () => {
    const ops = customRoleFixture(1, { name: 'Ops support', permissions: ['projects.read'] });
    const giveable = [...builtInRoleFixtures.filter((r) => r.key !== 'owner'), ops];
    const api = invitesApi({
      [`GET /v1/enforcer/users/${user.id}/roles/assignable`]: json(200, giveable),
      [CREATE]: (call) => json(201, inviteFixture(6, { ...(call.body as { email: string; role: string }) })),
    });
    renderApp(`/users/invites?project=${P}`, api.fetch);
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    const role = within(form).getByLabelText('Role');
    const custom = await within(role).findByRole('option', { name: 'Ops support' });
    expect(custom).toBeEnabled();
    expect(
      within(role)
        .getAllByRole('group')
        .map((g) => g.getAttribute('label')),
    ).toEqual(['Built-in roles', 'Custom roles']);
    expect(
      within(role)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Owner (beyond your permissions)', 'Admin', 'Member', 'Finance', 'Viewer', 'Ops support']);
    await userEvent.type(within(form).getByLabelText('Email'), 'otto@example.com');
    await userEvent.selectOptions(role, ops.key);
    await userEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(api.callsTo(CREATE)[0]?.body).toEqual({ email: 'otto@example.com', role: ops.key }));
    expect(await within(form).findByText(/as Ops support\./)).toBeInTheDocument();
  });

  it('puts errors beside the fields: a bad address, and someone already a member', async () => {
    const api = invitesApi({
      [CREATE]: apiError(409, 'ALREADY_MEMBER', 'grace@example com is already a member of this project.'),
    });
    renderApp(`/users/invites?project=${P}`, api.fetch);
    const form = await screen.findByRole('form', { name: 'Invite someone' });
    const email = within(form).getByLabelText('Email');
    await userEvent.type(email, 'not-an-address');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(email).toHaveFocus();
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await userEvent.clear(email);
    await userEvent.type(email, 'grace@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Send invite' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('grace@example.com is already a member of this project.'),
    );
  });
});

describe('invites: resending and revoking', () => {
  it('resends with the same email and role: a new invitation replaces the old one', async () => {
    let invites = [pending];
    const api = invitesApi({
      [LIST]: () => listPage(invites),
      [CREATE]: (call) => {
        const fresh = inviteFixture(7, { ...(call.body as object), createdAt: new Date().toISOString() });
        invites = [fresh, { ...pending, status: 'revoked' }];
        return json(201, fresh);
      },
    });
    renderApp(`/users/invites?project=${P}`, api.fetch);
    await userEvent.click(
      within(await item('grace@example.com')).getByRole('button', { name: 'Resend invitation to grace@example.com' }),
    );
    expect(
      await screen.findByText('Sent a new invitation to grace@example.com. The earlier link no longer works.'),
    ).toBeInTheDocument();
    expect(api.callsTo(CREATE)[0]?.body).toEqual({ email: 'grace@example.com', role: 'finance' });
    await waitFor(async () => expect(within(await list()).getAllByRole('listitem')).toHaveLength(2));
    const [fresh, old] = within(await list()).getAllByRole('listitem');
    expect(fresh).toHaveTextContent('Pending');
    expect(old).toHaveTextContent('Revoked');
  });

  it('revokes after confirmation, and shows a refusal', async () => {
    const REVOKE = `DELETE /v1/projects/${P}/invites/${pending.id}`;
    let answer: Response = apiError(409, 'INVITE_NOT_PENDING', 'This invitation is accepted.');
    const api = invitesApi({ [REVOKE]: () => answer });
    renderApp(`/users/invites?project=${P}`, api.fetch);
    const revoke = () =>
      item('grace@example.com').then((li) =>
        userEvent.click(within(li).getByRole('button', { name: 'Revoke invitation to grace@example.com' })),
      );

    await revoke();
    let dialog = screen.getByRole('dialog', { name: 'Revoke invitation' });
    expect(dialog).toHaveTextContent('The link in the invitation to grace@example.com stops working at once.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(REVOKE)).toHaveLength(0);

    await revoke();
    dialog = screen.getByRole('dialog', { name: 'Revoke invitation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This invitation is accepted.');

    answer = new Response(null, { status: 204 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The invitation to grace@example.com was revoked.')).toBeInTheDocument();
    expect(api.callsTo(REVOKE)).toHaveLength(2);
  });

  it('disables sending, resending and revoking without invites.manage, and says why', async () => {
    renderApp(`/users/invites?project=${P}`, invitesApi({}, ['invites.read']).fetch);
    const grace = await item('grace@example.com');
    const resend = within(grace).getByRole('button', { name: 'Resend invitation to grace@example.com' });
    expect(resend).toBeDisabled();
    expect(within(grace).getByRole('button', { name: 'Revoke invitation to grace@example.com' })).toBeDisabled();
    expect(resend).toHaveAccessibleDescription(/Invite people, resend and revoke invitations \(invites\.manage\)/);
    expect(screen.getByRole('button', { name: 'Send invite' })).toBeDisabled();
    expect(screen.getByLabelText('Email')).toBeDisabled();
  });
});
