import { permissions as allPermissions } from '@wharf/contract/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  authKeyFixture,
  fakeCatalogue,
  fakeProject,
  json,
  projectPageApi,
  type FakeAuthKey,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const P = fakeProject(1).id;
const LIST = `GET /v1/projects/${P}/auth`;
const CREATE = `POST /v1/projects/${P}/auth`;
const SECRET = 'wk_s3cr3t-only-shown-once_0123456789abcdef';
const ADMIN_HOLDS = allPermissions.filter((p) => p !== 'projects.delete');

function keysApi(routes: FakeRoutes = {}, held: readonly string[] = ADMIN_HOLDS, initial: FakeAuthKey[] = []) {
  let keys = [...initial];
  return projectPageApi(held, {
    [LIST]: () => json(200, keys),
    'GET /v1/enforcer/permissions': json(200, fakeCatalogue),
    [CREATE]: (call) => {
      const body = call.body as { name: string; permissions: string[] };
      const key = authKeyFixture(9, { ...body, prefix: SECRET.slice(0, 10) });
      keys = [...keys, key];
      return json(201, { key, secret: SECRET });
    },
    ...routes,
  });
}

const form = () => screen.findByRole('form', { name: 'Create an API key' });
const permissionBox = (key: string) =>
  screen.getByRole('checkbox', { name: new RegExp(`^${key.replace('.', '\\.')} `) });

describe('developer: API keys', () => {
  it('lists keys with prefix, permissions, created and last used, and links the API reference', async () => {
    const keys = [
      authKeyFixture(1, { name: 'Warehouse sync', permissions: ['projects.read', 'drive.read'] }),
      authKeyFixture(2, {
        name: 'Reporting',
        permissions: ['projects.read', 'members.read', 'billing.read', 'chat.read', 'drive.read', 'audit.read'],
        lastUsedAt: new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString(),
      }),
    ];
    renderApp(`/developer?project=${P}`, keysApi({}, ADMIN_HOLDS, keys).fetch);
    const list = await screen.findByRole('list', { name: 'API keys' });
    const sync = within(list).getByRole('listitem', { name: 'Warehouse sync' });
    expect(sync).toHaveTextContent(`${keys[0]!.prefix}…`);
    expect(sync).toHaveTextContent('Never');
    expect(within(sync).getByRole('list', { name: 'Permissions of Warehouse sync' })).toHaveTextContent(
      'projects.readdrive.read',
    );
    expect(sync.querySelector('time')).toHaveAttribute('datetime', keys[0]!.createdAt);
    const reporting = within(list).getByRole('listitem', { name: 'Reporting' });
    expect(reporting).toHaveTextContent('3 hours ago');
    expect(reporting).toHaveTextContent('+ 2 more');
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/docs');
    expect(document.title).toBe('Developer (APIs) - Wharf');
  });

  it('says when there is no key yet', async () => {
    renderApp(`/developer?project=${P}`, keysApi().fetch);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
  });

  it('creates a key and shows its secret once, with a curl example, then forgets it', async () => {
    const api = keysApi();
    renderApp(`/developer?project=${P}`, api.fetch);
    const create = await form();

    await userEvent.click(within(create).getByRole('button', { name: 'Create key' }));
    expect(within(create).getByLabelText('Name')).toHaveAccessibleDescription(/Enter a name\./);
    expect(create).toHaveTextContent('Choose at least one permission.');
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await userEvent.type(within(create).getByLabelText('Name'), 'Warehouse sync');
    await userEvent.click(permissionBox('projects.read'));
    await userEvent.click(permissionBox('drive.write'));
    expect(create).not.toHaveTextContent('Choose at least one permission.');
    await userEvent.click(within(create).getByRole('button', { name: 'Create key' }));

    const panel = await screen.findByRole('region', { name: 'API key “Warehouse sync” created' });
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      name: 'Warehouse sync',
      permissions: ['projects.read', 'drive.write'],
    });
    expect(within(panel).getByText("Copy the secret now. You won't see it again.")).toBeInTheDocument();
    expect(within(panel).getByLabelText('Secret')).toHaveValue(SECRET);
    expect(within(panel).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(panel).toHaveTextContent(
      `curl -H "Authorization: Bearer ${SECRET}" ${window.location.origin}/v1/projects/${P}`,
    );
    expect(within(panel).getByRole('heading', { name: 'API key “Warehouse sync” created' })).toHaveFocus();
    // The form is ready for another key.
    expect(within(create).getByLabelText('Name')).toHaveValue('');
    expect(await screen.findByRole('listitem', { name: 'Warehouse sync' })).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: "I've stored it safely" }));
    expect(screen.queryByRole('region', { name: /created/ })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
    expect(screen.getByRole('listitem', { name: 'Warehouse sync' })).toHaveTextContent(`${SECRET.slice(0, 10)}…`);
  });

  it("locks the permissions the maker doesn't hold, and shows a refusal", async () => {
    const held = ['authkeys.read', 'authkeys.manage', 'projects.read'];
    const api = keysApi(
      {
        [CREATE]: apiError(403, 'ROLE_NOT_ASSIGNABLE', 'You cannot give a role with permissions you do not hold.'),
      },
      held,
    );
    renderApp(`/developer?project=${P}`, api.fetch);
    const create = await form();
    expect(permissionBox('billing.read')).toBeDisabled();
    expect(permissionBox('projects.read')).toBeEnabled();
    expect(create).toHaveTextContent("Greyed-out permissions are ones you don't hold yourself");

    await userEvent.click(within(create).getByRole('button', { name: 'All I can give' }));
    expect(create).toHaveTextContent('3 selected');
    await userEvent.type(within(create).getByLabelText('Name'), 'Too much');
    await userEvent.click(within(create).getByRole('button', { name: 'Create key' }));
    expect(
      await within(create).findByText('You cannot give a role with permissions you do not hold.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /created/ })).not.toBeInTheDocument();
  });

  it('revokes a key after confirmation', async () => {
    const key = authKeyFixture(1, { name: 'Old script' });
    const REVOKE = `DELETE /v1/projects/${P}/auth/${key.id}`;
    let keys = [key];
    const api = keysApi({
      [LIST]: () => json(200, keys),
      [REVOKE]: () => {
        keys = [];
        return new Response(null, { status: 204 });
      },
    });
    renderApp(`/developer?project=${P}`, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Old script' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke API key' });
    expect(dialog).toHaveTextContent(`Requests made with Old script (${key.prefix}…) are refused from this moment.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Old script was revoked. Requests using it are refused.')).toBeInTheDocument();
    expect(api.callsTo(REVOKE)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Old script' })).not.toBeInTheDocument());
    expect(screen.getByText('No API keys yet.')).toBeInTheDocument();
  });

  it('disables creating and revoking without authkeys.manage, and says why', async () => {
    const key = authKeyFixture(1, { name: 'Old script' });
    renderApp(`/developer?project=${P}`, keysApi({}, ['authkeys.read'], [key]).fetch);
    const revoke = await screen.findByRole('button', { name: 'Revoke Old script' });
    expect(revoke).toBeDisabled();
    expect(revoke).toHaveAccessibleDescription(/Create and revoke API keys \(authkeys\.manage\)/);
    expect(within(await form()).getByRole('button', { name: 'Create key' })).toBeDisabled();
  });

  it('says why the page is unavailable without authkeys.read', async () => {
    const api = keysApi({}, ['projects.read']);
    renderApp(`/developer?project=${P}`, api.fetch);
    expect(
      await screen.findByText(/You need: See the project's API keys \(never their secrets\) \(authkeys\.read\)/),
    ).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });
});
