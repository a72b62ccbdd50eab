import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, deferred, json } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import type * as Toasts from '../toasts/toasts';
import { nudge } from '../toasts/toasts';
import {
  bookmarkFixture,
  bookmarksApi,
  project,
  stubPages,
  tab,
  TAB_A,
  TAB_B,
  type BookmarksServerOptions,
} from './bookmarks-fixtures';

vi.mock('../toasts/toasts', async (importOriginal) => ({
  ...(await importOriginal<typeof Toasts>()),
  nudge: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(nudge).mockClear();
});

const LIST = `GET /v1/projects/${project.id}/bookmarks`;
const CREATE = `POST /v1/projects/${project.id}/bookmarks`;
const TABS = `PUT /v1/projects/${project.id}/bookmarktabs`;
const one = (id: string) => `/v1/projects/${project.id}/bookmarks/${id}`;

/** The console at `path` over a bookmarks server, with the bookmarks panel open. */
async function openPanel(options: BookmarksServerOptions = {}, path = `/users?project=${project.id}`) {
  const api = bookmarksApi(options);
  const view = renderApp(path, api.fetch, stubPages);
  await userEvent.click(await screen.findByRole('button', { name: 'Bookmarks' }));
  const panel = await screen.findByRole('dialog', { name: 'Bookmarks' });
  return { api, panel, view };
}

/** Opens a bookmark's menu and chooses `action`. */
async function choose(panel: HTMLElement, title: string, action: string) {
  await userEvent.click(await within(panel).findByRole('button', { name: `Actions for ${title}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

const titles = (panel: HTMLElement) =>
  within(within(panel).getByRole('tabpanel'))
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link').textContent);

describe('the bookmarks panel', () => {
  it("says 'No project selected' without a current project, and calls nothing", async () => {
    const { api, panel } = await openPanel({}, '/settings');
    expect(await within(panel).findByText('No project selected')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Bookmark this page' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.includes('/bookmark'))).toHaveLength(0);
  });

  it('shows the tabs, the default first, and the bookmarks of the chosen tab linking to their route or address', async () => {
    const { panel } = await openPanel({
      tabs: [tab(TAB_B, 'Reports', 2), tab(TAB_A, 'Daily', 1)],
      bookmarks: [
        bookmarkFixture(1, {
          title: 'Open invoices',
          description: 'Due this month',
          data: { route: { name: 'billing.invoices', params: {}, query: { status: 'due', page: '2' } } },
        }),
        bookmarkFixture(2, { title: 'Docs', data: { url: 'https://docs.example.com/' } }),
        bookmarkFixture(3, {
          title: 'Team',
          tabId: TAB_A,
          tabSortOrder: 1,
          data: { route: { name: 'project.users.list', params: {}, query: {} } },
        }),
      ],
    });
    const tablist = await within(panel).findByRole('tablist', { name: 'Bookmark tabs' });
    await waitFor(() => expect(within(tablist).getAllByRole('tab')).toHaveLength(3));
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Bookmarks', 'Daily', 'Reports']);
    expect(within(tablist).getByRole('tab', { name: 'Bookmarks' })).toHaveAttribute('aria-selected', 'true');

    const invoices = await within(panel).findByRole('link', { name: /Open invoices/ });
    expect(invoices).toHaveTextContent('Due this month');
    const href = new URL(invoices.getAttribute('href')!, 'http://console.test');
    expect(href.pathname).toBe('/billing/invoices');
    expect(Object.fromEntries(href.searchParams)).toEqual({ status: 'due', page: '2', project: project.id });
    const docs = within(panel).getByRole('link', { name: /Docs/ });
    expect(docs).toHaveAttribute('href', 'https://docs.example.com/');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(within(panel).queryByRole('link', { name: /Team/ })).not.toBeInTheDocument();

    await userEvent.click(within(tablist).getByRole('tab', { name: 'Daily' }));
    expect(within(panel).getByRole('link', { name: /Team/ })).toHaveAttribute('href', `/users?project=${project.id}`);
    expect(within(panel).queryByRole('link', { name: /Open invoices/ })).not.toBeInTheDocument();
  });

  it("says 'No bookmarks yet' with a hint to bookmark this page", async () => {
    const { panel } = await openPanel();
    expect(await within(panel).findByText('No bookmarks yet')).toBeInTheDocument();
    expect(within(panel).getByText(/Bookmark this page/, { selector: 'div' })).toBeInTheDocument();
  });

  it.each([401, 403])('shows a %i on the list as no bookmarks', async (status) => {
    const { panel } = await openPanel({ list: () => apiError(status, 'FORBIDDEN', 'Not allowed') });
    expect(await within(panel).findByText('No bookmarks yet')).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other failure of the list with a retry', async () => {
    let fail = true;
    const { api, panel } = await openPanel({
      bookmarks: [bookmarkFixture(1)],
      list: () => (fail ? apiError(500, 'INTERNAL', 'Boom') : json(200, [bookmarkFixture(1)])),
    });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Your bookmarks could not be loaded');
    fail = false;
    await userEvent.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('link', { name: /Bookmark 1/ })).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(2);
  });
});

describe('bookmark this page', () => {
  it('creates a route bookmark of the page, titled with the page title, then reloads and shows it bookmarked', async () => {
    const { api, panel } = await openPanel({}, `/users?project=${project.id}&search=ada`);
    await within(panel).findByText('No bookmarks yet');
    await userEvent.click(within(panel).getByRole('button', { name: 'Bookmark this page' }));

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]!.body).toEqual({
      title: 'Users',
      data: { route: { name: 'project.users.list', params: {}, query: { search: 'ada' } } },
      tabId: null,
    });
    expect(await within(panel).findByText('This page is bookmarked')).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(2);
    expect(within(panel).getByRole('link', { name: /Users/ })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Bookmark this page' })).not.toBeInTheDocument();
    expect(nudge).toHaveBeenCalledWith({ message: 'Bookmarked “Users”.', level: 'success' });
    // The header's star is filled while the page is bookmarked.
    expect(screen.getByRole('button', { name: 'Bookmarks' })).toHaveAttribute('data-bookmarked', 'true');
  });

  it('puts the new bookmark in the open tab', async () => {
    const { api, panel } = await openPanel({ tabs: [tab(TAB_A, 'Daily', 1)] });
    await userEvent.click(await within(panel).findByRole('tab', { name: 'Daily' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Bookmark this page' }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]!.body).toMatchObject({ tabId: TAB_A });
  });

  it('sees the page bookmarked whatever the order of its query, and offers Remove, which deletes and reloads', async () => {
    const saved = bookmarkFixture(1, {
      title: 'Ada',
      data: { route: { name: 'project.users.list', params: {}, query: { search: 'ada', page: '2' } } },
    });
    const { api, panel } = await openPanel({ bookmarks: [saved] }, `/users?page=2&project=${project.id}&search=ada`);
    expect(await within(panel).findByText('This page is bookmarked')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete bookmark' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(api.callsTo(`DELETE ${one(saved.id)}`)).toHaveLength(1));
    expect(await within(panel).findByRole('button', { name: 'Bookmark this page' })).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(2);
    expect(await within(panel).findByText('No bookmarks yet')).toBeInTheDocument();
  });

  it('does not see another query as the same page', async () => {
    const saved = bookmarkFixture(1, {
      data: { route: { name: 'project.users.list', params: {}, query: { search: 'ada' } } },
    });
    const { panel } = await openPanel({ bookmarks: [saved] }, `/users?project=${project.id}&search=bob`);
    expect(await within(panel).findByRole('button', { name: 'Bookmark this page' })).toBeEnabled();
    expect(within(panel).queryByText('This page is bookmarked')).not.toBeInTheDocument();
  });

  it('says why a create failed', async () => {
    const api = bookmarksApi();
    const fetch: typeof globalThis.fetch = (input, init) =>
      String(input).endsWith('/bookmarks') && init?.method === 'POST'
        ? Promise.resolve(apiError(409, 'BOOKMARK_EXISTS', 'This page is bookmarked already'))
        : api.fetch(input, init);
    renderApp(`/users?project=${project.id}`, fetch, stubPages);
    await userEvent.click(await screen.findByRole('button', { name: 'Bookmarks' }));
    const panel = await screen.findByRole('dialog', { name: 'Bookmarks' });
    await within(panel).findByText('No bookmarks yet');
    await userEvent.click(within(panel).getByRole('button', { name: 'Bookmark this page' }));
    await waitFor(() =>
      expect(nudge).toHaveBeenCalledWith({ message: 'This page is bookmarked already', level: 'danger' }),
    );
  });
});

describe('editing and deleting a bookmark', () => {
  it("checks the form with the contract's words, saves the changes, then reloads the list", async () => {
    const saved = bookmarkFixture(1, { title: 'Invoices' });
    const { api, panel } = await openPanel({ bookmarks: [saved] });
    await choose(panel, 'Invoices', 'Edit…');
    const dialog = await screen.findByRole('dialog', { name: 'Edit bookmark' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    const save = within(dialog).getByRole('button', { name: 'Save' });

    await userEvent.clear(title);
    await userEvent.click(save);
    expect(await within(dialog).findByText('Enter a title.')).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(title);
    await userEvent.paste('x'.repeat(121));
    await userEvent.click(save);
    expect(await within(dialog).findByText('Use at most 120 characters.')).toBeInTheDocument();

    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await userEvent.click(description);
    await userEvent.paste('y'.repeat(501));
    await userEvent.clear(title);
    await userEvent.type(title, 'Unpaid invoices');
    await userEvent.click(save);
    expect(await within(dialog).findByText('Use at most 500 characters.')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${one(saved.id)}`)).toHaveLength(0);

    await userEvent.clear(description);
    await userEvent.type(description, 'Chase them on Mondays');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Colour' }), 'red');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Icon' }), 'star');
    await userEvent.click(save);

    await waitFor(() => expect(api.callsTo(`PATCH ${one(saved.id)}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${one(saved.id)}`)[0]!.body).toEqual({
      title: 'Unpaid invoices',
      description: 'Chase them on Mondays',
      color: 'red',
      icon: 'star',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit bookmark' })).not.toBeInTheDocument());
    expect(await within(panel).findByRole('link', { name: /Unpaid invoices/ })).toHaveTextContent(
      'Chase them on Mondays',
    );
    expect(api.callsTo(LIST)).toHaveLength(2);
    expect(nudge).toHaveBeenCalledWith({ message: 'Bookmark saved.', level: 'success' });
    // The panel stayed open around the dialog.
    expect(screen.getByRole('dialog', { name: 'Bookmarks' })).toBeInTheDocument();
  });

  it('deletes after a confirmation, then reloads the list', async () => {
    const keep = bookmarkFixture(1, { title: 'Keep me' });
    const drop = bookmarkFixture(2, { title: 'Drop me' });
    const { api, panel } = await openPanel({ bookmarks: [keep, drop] });
    await choose(panel, 'Drop me', 'Delete…');
    const confirm = await screen.findByRole('dialog', { name: 'Delete bookmark' });
    expect(confirm).toHaveTextContent('“Drop me” will be removed from your bookmarks.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(api.callsTo(`DELETE ${one(drop.id)}`)).toHaveLength(1));
    await waitFor(() => expect(within(panel).queryByRole('link', { name: /Drop me/ })).not.toBeInTheDocument());
    expect(within(panel).getByRole('link', { name: /Keep me/ })).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(2);
  });
});

describe('moving bookmarks without dragging', () => {
  const three = [
    bookmarkFixture(1, { title: 'First' }),
    bookmarkFixture(2, { title: 'Second' }),
    bookmarkFixture(3, { title: 'Third' }),
    bookmarkFixture(4, { title: 'Elsewhere', tabId: TAB_A, tabSortOrder: 1 }),
  ];
  const tabs = [tab(TAB_A, 'Daily', 1)];

  it('Move down sends its new place in the tab, shows it at once, then reloads', async () => {
    const answer = deferred<Response>();
    let held = true;
    const { api, panel } = await openPanel({
      bookmarks: three,
      tabs,
      update: () => (held ? answer.promise : json(200, {})),
    });
    await within(panel).findByRole('link', { name: /Second/ });
    await choose(panel, 'Second', 'Move down');

    await waitFor(() => expect(api.callsTo(`PATCH ${one(three[1]!.id)}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${one(three[1]!.id)}`)[0]!.body).toEqual({ tabId: null, tabSortOrder: 3 });
    // Optimistic: the new order shows before the server answers.
    expect(titles(panel)).toEqual(['First', 'Third', 'Second']);
    held = false;
    answer.resolve(json(200, {}));
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    expect(titles(panel)).toEqual(['First', 'Third', 'Second']);
  });

  it('Move up sends the place above; the first cannot move up, the last cannot move down', async () => {
    const { api, panel } = await openPanel({ bookmarks: three, tabs });
    await within(panel).findByRole('link', { name: /Third/ });
    await choose(panel, 'Third', 'Move up');
    await waitFor(() => expect(api.callsTo(`PATCH ${one(three[2]!.id)}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${one(three[2]!.id)}`)[0]!.body).toEqual({ tabId: null, tabSortOrder: 2 });
    await waitFor(() => expect(titles(panel)).toEqual(['First', 'Third', 'Second']));

    await userEvent.click(within(panel).getByRole('button', { name: 'Actions for First' }));
    expect(await screen.findByRole('menuitem', { name: 'Move up' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(panel).getByRole('button', { name: 'Actions for Second' }));
    expect(await screen.findByRole('menuitem', { name: 'Move down' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('Move to tab… puts it last in the chosen tab', async () => {
    const { api, panel } = await openPanel({ bookmarks: three, tabs });
    await within(panel).findByRole('link', { name: /First/ });
    await choose(panel, 'First', 'Move to tab…');
    const dialog = await screen.findByRole('dialog', { name: 'Move to tab' });
    const select = within(dialog).getByRole('combobox', { name: 'Tab' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Daily']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(api.callsTo(`PATCH ${one(three[0]!.id)}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${one(three[0]!.id)}`)[0]!.body).toEqual({ tabId: TAB_A, tabSortOrder: 2 });
    await waitFor(() => expect(titles(panel)).toEqual(['Second', 'Third']));
    await userEvent.click(within(panel).getByRole('tab', { name: 'Daily' }));
    expect(titles(panel)).toEqual(['Elsewhere', 'First']);

    // And back to the default tab, last there.
    await choose(panel, 'Elsewhere', 'Move to tab…');
    const back = await screen.findByRole('dialog', { name: 'Move to tab' });
    expect(within(back).getByRole('combobox', { name: 'Tab' })).toHaveDisplayValue('Bookmarks');
    await userEvent.click(within(back).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.callsTo(`PATCH ${one(three[3]!.id)}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${one(three[3]!.id)}`)[0]!.body).toEqual({ tabId: null, tabSortOrder: 3 });
  });

  it('works from the keyboard alone: the menu of a bookmark, then Move down', async () => {
    const { api, panel } = await openPanel({ bookmarks: three, tabs });
    const actions = await within(panel).findByRole('button', { name: 'Actions for Second' });
    actions.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit…' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Move down' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo(`PATCH ${one(three[1]!.id)}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${one(three[1]!.id)}`)[0]!.body).toEqual({ tabId: null, tabSortOrder: 3 });
  });

  it('puts the old order back and says so when a move fails', async () => {
    const { panel } = await openPanel({
      bookmarks: three,
      tabs,
      update: () => apiError(404, 'NOT_FOUND', 'Bookmark not found'),
    });
    await within(panel).findByRole('link', { name: /First/ });
    await choose(panel, 'First', 'Move down');
    await waitFor(() =>
      expect(nudge).toHaveBeenCalledWith({
        message: 'The bookmark could not be moved. Bookmark not found',
        level: 'danger',
      }),
    );
    expect(titles(panel)).toEqual(['First', 'Second', 'Third']);
  });

  it('gives each bookmark a drag handle that works from the keyboard', async () => {
    const { panel } = await openPanel({ bookmarks: three, tabs });
    const handle = await within(panel).findByRole('button', { name: 'Reorder First' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    expect(handle).toHaveAttribute('tabindex', '0');
    // Its instructions are read with it.
    const described = handle.getAttribute('aria-describedby');
    expect(document.getElementById(described!)).toHaveTextContent(/press Space or Enter/);
  });
});

describe('managing tabs', () => {
  it('adds, renames, deletes and orders tabs, saved with one call: new tabs as null, sortOrder from 1', async () => {
    const { api, panel } = await openPanel({
      tabs: [tab(TAB_A, 'Daily', 1), tab(TAB_B, 'Reports', 2)],
      bookmarks: [bookmarkFixture(1, { title: 'Monthly', tabId: TAB_B, tabSortOrder: 1 })],
    });
    await within(panel).findByRole('tab', { name: 'Reports' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Manage tabs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage tabs' });

    const daily = within(dialog).getByRole('textbox', { name: 'Tab 1' });
    await userEvent.clear(daily);
    await userEvent.type(daily, 'Every day');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Reports' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Reports will be deleted; its bookmarks go to Bookmarks.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add tab' }));
    const added = within(dialog).getByRole('textbox', { name: 'Tab 2' });
    await waitFor(() => expect(added).toHaveFocus());

    // An empty name is refused with the contract's words.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tabs' }));
    expect(await within(dialog).findByText('Name the tab.')).toBeInTheDocument();
    expect(api.callsTo(TABS)).toHaveLength(0);

    await userEvent.type(added, 'Orders');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move Orders up' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tabs' }));

    await waitFor(() => expect(api.callsTo(TABS)).toHaveLength(1));
    expect(api.callsTo(TABS)[0]!.body).toEqual({
      tabs: [
        { id: null, name: 'Orders', sortOrder: 1 },
        { id: TAB_A, name: 'Every day', sortOrder: 2 },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Manage tabs' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['Bookmarks', 'Orders', 'Every day']),
    );
    // The deleted tab's bookmark is in the default tab after the reload.
    expect(await within(panel).findByRole('link', { name: /Monthly/ })).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(2);
    expect(nudge).toHaveBeenCalledWith({ message: 'Tabs saved.', level: 'success' });
  });

  it('falls back to the default tab when the open tab is deleted', async () => {
    const { panel } = await openPanel({ tabs: [tab(TAB_A, 'Daily', 1)] });
    await userEvent.click(await within(panel).findByRole('tab', { name: 'Daily' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Manage tabs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage tabs' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Daily' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tabs' }));
    await waitFor(() => expect(within(panel).getAllByRole('tab')).toHaveLength(1));
    expect(within(panel).getByRole('tab', { name: 'Bookmarks' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('on a phone (375 px)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens as a full-width sheet whose bookmarks can still be moved', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: 375 >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    const api = bookmarksApi({
      bookmarks: [bookmarkFixture(1, { title: 'First' }), bookmarkFixture(2, { title: 'Second' })],
    });
    renderApp(`/users?project=${project.id}`, api.fetch, stubPages);
    await userEvent.click(await screen.findByRole('button', { name: 'Bookmarks' }));
    const sheet = await screen.findByRole('dialog', { name: 'Bookmarks' });
    await within(sheet).findByRole('link', { name: /First/ });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Actions for First' }));
    const menu = await screen.findByRole('menu', { name: 'Actions for First' });
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Move down' }));
    await waitFor(() => expect(api.callsTo(`PATCH ${one(bookmarkFixture(1).id)}`)).toHaveLength(1));
    expect(api.callsTo(`PATCH ${one(bookmarkFixture(1).id)}`)[0]!.body).toEqual({ tabId: null, tabSortOrder: 2 });
    expect(screen.getByRole('dialog', { name: 'Bookmarks' })).toBeInTheDocument();
  });
});
