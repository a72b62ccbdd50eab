import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  deferred,
  fakeApi,
  listPage,
  mail,
  queryOf,
  signedIn,
  signedInApi,
  user,
  type FakeCall,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const OUTBOX = 'GET /v1/admin/mail/outbox';
const admin = { ...user, isAdmin: true };

function outboxApi(answer: Response | ((call: FakeCall) => Response | Promise<Response>), who = admin) {
  return signedInApi({ [OUTBOX]: answer }, who);
}

const mailList = () => screen.findByRole('list', { name: 'Mail, newest first' });

describe('outbox: who may read it', () => {
  it('tells a non-admin it is for platform administrators, without asking the server', async () => {
    const api = outboxApi(listPage([mail(1)]), user);
    renderApp('/admin/mail', api.fetch);
    expect(await screen.findByText('Only platform administrators can read the outbox.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Outbox', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Outbox' })).not.toBeInTheDocument();
    expect(api.callsTo(OUTBOX)).toHaveLength(0);
  });

  it('shows the Outbox entry in the side nav to admins only', async () => {
    renderApp('/settings', fakeApi({ routes: signedIn(admin) }).fetch);
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/admin/mail');
  });

  it('hides the Outbox entry from everyone else', async () => {
    renderApp('/settings', fakeApi({ routes: signedIn(user) }).fetch);
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Outbox' })).not.toBeInTheDocument();
  });

  it('says the same when the server refuses (403)', async () => {
    renderApp('/admin/mail', outboxApi(apiError(403, 'FORBIDDEN', 'Platform admins only')).fetch);
    expect(await screen.findByText('Only platform administrators can read the outbox.')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to login first', async () => {
    const { router } = renderApp(
      '/admin/mail',
      fakeApi({ routes: { 'GET /omnis/v3/dashboard/user': apiError(401, 'UNAUTHENTICATED') } }).fetch,
    );
    await screen.findByRole('heading', { name: 'Sign in to Wharf' });
    expect(router.state.location.search).toEqual({ redirect: '/admin/mail' });
  });
});

describe('outbox: the list', () => {
  it('explains itself and lists mail newest first with its status, using the bearer token', async () => {
    const api = outboxApi(
      listPage([
        mail(1, { subject: 'Reset your password', to: 'ada@example.com' }),
        mail(2, { subject: 'Verify your email', to: 'grace@example.com', sentAt: '2026-11-21T11:59:30.000Z' }),
      ]),
    );
    renderApp('/admin/mail', api.fetch);
    expect(
      await screen.findByText(
        'Without an SMTP server, mail stays here. Open a link to act on it, e.g. to reset a password.',
      ),
    ).toBeInTheDocument();
    const items = within(await mailList()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Reset your password');
    expect(items[0]).toHaveTextContent('ada@example.com');
    expect(items[0]).toHaveTextContent('In outbox');
    expect(items[1]).toHaveTextContent('Verify your email');
    expect(items[1]).toHaveTextContent('Sent');
    expect(items[0]?.querySelector('time')).toHaveAttribute('datetime', mail(1).createdAt);
    expect(document.title).toBe('Outbox - Wharf');

    const [call] = api.callsTo(OUTBOX);
    expect(call?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(queryOf(call)).toEqual({ pageSize: '20' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Outbox' })).toHaveAttribute('aria-current', 'page');
  });

  it('appends the next page with the token the last one gave', async () => {
    const api = outboxApi(({ url }) =>
      queryOf({ url }).pageToken === 'token-of-page-2'
        ? listPage([mail(3), mail(4)])
        : listPage([mail(1), mail(2)], 'token-of-page-2'),
    );
    renderApp('/admin/mail', api.fetch);
    const list = await mailList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span span')?.textContent),
    ).toEqual(['Mail 1', 'Mail 2', 'Mail 3', 'Mail 4']);
    expect(queryOf(api.callsTo(OUTBOX)[1])).toEqual({ pageSize: '20', pageToken: 'token-of-page-2' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says it is loading the next page, and holds the button meanwhile', async () => {
    const next = deferred<Response>();
    const api = outboxApi(({ url }) => (queryOf({ url }).pageToken ? next.promise : listPage([mail(1)], 'more')));
    renderApp('/admin/mail', api.fetch);
    await mailList();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('button', { name: 'Loading…' })).toBeDisabled();
    next.resolve(listPage([mail(2)]));
    expect(await screen.findByText('Mail 2')).toBeInTheDocument();
  });

  it('filters by recipient with `to`, and shows everyone again', async () => {
    const api = outboxApi(({ url }) =>
      queryOf({ url }).to === 'grace@example.com'
        ? listPage([mail(2, { to: 'grace@example.com', subject: 'For Grace' })])
        : listPage([mail(1, { subject: 'For Ada' }), mail(2, { to: 'grace@example.com', subject: 'For Grace' })]),
    );
    renderApp('/admin/mail', api.fetch);
    await mailList();
    const filter = screen.getByRole('search', { name: 'Filter mail' });
    await userEvent.type(within(filter).getByLabelText('Recipient'), '  Grace@Example.com ');
    await userEvent.click(within(filter).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByText('For Ada')).not.toBeInTheDocument());
    expect(screen.getByText('For Grace')).toBeInTheDocument();
    expect(queryOf(api.callsTo(OUTBOX).at(-1))).toEqual({ pageSize: '20', to: 'grace@example.com' });

    await userEvent.click(within(filter).getByRole('button', { name: 'Show all' }));
    expect(await screen.findByText('For Ada')).toBeInTheDocument();
    expect(within(filter).getByLabelText('Recipient')).toHaveValue('');
  });

  it('asks for a whole address before filtering', async () => {
    const api = outboxApi(listPage([mail(1)]));
    renderApp('/admin/mail', api.fetch);
    await mailList();
    await userEvent.type(screen.getByLabelText('Recipient'), 'grace');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('Enter a whole email address, like ada@example.com.')).toBeInTheDocument();
    expect(api.callsTo(OUTBOX)).toHaveLength(1);
  });

  it('says when there is no mail yet, and when none went to the address', async () => {
    const api = outboxApi(listPage([]));
    renderApp('/admin/mail', api.fetch);
    expect(await screen.findByText('No mail yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Recipient'), 'nobody@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No mail to nobody@example.com.')).toBeInTheDocument();
  });

  it('shows a failure and tries again', async () => {
    let failing = true;
    const api = outboxApi(() => (failing ? apiError(500, 'INTERNAL_ERROR', 'Database down') : listPage([mail(1)])));
    renderApp('/admin/mail', api.fetch);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Mail 1')).toBeInTheDocument();
  });
});

describe('outbox: the viewer', () => {
  const resetMail = mail(1, {
    subject: 'Reset your Wharf password',
    to: 'admin@example.com',
    text:
      'Someone asked to reset your password.\n\n' +
      'Reset it: https://console.test/reset-password?token=abc123&email=admin%40example.com.\n' +
      'Not you? Ignore javascript:alert(document.cookie) and this mail.',
    html: '<p>Reset</p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">click</a>',
    sentAt: '2026-11-21T12:00:05.000Z',
  });

  it('shows the chosen mail with its text, web addresses linked and nothing else', async () => {
    renderApp('/admin/mail', outboxApi(listPage([resetMail, mail(2)])).fetch);
    await userEvent.click(await screen.findByRole('button', { name: /Reset your Wharf password/ }));
    expect(screen.queryByText('Select a mail to read it.')).not.toBeInTheDocument();

    const viewer = screen.getByRole('article', { name: 'Reset your Wharf password' });
    expect(screen.getByRole('button', { name: /Reset your Wharf password/ })).toHaveAttribute('aria-current', 'true');
    expect(viewer).toHaveTextContent('admin@example.com');
    expect(viewer).toHaveTextContent('Sent');
    expect(viewer.querySelectorAll('time')).toHaveLength(2);
    expect(viewer).toHaveTextContent('Someone asked to reset your password.');

    const link = within(viewer).getByRole('link', {
      name: 'https://console.test/reset-password?token=abc123&email=admin%40example.com',
    });
    expect(link).toHaveAttribute('href', 'https://console.test/reset-password?token=abc123&email=admin%40example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');

    // The script address is shown as text, never linked; the HTML part is never rendered.
    expect(within(viewer).getAllByRole('link')).toHaveLength(1);
    expect(viewer).toHaveTextContent('Ignore javascript:alert(document.cookie) and this mail.');
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull();
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(viewer).toHaveTextContent('This mail also has an HTML version; the plain text is shown here.');
  });

  it('says "In outbox" for unsent mail, and switches to another mail', async () => {
    renderApp('/admin/mail', outboxApi(listPage([resetMail, mail(2, { text: 'Second body' })])).fetch);
    await userEvent.click(await screen.findByRole('button', { name: /Mail 2/ }));
    const viewer = screen.getByRole('article', { name: 'Mail 2' });
    expect(viewer).toHaveTextContent('In outbox');
    expect(viewer).toHaveTextContent('Second body');
    expect(within(viewer).queryByRole('link')).not.toBeInTheDocument();
  });
});
