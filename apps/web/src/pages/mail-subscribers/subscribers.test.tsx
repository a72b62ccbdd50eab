import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { apiError, deferred, json, queryOf, type FakeCall } from '../../test/fake-api';
import {
  LISTS,
  MAIL_READER,
  marketingApi,
  newsletter,
  P,
  subscriberFixture,
  subscriberPage,
  SUBSCRIBERS,
  vip,
} from './subscriber-fixtures';

afterEach(() => {
  forgetModules();
});

const PAGE = `/marketing/subscribers?project=${P}`;
const LIST = `GET ${SUBSCRIBERS}`;

const mary = subscriberFixture(1, {
  name: 'Mary Shelley',
  email: 'mary@example.com',
  lastOpenedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
});
const bob = subscriberFixture(2, { name: '', email: 'bob@example.com', status: 'unconfirmed', lists: [] });
const cy = subscriberFixture(3, {
  status: 'bounced',
  lists: [
    { id: vip.id, name: 'VIP' },
    { id: newsletter.id, name: 'Newsletter' },
  ],
});

const table = () => screen.getByRole('table', { name: 'Subscribers' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('the Subscribers page (marketing.subscribers)', () => {
  it('shows the total and a row per subscriber, each opening their page', async () => {
    const fake = marketingApi({ [LIST]: subscriberPage([mary, bob, cy], 1234, 'next-1') });
    renderWithModules(PAGE, fake.fetch);
    const link = await screen.findByRole('link', { name: 'Mary Shelley' });
    expect(link).toHaveAttribute('href', `/marketing/subscribers/${mary.id}?project=${P}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeInTheDocument();
    expect(screen.getByText('1,234 subscribers')).toBeInTheDocument();

    expect(bodyRows()).toHaveLength(3);
    const [first, second, third] = bodyRows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('mary@example.com')).toBeInTheDocument();
    expect(within(first).getByText('Subscribed').closest('[data-status]')).toHaveAttribute('data-status', 'subscribed');
    expect(within(first).getByText('Newsletter')).toBeInTheDocument();
    expect(within(first).getByText('3 days ago')).toBeInTheDocument();
    // Without a name the address is the link, once.
    expect(within(second).getByRole('link', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(within(second).getByText('Unconfirmed')).toBeInTheDocument();
    expect(within(second).getByText('None')).toBeInTheDocument();
    expect(within(third).getByText('Bounced')).toBeInTheDocument();
    expect(within(third).getByText('VIP, Newsletter')).toBeInTheDocument();
    expect(queryOf(fake.callsTo(LIST)[0])).toEqual({ project: P, pageSize: '25' });
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute(
      'href',
      `/marketing/subscribers/import?project=${P}`,
    );
  });

  it('searches once typing pauses and filters by status and list, keeping each in the address', async () => {
    const fake = marketingApi({
      [LIST]: (call: FakeCall) =>
        queryOf(call).pageToken === 'next-1' ? subscriberPage([cy], 3) : subscriberPage([mary, bob], 3, 'next-1'),
    });
    const { router } = renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Mary Shelley');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('reader3@example.com');
    expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ pageToken: 'next-1' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search subscribers' }), 'mary shel');
    await waitFor(() => expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ search: 'mary shel' }));
    // Typing asked once, after the pause, not once a key.
    expect(fake.callsTo(LIST).filter((call) => queryOf(call).search !== undefined)).toHaveLength(1);
    expect(router.state.location.search).toMatchObject({ search: 'mary shel' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'unsubscribed');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'List' }), 'VIP');
    await waitFor(() =>
      expect(queryOf(fake.callsTo(LIST).at(-1))).toEqual({
        project: P,
        pageSize: '25',
        search: 'mary shel',
        status: 'unsubscribed',
        mailingListId: vip.id,
      }),
    );
    expect(router.state.location.search).toMatchObject({ status: 'unsubscribed', list: vip.id });
    expect(screen.getByText('3 subscribers match')).toBeInTheDocument();
  });

  it('opens filtered by the address (a list’s “Subscribers” link) and says when nothing matches', async () => {
    const fake = marketingApi({ [LIST]: subscriberPage([], 0) });
    renderWithModules(`${PAGE}&list=${newsletter.id}&status=bounced`, fake.fetch);
    expect(await screen.findByText('No subscribers match these filters.')).toBeInTheDocument();
    expect(queryOf(fake.callsTo(LIST)[0])).toEqual({
      project: P,
      pageSize: '25',
      status: 'bounced',
      mailingListId: newsletter.id,
    });
    expect(screen.getByRole('combobox', { name: 'List' })).toHaveValue(newsletter.id);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queryOf(fake.callsTo(LIST).at(-1))).toEqual({ project: P, pageSize: '25' }));
  });

  it('adds a subscriber from the dialog, showing the server’s refusal beside the address', async () => {
    let posts = 0;
    const fake = marketingApi({
      [LIST]: subscriberPage([mary]),
      [`POST ${SUBSCRIBERS}`]: () => {
        posts += 1;
        return posts === 1
          ? apiError(409, 'SUBSCRIBER_EXISTS', 'This address is already a subscriber.')
          : json(201, subscriberFixture(9, { email: 'grace@example.com', status: 'unconfirmed' }));
      },
    });
    renderWithModules(PAGE, fake.fetch);
    await screen.findByText('Mary Shelley');
    await userEvent.click(screen.getByRole('button', { name: 'Add subscriber' }));
    const dialog = screen.getByRole('dialog', { name: 'Add subscriber' });
    const form = within(dialog);

    // The contract's own check, before any call.
    await userEvent.type(form.getByLabelText('Email'), 'not an address');
    await userEvent.click(form.getByRole('button', { name: 'Add subscriber' }));
    expect(await form.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(fake.callsTo(`POST ${SUBSCRIBERS}`)).toHaveLength(0);

    await userEvent.clear(form.getByLabelText('Email'));
    await userEvent.type(form.getByLabelText('Email'), 'Grace@Example.com');
    await userEvent.type(form.getByLabelText(/^Name/), 'Grace Hopper');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Gender' }), 'female');
    await userEvent.click(form.getByRole('checkbox', { name: /VIP/ }));
    expect(form.getByText(/VIP is double opt-in: they get a confirmation mail/)).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Add subscriber' }));
    expect(await form.findByText('This address is already a subscriber.')).toBeInTheDocument();
    expect(form.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fake.callsTo(`POST ${SUBSCRIBERS}`)[0]?.body).toEqual({
      email: 'grace@example.com',
      name: 'Grace Hopper',
      gender: 'female',
      attributes: {},
      lists: [vip.id],
    });
    expect(queryOf(fake.callsTo(`POST ${SUBSCRIBERS}`)[0])).toEqual({ project: P });

    await userEvent.click(form.getByRole('button', { name: 'Add subscriber' }));
    expect(await screen.findByText('grace@example.com was sent a confirmation mail.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add subscriber' })).not.toBeInTheDocument());
    // The list is asked again for the newcomer.
    await waitFor(() => expect(fake.callsTo(LIST).length).toBeGreaterThan(1));
  });

  it('shows grey rows while loading, then explains subscribers with both ways to add them', async () => {
    const answer = deferred<Response>();
    const fake = marketingApi({ [LIST]: () => answer.promise });
    renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByRole('status', { name: 'Loading subscribers…' })).toBeInTheDocument();
    answer.resolve(subscriberPage([], 0));
    expect(await screen.findByText('No subscribers yet.')).toBeInTheDocument();
    expect(screen.getByText(/people who agreed to get your mail/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add subscriber' })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Import' })).toHaveLength(2);
    expect(screen.getByText('0 subscribers')).toBeInTheDocument();
  });

  it('offers no actions to a role that may only read, and says why the page is closed without mail.read', async () => {
    const reader = marketingApi({ [LIST]: subscriberPage([mary]) }, MAIL_READER);
    const view = renderWithModules(PAGE, reader.fetch);
    await screen.findByText('Mary Shelley');
    expect(screen.queryByRole('button', { name: 'Add subscriber' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
    view.unmount();
    forgetModules();

    const stranger = marketingApi({ [LIST]: subscriberPage([mary]) }, ['projects.read', 'integrations.read']);
    renderWithModules(PAGE, stranger.fetch);
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(stranger.callsTo(LIST)).toHaveLength(0);
    expect(stranger.callsTo(`GET ${LISTS}`)).toHaveLength(0);
  });
});
