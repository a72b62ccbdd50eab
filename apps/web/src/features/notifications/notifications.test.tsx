import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTable, type PageEntry } from '../../app/routes';
import { enforceRoute, fakeProject, json, signedInApi, user } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import type { AppNotification } from './api/types';
import { notificationFixture, notificationServer, notificationsOf } from './test-fixtures';

/** Every page as a bare heading: these tests look at the header around it. */
const stubPages: PageEntry[] = routeTable.map((route) => ({
  ...route,
  component: function StubPage() {
    return <h1>{route.staticData.title}</h1>;
  },
}));

const harbour = fakeProject(1, { name: 'Harbour Shop' });
const north = fakeProject(2, { name: 'North Plant' });
const names = { [harbour.id]: harbour.name, [north.id]: north.name };
const harbourGroup = `project:${harbour.id}`;
const northGroup = `project:${north.id}`;

function setup(items: AppNotification[], path = `/users?project=${harbour.id}`, who = user) {
  const server = notificationServer(items, names);
  const api = signedInApi(
    {
      'GET /v1/projects': () => json(200, [harbour, north]),
      ...enforceRoute(['integrations.read', 'billing.read']),
    },
    who,
  );
  const view = renderApp(path, server.over(api.fetch), stubPages);
  return { ...view, server };
}

async function openPanel() {
  await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
  const panel = await screen.findByRole('dialog', { name: 'Notifications' });
  // The panel's code loads on first open: its tabs appear once it has.
  await within(panel).findAllByRole('tab');
  return panel;
}

/** The rendered notification whose title is `title`. */
async function item(panel: HTMLElement, title: string): Promise<HTMLElement> {
  const heading = await within(panel).findByText(title);
  const row = heading.closest('li');
  if (!row) throw new Error(`${title} is not in a list item`);
  return row;
}

let visibility: DocumentVisibilityState = 'visible';

/** The page coming back into view: the polls run at once. */
function becomeVisible() {
  visibility = 'visible';
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the bell and the page title', () => {
  it('shows the unread total on the bell and first in the page title', async () => {
    setup([
      ...notificationsOf(2),
      ...notificationsOf(3, { group: harbourGroup, projectId: harbour.id }, 10),
      notificationFixture(20, { readAt: new Date().toISOString() }),
    ]);
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(within(bell).getByTestId('notification-badge')).toHaveTextContent('5'));
    expect(bell).toHaveAccessibleDescription('5 unread notifications');
    await waitFor(() => expect(document.title).toBe('(5) Users - Wharf'));
  });

  it('has no count in the title when everything is read', async () => {
    setup([notificationFixture(1, { readAt: new Date().toISOString() })]);
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(document.title).toBe('Users - Wharf'));
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('shakes when the unread count rises, not on the first load', async () => {
    const { server } = setup(notificationsOf(1));
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() => expect(within(bell).getByTestId('notification-badge')).toHaveTextContent('1'));
    expect(bell).not.toHaveAttribute('data-shaking');

    server.state.items.unshift(notificationFixture(99));
    becomeVisible();
    await waitFor(() => expect(within(bell).getByTestId('notification-badge')).toHaveTextContent('2'));
    expect(bell).toHaveAttribute('data-shaking');
    expect(screen.getByTestId('notification-announcement')).toHaveTextContent('New notifications: 2 unread.');
  });
});

describe('tabs', () => {
  it("are '@username', the current project's name and Projects, moved through with the arrow keys", async () => {
    setup([...notificationsOf(2), ...notificationsOf(1, { group: harbourGroup, projectId: harbour.id }, 10)]);
    const panel = await openPanel();
    const tabs = within(panel).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      '@ada2, 2 unread',
      'Harbour Shop1, 1 unread',
      'Projects1, 1 unread',
    ]);
    // The current project's tab is open.
    const project = within(panel).getByRole('tab', { name: /^Harbour Shop/ });
    expect(project).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByRole('tabpanel')).toHaveAccessibleName(/^Harbour Shop/);
    await within(panel).findByText('Notification 10');

    project.focus();
    await userEvent.keyboard('{ArrowRight}');
    const projects = within(panel).getByRole('tab', { name: /^Projects/ });
    expect(projects).toHaveAttribute('aria-selected', 'true');
    expect(projects).toHaveFocus();
    expect(projects).toHaveAttribute('tabindex', '0');
    expect(project).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{Home}');
    expect(within(panel).getByRole('tab', { name: /^@ada/ })).toHaveFocus();
    expect(await within(panel).findByText('Notification 1')).toBeInTheDocument();
  });

  it("falls back on the first name, then 'Me', and shows no project tab without a project", async () => {
    setup([], '/settings', { ...user, username: null as unknown as string, firstName: 'Ada' });
    const panel = await openPanel();
    expect(
      within(panel)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Ada', 'Projects']);
    expect(await within(panel).findByText('No notifications yet.')).toBeInTheDocument();
  });

  it("says 'Me' without a username or first name", async () => {
    setup([], '/settings', { ...user, username: null as unknown as string, firstName: null as unknown as string });
    const panel = await openPanel();
    expect(within(panel).getAllByRole('tab')[0]).toHaveTextContent('Me');
  });
});

describe('the Projects tab', () => {
  it("lists each project's unread count, linking to projects.switch with the panel open", async () => {
    setup([
      ...notificationsOf(3, { group: northGroup, projectId: north.id }, 10),
      ...notificationsOf(1, { group: harbourGroup, projectId: harbour.id }, 20),
    ]);
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('tab', { name: /^Projects/ }));
    const link = await within(panel).findByRole('link', { name: 'North Plant has 3 notification(s)' });
    const href = new URL(link.getAttribute('href') ?? '', 'http://console.test');
    expect(href.pathname).toBe('/projects/switch');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      project: north.id,
      redirect_uri: '/users',
      notification: 'true',
    });
    expect(within(panel).getByRole('link', { name: 'Harbour Shop has 1 notification(s)' })).toBeInTheDocument();
  });

  it("says You're all caught up without any", async () => {
    setup(notificationsOf(2));
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('tab', { name: /^Projects/ }));
    expect(within(panel).getByText("You're all caught up")).toBeInTheDocument();
  });
});

describe('opening from the URL', () => {
  it('opens on notification=true and takes it out of the URL, keeping the rest', async () => {
    const { router } = setup(notificationsOf(1), `/users?project=${harbour.id}&notification=true`);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toEqual({ project: harbour.id }));
    expect(router.state.location.pathname).toBe('/users');
    // Replaced, not pushed: going back does not open it again.
    expect(router.history.length).toBe(1);
  });
});

describe('a notification', () => {
  it('shows its title, body, image and time, the time in the primary colour while unread', async () => {
    setup([
      notificationFixture(1, { image: 'https://cdn.example.com/a.png' }),
      notificationFixture(2, { readAt: new Date().toISOString() }),
    ]);
    const panel = await openPanel();
    await userEvent.click(within(panel).getByRole('tab', { name: /^@ada/ }));
    const unread = await item(panel, 'Notification 1');
    expect(unread).toHaveTextContent('What happened in 1.');
    expect(unread.querySelector('img')).toHaveAttribute('src', 'https://cdn.example.com/a.png');
    expect(unread.querySelector('time')).toHaveClass('text-primary');
    expect(within(unread).getByText('Unread')).toBeInTheDocument();
    const read = await item(panel, 'Notification 2');
    expect(read.querySelector('time')).not.toHaveClass('text-primary');
    expect(within(read).queryByText('Unread')).not.toBeInTheDocument();
  });

  it('is marked read on a click and goes to its route by name', async () => {
    const { server, router } = setup(
      [
        notificationFixture(1, {
          group: harbourGroup,
          projectId: harbour.id,
          action: { route: { name: 'project.users.roles.list', params: {}, query: {} } },
        }),
      ],
      `/users?project=${harbour.id}`,
    );
    const panel = await openPanel();
    const row = await item(panel, 'Notification 1');
    expect(within(row).getByRole('link')).toHaveAttribute('href', `/users/roles?project=${harbour.id}`);
    await userEvent.click(within(row).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/roles'));
    expect(router.state.location.search).toEqual({ project: harbour.id });
    await waitFor(() => expect(server.callsTo('PUT', `/${notificationFixture(1).id}/read`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument());
    expect(server.state.items[0]?.readAt).not.toBeNull();
  });

  it('stays unread when marking it read fails', async () => {
    const { server } = setup([notificationFixture(1)], '/settings');
    server.state.readStatus = 500;
    const panel = await openPanel();
    const row = await item(panel, 'Notification 1');
    await userEvent.click(within(row).getByRole('button', { name: /Notification 1/ }));
    await waitFor(() => expect(server.callsTo('PUT', `/${notificationFixture(1).id}/read`)).toHaveLength(1));
    await waitFor(() => expect(within(row).getByText('Unread')).toBeInTheDocument());
    expect(row.querySelector('time')).toHaveClass('text-primary');
    await waitFor(() =>
      expect(
        within(screen.getByRole('button', { name: 'Notifications' })).getByTestId('notification-badge'),
      ).toHaveTextContent('1'),
    );
  });

  it('opens an external link, and a route this console does not have, in a new tab', async () => {
    setup(
      [
        notificationFixture(1, { action: { link: 'https://example.com/news' } }),
        notificationFixture(2, { action: { route: { name: 'shopify.orders.list', params: {}, query: {} } } }),
      ],
      '/settings',
    );
    const panel = await openPanel();
    const external = within(await item(panel, 'Notification 1')).getByRole('link');
    expect(external).toHaveAttribute('href', 'https://example.com/news');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener');
    const unknown = within(await item(panel, 'Notification 2')).getByRole('link');
    expect(unknown).toHaveAttribute('target', '_blank');
    expect(unknown).toHaveAttribute('rel', 'noopener');
  });

  it('is seen (no longer highlighted) 300 ms after the tab opens, without telling the server', async () => {
    const { server } = setup([notificationFixture(1)], '/settings');
    const panel = await openPanel();
    const row = await item(panel, 'Notification 1');
    const shownAt = Date.now();
    expect(row.querySelector('[data-new]')).not.toBeNull();
    await waitFor(() => expect(row.querySelector('[data-new]')).toBeNull());
    // Not at once (finding the row took a few ms of the 300).
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(150);
    // Still unread: seen is local.
    expect(within(row).getByText('Unread')).toBeInTheDocument();
    expect(server.state.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });
});

describe('Mark all as read', () => {
  it("marks the open tab's group read", async () => {
    const { server } = setup(
      [...notificationsOf(2), ...notificationsOf(1, { group: harbourGroup, projectId: harbour.id }, 10)],
      '/settings',
    );
    const panel = await openPanel();
    const first = await item(panel, 'Notification 1');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(server.callsTo('PUT', '/read-all')).toHaveLength(1));
    expect(server.callsTo('PUT', '/read-all')[0]?.query).toEqual({ group: 'user' });
    await waitFor(() => expect(within(first).queryByText('Unread')).not.toBeInTheDocument());
    expect(within(await item(panel, 'Notification 2')).queryByText('Unread')).not.toBeInTheDocument();
    // The project's notification is not the user's tab's: still unread.
    await waitFor(() =>
      expect(
        within(screen.getByRole('button', { name: 'Notifications' })).getByTestId('notification-badge'),
      ).toHaveTextContent('1'),
    );
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});

describe('deleting', () => {
  it('removes a notification for good, even when a later poll still has it', async () => {
    const { server } = setup(notificationsOf(2), '/settings');
    server.state.stale = true;
    const panel = await openPanel();
    const row = await item(panel, 'Notification 1');
    await userEvent.click(within(row).getByRole('button', { name: 'Delete notification' }));
    await waitFor(() => expect(within(panel).queryByText('Notification 1')).not.toBeInTheDocument());
    await waitFor(() => expect(server.callsTo('DELETE', `/${notificationFixture(1).id}`)).toHaveLength(1));

    const polls = server.callsTo('GET').length;
    becomeVisible();
    await waitFor(() => expect(server.callsTo('GET').length).toBeGreaterThan(polls + 1));
    // The stale answer holds it again; it stays gone.
    await waitFor(() => expect(within(panel).getByText('Notification 2')).toBeInTheDocument());
    expect(within(panel).queryByText('Notification 1')).not.toBeInTheDocument();
  });
});

describe('a long list', () => {
  /** The scroll container standing `scrollTop` px down a 1400px list in a 500px box. */
  function scrollTo(container: HTMLElement, scrollTop: number) {
    Object.defineProperty(container, 'scrollHeight', { configurable: true, value: 1400 });
    Object.defineProperty(container, 'clientHeight', { configurable: true, value: 500 });
    container.scrollTop = scrollTop;
    fireEvent.scroll(container);
  }

  const rendered = (panel: HTMLElement) =>
    [...panel.querySelectorAll('li[data-window-item]')].map((li) => li.querySelector('span span')?.textContent);

  it('renders a window of 20 of 10 000 and loads pages only as the window slides down', async () => {
    const { server } = setup(notificationsOf(10_000), '/settings');
    const panel = await openPanel();
    await item(panel, 'Notification 1');
    const listCalls = () => server.callsTo('GET').filter((call) => call.query.group === 'user');
    expect(panel.querySelectorAll('li[data-window-item]')).toHaveLength(20);
    expect(listCalls().map((call) => call.query.pageToken)).toEqual([undefined]);

    const container = within(panel).getByTestId('notification-scroll');
    // Near the bottom: the window wants items 11–30, so the second page loads.
    scrollTo(container, 850);
    await waitFor(() => expect(rendered(panel)[0]).toBe('Notification 11'));
    expect(listCalls().map((call) => call.query.pageToken)).toEqual([undefined, '20']);
    expect(rendered(panel)).toHaveLength(20);
    expect(rendered(panel).at(-1)).toBe('Notification 30');

    // Further down: items 21–40 are loaded already; then 31–50 need the third page.
    scrollTo(container, 860);
    await waitFor(() => expect(rendered(panel)[0]).toBe('Notification 21'));
    expect(listCalls()).toHaveLength(2);
    scrollTo(container, 870);
    await waitFor(() => expect(rendered(panel)[0]).toBe('Notification 31'));
    expect(listCalls().map((call) => call.query.pageToken)).toEqual([undefined, '20', '40']);
    expect(panel.querySelectorAll('li[data-window-item]').length).toBeLessThanOrEqual(30);

    // Back up near the top: the window slides up by half a page, without asking the server.
    scrollTo(container, 50);
    await waitFor(() => expect(rendered(panel)[0]).toBe('Notification 21'));
    expect(rendered(panel)).toHaveLength(20);
    expect(listCalls()).toHaveLength(3);
  });
});
