import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  builtInRoleFixture,
  builtInRoleFixtures,
  customRoleFixture,
  fakeProject,
  json,
  listPage,
  memberFixture,
  projectPageApi,
  queryOf,
  user,
  type FakeMember,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const project = fakeProject(1, { name: 'Acme shop' });
const P = project.id;
const MEMBERS = `GET /v1/projects/${P}/users`;
const ROLES = 'GET /v1/enforcer/roles';
const OWNER_HOLDS = [
  'members.read',
  'members.manage',
  'roles.read',
  'roles.manage',
  'invites.read',
  'projects.read',
] as const;

const me: FakeMember = memberFixture(1, {
  user: { id: user.id, email: user.email, firstName: 'Ada', lastName: 'Lovelace' },
  roles: ['owner'],
});
const grace = memberFixture(2, {
  user: { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' },
  roles: ['member'],
});
const opsRole = customRoleFixture(1, { name: 'Ops support', permissions: ['projects.read', 'chat.read'] });

function usersApi(routes: FakeRoutes = {}, held: readonly string[] = OWNER_HOLDS) {
  return projectPageApi(
    held,
    {
      [MEMBERS]: listPage([me, grace]),
      [ROLES]: json(200, [...builtInRoleFixtures, opsRole]),
      ...routes,
    },
    project,
  );
}

const table = () => screen.findByRole('table', { name: 'Members' });
const rowOf = async (name: string) => {
  const rows = within(await table()).getAllByRole('row');
  const row = rows.find((r) => within(r).queryByText(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

describe('users: the members list', () => {
  it('lists members with initials, name, email, roles and joined date, and links to invites and roles', async () => {
    const api = usersApi();
    renderApp(`/users?project=${P}`, api.fetch);
    const row = await rowOf('Grace Hopper');
    expect(row).toHaveTextContent('grace@example.com');
    expect(row).toHaveTextContent('GH');
    expect(within(row).getByRole('list', { name: 'Roles of Grace Hopper' })).toHaveTextContent('Member');
    expect(row.querySelector('time')).toHaveAttribute('datetime', grace.joinedAt);
    const mine = await rowOf('Ada Lovelace');
    expect(mine).toHaveTextContent('You');
    expect(within(mine).getByRole('list', { name: 'Roles of Ada Lovelace' })).toHaveTextContent('Owner');
    expect(queryOf(api.callsTo(MEMBERS)[0])).toEqual({ pageSize: '20' });
    expect(api.callsTo(MEMBERS)[0]?.headers.get('authorization')).toMatch(/^Bearer /);

    const team = screen.getByRole('navigation', { name: 'Team' });
    expect(within(team).getByRole('link', { name: 'Invites' })).toHaveAttribute('href', `/users/invites?project=${P}`);
    expect(within(team).getByRole('link', { name: 'Roles' })).toHaveAttribute('href', `/users/roles?project=${P}`);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(document.title).toBe('Users - Wharf');
  });

  it('names custom roles as the project calls them', async () => {
    const ops = memberFixture(3, { user: { firstName: 'Otto', lastName: 'Ops' }, roles: [opsRole.key] });
    renderApp(`/users?project=${P}`, usersApi({ [MEMBERS]: listPage([ops]) }).fetch);
    const row = await rowOf('Otto Ops');
    expect(within(row).getByRole('list', { name: 'Roles of Otto Ops' })).toHaveTextContent('Ops support');
  });

  it('searches on the server once typing pauses, and says when nobody matches', async () => {
    const api = usersApi({
      [MEMBERS]: (call) => {
        const search = queryOf(call).search;
        if (search === 'grace') return listPage([grace]);
        if (search === 'nobody') return listPage([]);
        return listPage([me, grace]);
      },
    });
    renderApp(`/users?project=${P}`, api.fetch);
    await rowOf('Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Search members'), 'grace');
    await waitFor(async () => expect(within(await table()).queryByText('Ada Lovelace')).not.toBeInTheDocument());
    expect(within(await table()).getByText('Grace Hopper')).toBeInTheDocument();
    // One request for the whole word, not one per key.
    expect(api.callsTo(MEMBERS).map((c) => queryOf(c).search)).toEqual([undefined, 'grace']);

    await userEvent.clear(screen.getByLabelText('Search members'));
    await userEvent.type(screen.getByLabelText('Search members'), 'nobody');
    expect(await screen.findByText('No members match “nobody”.')).toBeInTheDocument();
  });

  it('loads the next page with the token the last one gave', async () => {
    const api = usersApi({
      [MEMBERS]: (call) =>
        queryOf(call).pageToken === 'page-2'
          ? listPage([memberFixture(3), memberFixture(4)])
          : listPage([me, grace], 'page-2'),
    });
    renderApp(`/users?project=${P}`, api.fetch);
    await rowOf('Grace Hopper');
    expect(screen.getByText('2 members shown')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Person 4')).toBeInTheDocument();
    expect(queryOf(api.callsTo(MEMBERS)[1])).toEqual({ pageSize: '20', pageToken: 'page-2' });
    expect(screen.getByText('4 members')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows a failure and tries again', async () => {
    let failing = true;
    const api = usersApi({
      [MEMBERS]: () => (failing ? apiError(500, 'INTERNAL_ERROR', 'Database down') : listPage([me])),
    });
    renderApp(`/users?project=${P}`, api.fetch);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Ada Lovelace')).toHaveTextContent('ada@example.com');
  });
});

describe('users: changing a role', () => {
  const HELD = `GET /v1/enforcer/users/${grace.user.id}/roles`;
  const ASSIGNABLE = `GET /v1/enforcer/users/${grace.user.id}/roles/assignable`;
  const PATCH = `PATCH /v1/projects/${P}/users/${grace.user.id}`;

  it('gives a member another built-in role in one update, and shows it', async () => {
    let roles = ['member'];
    const api = usersApi({
      [MEMBERS]: () => listPage([me, { ...grace, roles }]),
      [HELD]: () => json(200, roles.map(builtInRoleFixture)),
      [ASSIGNABLE]: json(200, [...builtInRoleFixtures, opsRole]),
      [PATCH]: (call) => {
        roles = (call.body as { roles: string[] }).roles;
        return json(200, { ...grace, roles });
      },
    });
    renderApp(`/users?project=${P}`, api.fetch);
    await userEvent.click(
      within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Change role of Grace Hopper' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    const select = await within(dialog).findByLabelText('New role');
    expect(select).toHaveValue(builtInRoleFixture('member').id);
    expect(within(dialog).getByRole('button', { name: 'Save role' })).toBeDisabled();
    expect(within(select).getByRole('option', { name: 'Ops support' })).toBeEnabled();

    await userEvent.selectOptions(select, builtInRoleFixture('finance').id);
    expect(dialog).toHaveTextContent('Billing: plans, invoices, payments and wallets.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(PATCH)[0]?.body).toEqual({ roles: ['finance'] });
    expect(await screen.findByText('Grace Hopper is now Finance.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(
        within(await rowOf('Grace Hopper')).getByRole('list', { name: 'Roles of Grace Hopper' }),
      ).toHaveTextContent('Finance'),
    );
  });

  it('gives a custom role by id, then takes the old one', async () => {
    const ASSIGN = `PUT /v1/enforcer/roles/${opsRole.id}/users/${grace.user.id}`;
    const UNASSIGN = `DELETE /v1/enforcer/roles/${builtInRoleFixture('member').id}/users/${grace.user.id}`;
    const api = usersApi({
      [HELD]: json(200, [builtInRoleFixture('member')]),
      [ASSIGNABLE]: json(200, [...builtInRoleFixtures, opsRole]),
      [ASSIGN]: new Response(null, { status: 204 }),
      [UNASSIGN]: new Response(null, { status: 204 }),
    });
    renderApp(`/users?project=${P}`, api.fetch);
    await userEvent.click(
      within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Change role of Grace Hopper' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await userEvent.selectOptions(await within(dialog).findByLabelText('New role'), opsRole.id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('Grace Hopper is now Ops support.')).toBeInTheDocument();
    const order = api.calls
      .filter((c) => c.method === 'PUT' || c.method === 'DELETE')
      .map((c) => `${c.method} ${c.path}`);
    expect(order).toEqual([ASSIGN, UNASSIGN]);
    expect(api.callsTo(PATCH)).toHaveLength(0);
  });

  it("shows the server's refusal for the last owner and keeps the dialog open", async () => {
    const OWN = `GET /v1/enforcer/users/${user.id}/roles`;
    const api = usersApi({
      [OWN]: json(200, [builtInRoleFixture('owner')]),
      [`GET /v1/enforcer/users/${user.id}/roles/assignable`]: json(200, builtInRoleFixtures),
      [`PATCH /v1/projects/${P}/users/${user.id}`]: apiError(
        409,
        'LAST_OWNER',
        'A project needs at least one owner. Make someone else owner first.',
      ),
    });
    renderApp(`/users?project=${P}`, api.fetch);
    await userEvent.click(
      within(await rowOf('Ada Lovelace')).getByRole('button', { name: 'Change role of Ada Lovelace' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await userEvent.selectOptions(await within(dialog).findByLabelText('New role'), builtInRoleFixture('admin').id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A project needs at least one owner. Make someone else owner first.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("says why a member holding a role beyond the caller's can't be changed", async () => {
    const api = usersApi({
      [HELD]: json(200, [builtInRoleFixture('owner')]),
      [ASSIGNABLE]: json(
        200,
        builtInRoleFixtures.filter((r) => r.key !== 'owner'),
      ),
    });
    renderApp(`/users?project=${P}`, api.fetch);
    await userEvent.click(
      within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Change role of Grace Hopper' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(await within(dialog).findByText("You can't change this member's roles")).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save role' })).toBeDisabled();
  });
});

describe('users: removing a member', () => {
  const REMOVE = `DELETE /v1/projects/${P}/users/${grace.user.id}`;

  it('asks first, and removes on confirmation only', async () => {
    let members = [me, grace];
    const api = usersApi({
      [MEMBERS]: () => listPage(members),
      [REMOVE]: () => {
        members = [me];
        return new Response(null, { status: 204 });
      },
    });
    renderApp(`/users?project=${P}`, api.fetch);
    await userEvent.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Remove Grace Hopper' }));
    let dialog = screen.getByRole('dialog', { name: 'Remove member' });
    expect(dialog).toHaveTextContent('Grace Hopper (grace@example.com) loses access to Acme shop at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(REMOVE)).toHaveLength(0);

    await userEvent.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Remove Grace Hopper' }));
    dialog = screen.getByRole('dialog', { name: 'Remove member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(async () => expect(within(await table()).queryByText('Grace Hopper')).not.toBeInTheDocument());
    expect(api.callsTo(REMOVE)).toHaveLength(1);
    expect(screen.getByText('Grace Hopper was removed from Acme shop.')).toBeInTheDocument();
  });

  it('shows the email once for a member without a name, or whose name is the email', async () => {
    const carol = memberFixture(5, {
      user: { email: 'carol@example.com', firstName: null, lastName: null, username: null },
    });
    const dave = memberFixture(6, {
      user: { email: 'dave@example.com', firstName: 'Dave@Example.com', lastName: null },
    });
    const api = usersApi({
      [MEMBERS]: listPage([me, carol, dave]),
      [`GET /v1/enforcer/users/${carol.user.id}/roles`]: json(200, [builtInRoleFixture('member')]),
      [`GET /v1/enforcer/users/${carol.user.id}/roles/assignable`]: json(200, builtInRoleFixtures),
    });
    renderApp(`/users?project=${P}`, api.fetch);
    const row = await rowOf('carol@example.com');
    expect(within(row).getAllByText('carol@example.com')).toHaveLength(1);
    expect(within(await rowOf('Dave@Example.com')).queryByText('dave@example.com')).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Change role of carol@example.com' }));
    const change = await screen.findByRole('dialog', { name: 'Change role' });
    expect(change).toHaveTextContent('carol@example.com');
    expect(change).not.toHaveTextContent('carol@example.com (carol@example.com)');
    await userEvent.click(within(change).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(
      within(await rowOf('carol@example.com')).getByRole('button', { name: 'Remove carol@example.com' }),
    );
    const remove = screen.getByRole('dialog', { name: 'Remove member' });
    expect(remove).toHaveTextContent('carol@example.com loses access to Acme shop at once');
  });

  it("shows the server's message when the last owner would go", async () => {
    const owner = { ...grace, roles: ['owner'] };
    const api = usersApi({
      [MEMBERS]: listPage([owner]),
      [REMOVE]: apiError(409, 'LAST_OWNER', 'A project needs at least one owner. Make someone else owner first.'),
    });
    renderApp(`/users?project=${P}`, api.fetch);
    await userEvent.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove member' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A project needs at least one owner. Make someone else owner first.',
    );
    expect(within(await table()).getByText('Grace Hopper')).toBeInTheDocument();
  });
});

describe('users: who may do what', () => {
  it('disables changing and removing without members.manage, and says why', async () => {
    const api = usersApi({}, ['members.read', 'roles.read']);
    renderApp(`/users?project=${P}`, api.fetch);
    const row = await rowOf('Grace Hopper');
    const change = within(row).getByRole('button', { name: 'Change role of Grace Hopper' });
    const remove = within(row).getByRole('button', { name: 'Remove Grace Hopper' });
    expect(change).toBeDisabled();
    expect(remove).toBeDisabled();
    const reason = screen.getByText(/You can see the members but not change their roles or remove them\./);
    expect(reason).toHaveTextContent("Change members' roles and remove members (members.manage)");
    expect(change).toHaveAccessibleDescription(reason.textContent ?? '');
  });

  it('shows why the page is unavailable without members.read, without asking for members', async () => {
    const api = usersApi({}, ['billing.read']);
    renderApp(`/users?project=${P}`, api.fetch);
    expect(
      await screen.findByText(/You need: See the project's members and their roles \(members\.read\)/),
    ).toBeInTheDocument();
    expect(api.callsTo(MEMBERS)).toHaveLength(0);
  });
});
