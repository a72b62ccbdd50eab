import type { Terms } from '@wharf/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getSnapshot, resetToasts } from '../../features/toasts/toasts';
import {
  apiError,
  deferred,
  fakeApi,
  json,
  platform,
  signedIn,
  signedInApi,
  user,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const LIST = `GET /v1/platform/${platform.id}/terms`;
const SAVE = `POST /v1/platform/${platform.id}/terms`;
const ACTIVE = `GET /omnis/v3/platform/${platform.id}/activeTerms`;
const admin = { ...user, isAdmin: true };

function version(n: number, fields: Partial<Terms> = {}): Terms {
  return {
    id: `7e000000-0000-4000-8000-00000000000${n}`,
    platformId: platform.id,
    version: `2026-0${n}`,
    title: `Terms of service ${n}`,
    content: `<p>Rules, take ${n}.</p>`,
    updatedAt: new Date(2026, n - 1, 15, 12, 0).toISOString(),
    ...fields,
  };
}

/** The admin's API; the admin has signed what the list holds, so their own popup stays away. */
function adminApi(versions: Terms[], routes: FakeRoutes = {}) {
  const signer = { ...admin, signedPlatformTermsLogs: versions.map(({ id, version }) => ({ id, version })) };
  return signedInApi(
    { [LIST]: json(200, versions), [ACTIVE]: json(200, { terms: versions[0] ?? null }), ...routes },
    signer,
  );
}

const field = (name: string) => screen.getByLabelText(name, { exact: true });
const nudges = () => getSnapshot('nudge').map(({ message, level }) => ({ message, level }));

beforeEach(() => resetToasts());

describe('admin terms page: who may use it', () => {
  it('tells a non-admin it is for platform administrators, without asking the server', async () => {
    const api = signedInApi({ [LIST]: json(200, []), [ACTIVE]: json(200, { terms: null }) });
    renderApp('/admin/terms', api.fetch);
    expect(await screen.findByText("Only platform administrators can edit the platform's terms.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Terms and conditions', level: 1 })).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
  });

  it('says the same when the server refuses (403)', async () => {
    renderApp('/admin/terms', adminApi([], { [LIST]: apiError(403, 'FORBIDDEN') }).fetch);
    expect(await screen.findByText("Only platform administrators can edit the platform's terms.")).toBeInTheDocument();
  });

  it('is linked from the account side menu for admins only', async () => {
    renderApp('/settings', fakeApi({ routes: signedIn(admin) }).fetch);
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/admin/terms');
  });

  it('is titled in the document', async () => {
    renderApp('/admin/terms', adminApi([]).fetch);
    await waitFor(() => expect(document.title).toBe('Terms and conditions - Wharf'));
  });
});

describe('admin terms page: versions', () => {
  it('lists the versions newest first, the newest marked active', async () => {
    renderApp('/admin/terms', adminApi([version(2), version(1)]).fetch);
    const list = await screen.findByRole('list', { name: 'Versions, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Version 2026-02');
    expect(items[0]).toHaveTextContent('Active');
    expect(items[0]).toHaveTextContent('Terms of service 2 · 15/02/2026');
    expect(items[1]).toHaveTextContent('Version 2026-01');
    expect(items[1]).not.toHaveTextContent('Active');
  });

  it('says when there are none yet', async () => {
    renderApp('/admin/terms', adminApi([]).fetch);
    expect(await screen.findByText(/No terms yet/)).toBeInTheDocument();
  });

  it('shows a version as people see it', async () => {
    renderApp('/admin/terms', adminApi([version(2), version(1)]).fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'View version 2026-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms of service 1 (version 2026-01)' });
    expect(within(dialog).getByText('Rules, take 1.')).toBeInTheDocument();
    expect(within(dialog).getByText('Last updated: 15/01/2026')).toBeInTheDocument();
  });
});

describe('admin terms page: saving a version', () => {
  it('checks the form with the contract schema before sending', async () => {
    const api = adminApi([]);
    renderApp('/admin/terms', api.fetch);
    await screen.findByText(/No terms yet/);
    await userEvent.type(field('Version'), '2026 11');
    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();
    expect(screen.getByText('Write the terms.')).toBeInTheDocument();
    expect(
      screen.getByText('Use letters, digits, dots, dashes and underscores, like 2026-11 or 1.2.'),
    ).toBeInTheDocument();
    expect(field('Title')).toHaveFocus();
    expect(api.callsTo(SAVE)).toHaveLength(0);
  });

  it('saves a new version, says so, clears the form and lists it', async () => {
    const saved = version(3, { title: 'Terms of service', version: '2026-11', content: '<p>New rules.</p>' });
    let versions = [version(1)];
    const api = adminApi(versions, {
      [LIST]: () => json(200, versions),
      [SAVE]: () => {
        versions = [saved, ...versions];
        return json(201, saved);
      },
    });
    renderApp('/admin/terms', api.fetch);
    await screen.findByRole('list', { name: 'Versions, newest first' });

    await userEvent.type(field('Title'), 'Terms of service');
    await userEvent.type(field('Version'), ' 2026-11 ');
    await userEvent.type(field('Content'), '<p>New rules.</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));

    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0]?.body).toEqual({
      title: 'Terms of service',
      version: '2026-11',
      content: '<p>New rules.</p>',
    });
    await waitFor(() =>
      expect(nudges()).toEqual([
        { message: 'Version 2026-11 saved. Everyone is asked to accept it.', level: 'success' },
      ]),
    );
    expect(field('Title')).toHaveValue('');
    expect(field('Version')).toHaveValue('');
    expect(field('Content')).toHaveValue('');
    const list = screen.getByRole('list', { name: 'Versions, newest first' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Version 2026-11');
  });

  it('shows a taken version (409) beside the version field and keeps what was typed', async () => {
    const api = adminApi([version(1)], {
      [SAVE]: apiError(409, 'TERMS_VERSION_EXISTS', 'A version 2026-01 exists already'),
    });
    renderApp('/admin/terms', api.fetch);
    await screen.findByRole('list', { name: 'Versions, newest first' });
    await userEvent.type(field('Title'), 'Terms');
    await userEvent.type(field('Version'), '2026-01');
    await userEvent.type(field('Content'), '<p>Again.</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));

    const message = 'Version 2026-01 already exists. Saved versions never change, so give this one a new version.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field('Version')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Version')).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field('Title')).toHaveValue('Terms');
    expect(field('Content')).toHaveValue('<p>Again.</p>');
    expect(nudges()).toEqual([]);
  });

  it("shows the server's validation errors beside their fields", async () => {
    const api = adminApi([], {
      [SAVE]: apiError(400, 'VALIDATION_FAILED', 'Invalid request', [{ path: 'body.content', message: 'Too long.' }]),
    });
    renderApp('/admin/terms', api.fetch);
    await screen.findByText(/No terms yet/);
    await userEvent.type(field('Title'), 'Terms');
    await userEvent.type(field('Version'), '1');
    await userEvent.type(field('Content'), '<p>x</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));
    expect(await screen.findByText('Too long.')).toBeInTheDocument();
    expect(field('Content')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says saving is under way', async () => {
    const answer = deferred<Response>();
    renderApp('/admin/terms', adminApi([], { [SAVE]: answer.promise }).fetch);
    await screen.findByText(/No terms yet/);
    await userEvent.type(field('Title'), 'Terms');
    await userEvent.type(field('Version'), '1');
    await userEvent.type(field('Content'), '<p>x</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    answer.resolve(json(201, version(1, { version: '1' })));
    expect(await screen.findByRole('button', { name: 'Save version' })).toBeEnabled();
  });

  it('starts from the latest version on request', async () => {
    renderApp('/admin/terms', adminApi([version(2), version(1)]).fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Start from version 2026-02' }));
    expect(field('Title')).toHaveValue('Terms of service 2');
    expect(field('Content')).toHaveValue('<p>Rules, take 2.</p>');
    expect(field('Version')).toHaveValue('');
    expect(screen.getByText('The latest is 2026-02.')).toBeInTheDocument();
  });
});
