import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { apiError, json, queryOf, type FakeCall } from '../../test/fake-api';
import { projectNav } from '../../test/menu-queries';
import {
  LISTS,
  listFixture,
  MAIL_READER,
  marketingApi,
  newsletter,
  P,
  vip,
} from '../mail-subscribers/subscriber-fixtures';

afterEach(() => {
  forgetModules();
});

const PAGE = `/marketing/lists?project=${P}`;
const table = () => screen.getByRole('table', { name: 'Mailing lists' });
const rowOf = (name: string) => screen.getByRole('cell', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;

/** The lists as the server keeps them, changing with each call. */
function listsServer(initial = [newsletter, vip]) {
  let lists = [...initial];
  return {
    [`GET ${LISTS}`]: () => json(200, { items: lists }),
    [`POST ${LISTS}`]: ({ body }: FakeCall) => {
      const made = listFixture(3, { ...(body as object), subscriberCount: 0, memberCount: 0 });
      if (lists.some((l) => l.name.toLowerCase() === made.name.toLowerCase()))
        return apiError(409, 'LIST_NAME_TAKEN', 'A list of that name exists already.');
      lists = [...lists, made];
      return json(201, made);
    },
    [`PATCH ${LISTS}/${vip.id}`]: ({ body }: FakeCall) => {
      lists = lists.map((l) => (l.id === vip.id ? { ...l, ...(body as object) } : l));
      return json(
        200,
        lists.find((l) => l.id === vip.id),
      );
    },
    [`DELETE ${LISTS}/${newsletter.id}`]: () => {
      lists = lists.filter((l) => l.id !== newsletter.id);
      return new Response(null, { status: 204 });
    },
  };
}

describe('the Mailing lists page (marketing.lists)', () => {
  it('lists each list with its opt-in and counts, linking to its subscribers, with a menu entry', async () => {
    const fake = marketingApi(listsServer());
    renderWithModules(PAGE, fake.fetch);
    await screen.findByRole('table', { name: 'Mailing lists' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mailing lists' })).toBeInTheDocument();
    expect(screen.getByText('2 lists')).toBeInTheDocument();
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent))).toEqual([
      ['NameNewsletterMonthly news', 'Opt-inSingle', 'Subscribed120', 'All members130'],
      ['NameVIP', 'Opt-inDouble', 'Subscribed8', 'All members9'],
    ]);
    expect(screen.getByRole('link', { name: 'Subscribers of VIP' })).toHaveAttribute(
      'href',
      `/marketing/subscribers?project=${P}&list=${vip.id}`,
    );
    expect(queryOf(fake.callsTo(`GET ${LISTS}`)[0])).toEqual({ project: P });
    const nav = await projectNav();
    expect(within(nav).getByRole('link', { name: 'Mailing lists', hidden: true })).toHaveAttribute('href', PAGE);
  });

  it('creates a list, refusing a taken name with the server’s words', async () => {
    const fake = marketingApi(listsServer());
    renderWithModules(PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'New list' }));
    const form = within(screen.getByRole('dialog', { name: 'New list' }));
    await userEvent.click(form.getByRole('button', { name: 'Create list' }));
    expect(await form.findByText('Name the list.')).toBeInTheDocument();
    expect(fake.callsTo(`POST ${LISTS}`)).toHaveLength(0);

    await userEvent.type(form.getByLabelText('Name'), 'newsletter');
    await userEvent.click(form.getByRole('button', { name: 'Create list' }));
    expect(await form.findByText('A list of that name exists already.')).toBeInTheDocument();

    await userEvent.clear(form.getByLabelText('Name'));
    await userEvent.type(form.getByLabelText('Name'), 'Spring offers');
    await userEvent.type(form.getByLabelText('Description'), 'Seasonal deals');
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Opt-in' }), 'double');
    await userEvent.click(form.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('Spring offers created.')).toBeInTheDocument();
    expect(fake.callsTo(`POST ${LISTS}`).at(-1)?.body).toEqual({
      name: 'Spring offers',
      description: 'Seasonal deals',
      optIn: 'double',
    });
    expect(await screen.findByText('3 lists')).toBeInTheDocument();
  });

  it('renames a list, sending only what changed', async () => {
    const fake = marketingApi(listsServer());
    renderWithModules(PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit VIP' }));
    const form = within(screen.getByRole('dialog', { name: 'Edit list' }));
    expect(form.getByRole('combobox', { name: 'Opt-in' })).toHaveValue('double');
    await userEvent.clear(form.getByLabelText('Name'));
    await userEvent.type(form.getByLabelText('Name'), 'Best customers');
    await userEvent.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Best customers saved.')).toBeInTheDocument();
    expect(fake.callsTo(`PATCH ${LISTS}/${vip.id}`)[0]?.body).toEqual({ name: 'Best customers' });
    expect(await screen.findByRole('cell', { name: /^Best customers/ })).toBeInTheDocument();
  });

  it('deletes a list after a confirmation naming its members, who stay subscribers', async () => {
    const fake = marketingApi(listsServer());
    renderWithModules(PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Newsletter' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Newsletter?' }));
    expect(dialog.getByText(/Its 130 members are taken off the list but stay subscribers\./)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(fake.callsTo(`DELETE ${LISTS}/${newsletter.id}`)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Newsletter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    expect(await screen.findByText('Newsletter was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(rowOf('VIP')).toBeInTheDocument();
  });

  it('shows a refused delete in the dialog', async () => {
    const fake = marketingApi({
      ...listsServer(),
      [`DELETE ${LISTS}/${newsletter.id}`]: apiError(409, 'LIST_IN_USE', 'A scheduled campaign is sent to this list.'),
    });
    renderWithModules(PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Newsletter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Newsletter?' }));
    expect(await dialog.findByText('A scheduled campaign is sent to this list.')).toBeInTheDocument();
  });

  it('explains lists when there are none, and offers no changes to a reader', async () => {
    const fake = marketingApi({ [`GET ${LISTS}`]: json(200, { items: [] }) });
    const view = renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByText('No mailing lists yet.')).toBeInTheDocument();
    expect(screen.getByText(/gathers subscribers who want the same mail/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New list' })).toBeInTheDocument();
    view.unmount();
    forgetModules();

    renderWithModules(PAGE, marketingApi(listsServer(), MAIL_READER).fetch);
    await screen.findByRole('table', { name: 'Mailing lists' });
    expect(screen.queryByRole('button', { name: 'New list' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribers of Newsletter' })).toBeInTheDocument();
  });
});
