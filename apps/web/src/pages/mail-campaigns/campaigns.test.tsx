import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { apiError, json, listPage, queryOf } from '../../test/fake-api';
import { CAMPAIGNS, campaignApi, campaignFixture, MAIL_READER, P, welcome } from './campaign-fixtures';

afterEach(() => forgetModules());

const LIST_PAGE = `/marketing/campaigns?project=${P}`;
const LIST = `GET ${CAMPAIGNS}`;
const CREATE = `POST ${CAMPAIGNS}`;
const rows = () => within(screen.getByRole('list', { name: 'Campaigns' })).getAllByRole('listitem');

const sent = campaignFixture(3, {
  name: 'Black Friday',
  status: 'sent',
  startedAt: '2026-11-03T09:00:00.000Z',
  finishedAt: '2026-11-03T09:10:00.000Z',
  stats: { recipients: 1200, sent: 1200, delivered: 1190, failed: 10, opened: 600, clicked: 120, unsubscribed: 4 },
});
const draft = campaignFixture(2, { name: 'Winter news', draft: null });

describe('the Campaigns list (marketing.campaigns)', () => {
  it('lists the campaigns with their status, searches, filters by status, sorts and pages', async () => {
    const fake = campaignApi({
      [LIST]: (call) => {
        const query = queryOf(call);
        if (query.status === 'sent' || query.search === 'black') return listPage([sent]);
        if (query.pageToken === 'next-1') return listPage([campaignFixture(1)]);
        return listPage([sent, draft], 'next-1');
      },
    });
    renderWithModules(LIST_PAGE, fake.fetch);
    const link = await screen.findByRole('link', { name: 'Black Friday' });
    expect(link).toHaveAttribute('href', `/marketing/campaigns/${sent.id}?project=${P}`);
    await waitFor(() => expect(document.title).toBe('Campaigns - Wharf'));
    expect(within(rows()[0]!).getByText('Sent')).toBeInTheDocument();
    expect(within(rows()[0]!).getByText(/1,200 of 1,200 subscribers/)).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('Draft')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('No draft yet')).toBeInTheDocument();
    expect(queryOf(fake.callsTo(LIST)[0])).toEqual({ project: P, pageSize: '25', sortBy: 'createdAt', order: 'desc' });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Campaign 1' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Sent');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ status: 'sent' });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name, A to Z');
    await waitFor(() => expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ sortBy: 'name', order: 'asc' }));

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search campaigns' }), 'black');
    await waitFor(() => expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ search: 'black', status: 'sent' }));
  });

  it('shows grey rows while the first page loads', async () => {
    renderWithModules(LIST_PAGE, campaignApi({ [LIST]: new Promise<Response>(() => undefined) }).fetch);
    expect(await screen.findByRole('status', { name: 'Loading campaigns…' })).toBeInTheDocument();
  });

  it('starts from nothing: a new campaign with a name and a draft, then its page', async () => {
    const made = campaignFixture(9, {
      name: 'Spring launch',
      draft: { id: welcome.id, name: welcome.name, subject: welcome.subject },
    });
    const fake = campaignApi({
      [LIST]: listPage([]),
      [CREATE]: json(201, made),
      [`GET ${CAMPAIGNS}/${made.id}`]: json(200, made),
    });
    renderWithModules(LIST_PAGE, fake.fetch);
    expect(await screen.findByText('No campaigns yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    expect(within(dialog).getByText('Name the campaign.')).toBeInTheDocument();
    expect(fake.callsTo(CREATE)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Spring launch');
    const picker = within(dialog).getByRole('combobox', { name: 'Draft' });
    await within(picker).findByRole('option', { name: 'Welcome' });
    await userEvent.selectOptions(picker, 'Welcome');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create campaign' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Spring launch');
    expect(fake.callsTo(CREATE).map((call) => call.body)).toEqual([{ name: 'Spring launch', draftId: welcome.id }]);
  });

  it('shows why a campaign was not made', async () => {
    const fake = campaignApi({
      [LIST]: listPage([]),
      [CREATE]: apiError(404, 'NOT_FOUND', 'There is no such draft in this project.'),
    });
    renderWithModules(LIST_PAGE, fake.fetch);
    await screen.findByText('No campaigns yet.');
    await userEvent.click(screen.getByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Oops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create campaign' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('There is no such draft in this project.');
  });

  it('offers a reader no way to start a campaign', async () => {
    renderWithModules(LIST_PAGE, campaignApi({ [LIST]: listPage([sent]) }, MAIL_READER).fetch);
    await screen.findByRole('link', { name: 'Black Friday' });
    expect(screen.queryByRole('button', { name: 'New campaign' })).not.toBeInTheDocument();
  });
});
