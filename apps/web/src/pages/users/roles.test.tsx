import { permissions as allPermissions } from '@wharf/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  builtInRoleFixture,
  builtInRoleFixtures,
  customRoleFixture,
  fakeCatalogue,
  fakeProject,
  json,
  projectPageApi,
  type FakeRole,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const P = fakeProject(1).id;
const ROLES = 'GET /v1/enforcer/roles';
const CREATE = 'POST /v1/enforcer/roles';
const ops = customRoleFixture(1, { name: 'Ops support', permissions: ['projects.read', 'chat.read'] });
const PATCH_OPS = `PATCH /v1/enforcer/roles/${ops.id}`;
const ADMIN_HOLDS = builtInRoleFixture('admin').permissions;

/** A server holding `roles` in memory: lists, creates, updates and deletes them. */
function rolesApi(routes: FakeRoutes = {}, held: readonly string[] = ADMIN_HOLDS, custom: FakeRole[] = [ops]) {
  let roles = [...builtInRoleFixtures, ...custom];
  return projectPageApi(held, {
    [ROLES]: () => json(200, roles),
    'GET /v1/enforcer/permissions': json(200, fakeCatalogue),
    [PATCH_OPS]: (call) => {
      const updated = { ...ops, ...(call.body as Partial<FakeRole>) };
      roles = roles.map((r) => (r.id === ops.id ? updated : r));
      return json(200, updated);
    },
    [CREATE]: (call) => {
      const body = call.body as { name: string; description: string; permissions: string[] };
      const created = customRoleFixture(2, { ...body });
      roles = [...roles, created];
      return json(201, created);
    },
    [`DELETE /v1/enforcer/roles/${ops.id}`]: () => {
      roles = roles.filter((r) => r.id !== ops.id);
      return new Response(null, { status: 204 });
    },
    ...routes,
  });
}

const matrix = () => screen.findByRole('table', { name: 'Permissions by role' });
const box = (key: string, role: string) => screen.getByRole('checkbox', { name: `${key} for ${role}` });
const rowOf = (table: HTMLElement, key: string) => {
  const row = within(table)
    .getAllByRole('row')
    .find((r) => within(r).queryByText(key, { selector: 'code' }));
  if (!row) throw new Error(`No row ${key}`);
  return row;
};

describe('roles: the matrix', () => {
  it('shows every role as a column, built-ins read-only, and the catalogue grouped by area', async () => {
    renderApp(`/users/roles?project=${P}`, rolesApi().fetch);
    const table = await matrix();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[0]).toBe('Permission');
    // The editable custom columns first, then the built-in ones.
    expect(headers[1]).toContain('Ops support');
    expect(headers[1]).toContain('Custom');
    expect(headers.slice(2).map((h) => h?.replace('Built-in', ''))).toEqual([
      'Owner',
      'Admin',
      'Member',
      'Finance',
      'Viewer',
    ]);
    expect(within(table).getAllByText('Built-in')).toHaveLength(5);

    // Only the custom column has checkboxes: one per permission.
    expect(within(table).getAllByRole('checkbox')).toHaveLength(fakeCatalogue.length);
    expect(box('chat.read', 'Ops support')).toBeChecked();
    expect(box('chat.write', 'Ops support')).not.toBeChecked();

    const billing = rowOf(table, 'billing.read');
    expect(billing).toHaveTextContent('See plans, invoices, transactions, wallets and payment methods');
    const cells = within(billing)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Owner, Admin, Member, Finance, Viewer
    expect(cells.slice(1)).toEqual(['✓Granted', '✓Granted', '–Not granted', '✓Granted', '–Not granted']);

    for (const area of ['Project', 'Members', 'Roles', 'API keys', 'Billing', 'Modules', 'Chat', 'Drive'])
      expect(within(table).getByRole('rowheader', { name: area })).toBeInTheDocument();
  });

  it('edits a custom role and saves it with one PATCH holding the whole new set', async () => {
    const api = rolesApi();
    renderApp(`/users/roles?project=${P}`, api.fetch);
    await matrix();
    const save = screen.getByRole('button', { name: 'Save Ops support' });
    expect(save).toBeDisabled();

    await userEvent.click(box('chat.write', 'Ops support'));
    await userEvent.click(box('chat.read', 'Ops support'));
    await userEvent.click(box('members.read', 'Ops support'));
    expect(screen.getByText('Unsaved')).toBeInTheDocument();
    expect(screen.getByText('Unsaved changes: Ops support.')).toBeInTheDocument();
    expect(save).toBeEnabled();

    await userEvent.click(save);
    await waitFor(() => expect(api.callsTo(PATCH_OPS)).toHaveLength(1));
    // In the catalogue's order.
    expect(api.callsTo(PATCH_OPS)[0]?.body).toEqual({ permissions: ['projects.read', 'members.read', 'chat.write'] });
    expect(await screen.findByText('Saved Ops support: 3 permissions.')).toBeInTheDocument();
    expect(screen.queryByText('Unsaved')).not.toBeInTheDocument();
    expect(box('chat.write', 'Ops support')).toBeChecked();
    expect(box('chat.read', 'Ops support')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save Ops support' })).toBeDisabled();
  });

  it('puts back what was there on Discard', async () => {
    renderApp(`/users/roles?project=${P}`, rolesApi().fetch);
    await matrix();
    await userEvent.click(box('drive.read', 'Ops support'));
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes to Ops support' }));
    expect(box('drive.read', 'Ops support')).not.toBeChecked();
    expect(screen.queryByText('Unsaved')).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the changes", async () => {
    const api = rolesApi({
      [PATCH_OPS]: apiError(
        403,
        'PERMISSION_NOT_HELD',
        'You can only shape roles with permissions you hold yourself; you do not hold drive.write.',
      ),
    });
    renderApp(`/users/roles?project=${P}`, api.fetch);
    await matrix();
    await userEvent.click(box('drive.read', 'Ops support'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Ops support' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ops support was not saved');
    expect(alert).toHaveTextContent('You can only shape roles with permissions you hold yourself');
    expect(box('drive.read', 'Ops support')).toBeChecked();
    expect(screen.getByText('Unsaved')).toBeInTheDocument();
  });

  it("locks the permissions the caller doesn't hold", async () => {
    const held = ADMIN_HOLDS.filter((p) => p !== 'billing.manage');
    renderApp(`/users/roles?project=${P}`, rolesApi({}, held).fetch);
    await matrix();
    expect(box('billing.manage', 'Ops support')).toBeDisabled();
    expect(box('billing.read', 'Ops support')).toBeEnabled();
    expect(box('billing.manage', 'Ops support')).toHaveAccessibleDescription(
      "Permissions you don't hold yourself are locked: nobody can give more than they have.",
    );
  });

  it('is read-only without roles.manage, and says why', async () => {
    renderApp(`/users/roles?project=${P}`, rolesApi({}, ['roles.read', 'members.read']).fetch);
    await matrix();
    for (const checkbox of screen.getAllByRole('checkbox')) expect(checkbox).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Ops support' })).not.toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'New custom role' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(/Create custom roles, edit their permissions.*\(roles\.manage\)/);
  });

  it('says why the page is unavailable without roles.read', async () => {
    const api = rolesApi({}, ['members.read']);
    renderApp(`/users/roles?project=${P}`, api.fetch);
    expect(await screen.findByText(/You need: See roles and their permissions \(roles\.read\)/)).toBeInTheDocument();
    expect(api.callsTo(ROLES)).toHaveLength(0);
  });
});

describe('roles: custom roles', () => {
  it("creates a role from a built-in's permissions, and shows its column", async () => {
    const api = rolesApi();
    renderApp(`/users/roles?project=${P}`, api.fetch);
    await matrix();
    await userEvent.click(screen.getByRole('button', { name: 'New custom role' }));
    const form = screen.getByRole('form', { name: 'New custom role' });

    await userEvent.click(within(form).getByRole('button', { name: 'Create role' }));
    expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription('Enter a name.');
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Name'), 'Support lead');
    await userEvent.type(within(form).getByLabelText('Description'), 'Answers customers');
    await userEvent.selectOptions(within(form).getByLabelText('Start from'), builtInRoleFixture('member').id);
    expect(form).toHaveTextContent(
      `Starts with the ${builtInRoleFixture('member').permissions.length} permissions of Member you can give.`,
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Create role' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    const body = api.callsTo(CREATE)[0]?.body as { name: string; description: string; permissions: string[] };
    expect(body.name).toBe('Support lead');
    expect(body.description).toBe('Answers customers');
    expect(new Set(body.permissions)).toEqual(new Set(builtInRoleFixture('member').permissions));
    expect(
      await screen.findByText('Created Support lead. Tick its permissions in the table and save.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New custom role' })).not.toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'chat.write for Support lead' })).toBeChecked();
  });

  it("leaves out what the caller doesn't hold when starting from Owner", async () => {
    const api = rolesApi();
    renderApp(`/users/roles?project=${P}`, api.fetch);
    await matrix();
    await userEvent.click(screen.getByRole('button', { name: 'New custom role' }));
    const form = screen.getByRole('form', { name: 'New custom role' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Almost owner');
    await userEvent.selectOptions(within(form).getByLabelText('Start from'), builtInRoleFixture('owner').id);
    expect(form).toHaveTextContent("Left out, because you don't hold them: projects.delete.");
    await userEvent.click(within(form).getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    const sent = (api.callsTo(CREATE)[0]?.body as { permissions: string[] }).permissions;
    expect(sent).toEqual(allPermissions.filter((p) => p !== 'projects.delete'));
  });

  it('shows a taken name beside the field', async () => {
    const api = rolesApi({
      [CREATE]: apiError(
        409,
        'ROLE_EXISTS',
        'A role named "Ops support" already exists in this project. Choose another name.',
      ),
    });
    renderApp(`/users/roles?project=${P}`, api.fetch);
    await matrix();
    await userEvent.click(screen.getByRole('button', { name: 'New custom role' }));
    const form = screen.getByRole('form', { name: 'New custom role' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Ops support');
    await userEvent.click(within(form).getByRole('button', { name: 'Create role' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Name')).toHaveAccessibleDescription(
        'A role named "Ops support" already exists in this project. Choose another name.',
      ),
    );
  });

  it('deletes a custom role after saying who loses it', async () => {
    const api = rolesApi({
      [`GET /v1/enforcer/roles/${ops.id}/users`]: json(200, [
        { id: '00000000-0000-4000-9000-000000000002', email: 'grace@example.com' },
        { id: '00000000-0000-4000-9000-000000000003', email: 'alan@example.com' },
      ]),
    });
    renderApp(`/users/roles?project=${P}`, api.fetch);
    await matrix();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Ops support' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete custom role' });
    expect(await within(dialog).findByText(/2 members hold it and lose it/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: 'chat.read for Ops support' })).not.toBeInTheDocument(),
    );
    expect(api.callsTo(`DELETE /v1/enforcer/roles/${ops.id}`)).toHaveLength(1);
    expect(screen.getByText('Deleted Ops support.')).toBeInTheDocument();
  });
});
