import type { Terms, User } from '@wharf/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionKeys } from '../accounts/api/session';
import {
  apiError,
  deferred,
  fakeProject,
  json,
  platform,
  projectPageApi,
  queryOf,
  signedInApi,
  user,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { getSnapshot, resetToasts } from '../toasts/toasts';

const ACTIVE = `GET /omnis/v3/platform/${platform.id}/activeTerms`;
const SIGN = `POST /omnis/v3/platform/${platform.id}/activeTerms`;
const AGREE = 'I have read and agree to the terms and conditions';

const terms: Terms = {
  id: '7e000000-0000-4000-8000-000000000001',
  platformId: platform.id,
  version: '2026-11',
  title: 'Terms of service',
  content: '<h2>1. Using Wharf</h2><p>Be <strong>kind</strong> to the harbour.</p>',
  updatedAt: new Date(2026, 10, 21, 10, 30).toISOString(),
};
const signedEntry = { id: terms.id, version: terms.version };

function termsApi(who: User = user, routes: FakeRoutes = {}) {
  return signedInApi(
    {
      [ACTIVE]: json(200, { terms }),
      [SIGN]: json(200, { signedPlatformTermsLogs: [...who.signedPlatformTermsLogs, signedEntry] }),
      ...routes,
    },
    who,
  );
}

const popup = () => screen.findByRole('dialog', { name: 'Terms of service' });
const nudges = () => getSnapshot('nudge').map(({ message, level }) => ({ message, level }));

beforeEach(() => resetToasts());

describe('terms popup: when it shows', () => {
  it('shows the latest terms to a user who signed nothing', async () => {
    const api = termsApi();
    renderApp('/settings', api.fetch);
    const dialog = await popup();
    expect(within(dialog).getByRole('heading', { name: '1. Using Wharf' })).toBeInTheDocument();
    expect(within(dialog).getByText('kind').tagName).toBe('STRONG');
    expect(within(dialog).getByText('Last updated: 21/11/2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: AGREE })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(queryOf(api.callsTo(ACTIVE)[0])).toEqual({});
  });

  it('shows when only an earlier version was signed', async () => {
    renderApp(
      '/settings',
      termsApi({ ...user, signedPlatformTermsLogs: [{ id: terms.id, version: '2026-10' }] }).fetch,
    );
    expect(await popup()).toBeInTheDocument();
  });

  it('stays away once this id and version are signed', async () => {
    const api = termsApi({ ...user, signedPlatformTermsLogs: [signedEntry] });
    renderApp('/settings', api.fetch);
    await screen.findByRole('heading', { name: 'Account settings', level: 1 });
    await waitFor(() => expect(api.callsTo(ACTIVE)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays away while the platform has no terms', async () => {
    const api = termsApi(user, { [ACTIVE]: json(200, { terms: null }) });
    renderApp('/settings', api.fetch);
    await waitFor(() => expect(api.callsTo(ACTIVE)).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the terms of the current project', async () => {
    const project = fakeProject(1);
    const api = projectPageApi([], {
      [ACTIVE]: json(200, { terms }),
      [SIGN]: json(200, { signedPlatformTermsLogs: [signedEntry] }),
    });
    renderApp(`/dashboard/?project=${project.id}`, api.fetch);
    expect(await popup()).toBeInTheDocument();
    expect(api.callsTo(ACTIVE).map(queryOf)).toContainEqual({ project: project.id });
    await userEvent.click(screen.getByRole('checkbox', { name: AGREE }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(api.callsTo(SIGN)).toHaveLength(1));
    expect(queryOf(api.callsTo(SIGN)[0])).toEqual({ project: project.id, termsId: terms.id });
  });

  it('is not asked for a signed-out visitor', async () => {
    const api = signedInApi({
      [ACTIVE]: json(200, { terms }),
      'GET /omnis/v3/dashboard/user': apiError(401, 'UNAUTHENTICATED'),
    });
    renderApp('/settings', api.fetch);
    await screen.findByRole('heading', { name: 'Sign in to Wharf' });
    expect(api.callsTo(ACTIVE)).toHaveLength(0);
  });
});

describe('terms popup: it cannot be put aside', () => {
  it('stays open on Escape', async () => {
    renderApp('/settings', termsApi().fetch);
    await popup();
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Terms of service' })).toBeInTheDocument();
  });

  it('stays open on a backdrop press', async () => {
    renderApp('/settings', termsApi().fetch);
    await popup();
    const backdrop = document.querySelector<HTMLElement>('[data-popup-backdrop]');
    expect(backdrop).not.toBeNull();
    await userEvent.pointer({ keys: '[MouseLeft]', target: backdrop as HTMLElement });
    expect(screen.getByRole('dialog', { name: 'Terms of service' })).toBeInTheDocument();
  });

  it('offers no close button', async () => {
    renderApp('/settings', termsApi().fetch);
    const dialog = await popup();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .filter((b) => !(b as HTMLButtonElement).disabled),
    ).toHaveLength(0);
  });

  it('is at most 900px wide', async () => {
    renderApp('/settings', termsApi().fetch);
    expect((await popup()).style.maxWidth).toBe('900px');
  });
});

describe('terms popup: Accept', () => {
  it('is enabled only while the box is ticked', async () => {
    renderApp('/settings', termsApi().fetch);
    const dialog = await popup();
    const accept = within(dialog).getByRole('button', { name: 'Accept' });
    const box = within(dialog).getByRole('checkbox', { name: AGREE });
    await userEvent.click(box);
    expect(accept).toBeEnabled();
    await userEvent.click(box);
    expect(accept).toBeDisabled();
    await userEvent.click(screen.getByText(AGREE));
    expect(accept).toBeEnabled();
  });

  it('signs the terms, says so, adds the entry to the cached user and goes', async () => {
    const earlier = { id: '7e000000-0000-4000-8000-000000000000', version: '1' };
    const who = { ...user, signedPlatformTermsLogs: [earlier] };
    const api = termsApi(who);
    const { queryClient } = renderApp('/settings', api.fetch);
    await userEvent.click(within(await popup()).getByRole('checkbox', { name: AGREE }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(SIGN)).toHaveLength(1);
    expect(queryOf(api.callsTo(SIGN)[0])).toEqual({ termsId: terms.id });
    expect(api.callsTo(SIGN)[0]?.body).toBeUndefined();
    expect(nudges()).toEqual([{ message: 'Terms and conditions accepted', level: 'success' }]);
    expect(queryClient.getQueryData<User>(sessionKeys.user())?.signedPlatformTermsLogs).toEqual([earlier, signedEntry]);
  });

  it('keeps the entry even when the answer leaves it out', async () => {
    const api = termsApi(user, { [SIGN]: json(200, { signedPlatformTermsLogs: [] }) });
    const { queryClient } = renderApp('/settings', api.fetch);
    await userEvent.click(within(await popup()).getByRole('checkbox', { name: AGREE }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(queryClient.getQueryData<User>(sessionKeys.user())?.signedPlatformTermsLogs).toEqual([signedEntry]);
  });

  it('waits while signing: Accept and the box are disabled', async () => {
    const answer = deferred<Response>();
    renderApp('/settings', termsApi(user, { [SIGN]: answer.promise }).fetch);
    const dialog = await popup();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: AGREE }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: AGREE })).toBeDisabled();
    answer.resolve(json(200, { signedPlatformTermsLogs: [signedEntry] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says it failed (danger) and stays, ready for another try', async () => {
    const api = termsApi(user, { [SIGN]: apiError(409, 'TERMS_OUTDATED', 'These terms are no longer the latest') });
    const { queryClient } = renderApp('/settings', api.fetch);
    const dialog = await popup();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: AGREE }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(nudges()).toEqual([{ message: 'Failed to accept terms', level: 'danger' }]));
    expect(screen.getByRole('dialog', { name: 'Terms of service' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(queryClient.getQueryData<User>(sessionKeys.user())?.signedPlatformTermsLogs).toEqual([]);
  });
});
