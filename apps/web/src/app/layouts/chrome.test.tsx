import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { menuStore } from '../../features/menu/menu-store';
import { blogFixture, blogList, LIST_BLOGS } from '../../pages/support/support-fixtures';
import type { Platform } from '@wharf/contract';
import {
  fakeApi,
  fakeProject,
  json,
  platform,
  serviceToken,
  signedIn,
  user,
  type FakeCall,
  type FakeProject,
  type FakeRoutes,
} from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { pathOf, routeExists } from '../navigation';
import { routeTable, type PageEntry } from '../routes';
import { projectNav, topLabels } from '../../test/menu-queries';

/**
 * Every page of the table as a bare heading (these tests look at the chrome around it), but for
 * projects.switch, which the router sends a change of project through.
 */
function stubPages(extra: PageEntry[] = []): PageEntry[] {
  return [
    ...routeTable.map((route) =>
      route.staticData.name === 'projects.switch'
        ? route
        : {
            ...route,
            component: function StubPage() {
              return <h1>{route.staticData.title}</h1>;
            },
          },
    ),
    ...extra,
  ];
}

const one = fakeProject(1, { name: 'Harbour Shop' });
const two = fakeProject(2, { name: 'North Plant' });

/** `/enforce` granting, per project, the permissions listed for it. */
function enforceByProject(held: Record<string, readonly string[]>) {
  return (call: FakeCall) => {
    const { project, permissions } = call.body as { project: string; permissions: string[] };
    const holds = held[project] ?? [];
    const granted = permissions.filter((p) => holds.includes(p));
    const denied = permissions.filter((p) => !holds.includes(p));
    const body = { permissions: { granted, denied }, resolutions: { roles: [] } };
    return denied.length === 0 ? json(200, body) : json(403, { code: 'FORBIDDEN', message: 'Denied', ...body });
  };
}

function chromeApi(
  options: {
    projects?: FakeProject[];
    held?: Record<string, readonly string[]>;
    routes?: FakeRoutes;
    platform?: Platform;
  } = {},
  who = user,
) {
  const projects = options.projects ?? [one, two];
  return fakeApi({
    ...(options.platform ? { platform: json(200, options.platform) } : {}),
    routes: {
      ...signedIn(who),
      ...serviceToken(who),
      'GET /v1/projects': () => json(200, projects),
      'POST /v1/enforcer/enforce': enforceByProject(options.held ?? {}),
      ...options.routes,
    },
  });
}

/** What the pages of the team, chat and settings entries open with. */
const PEOPLE = ['members.read', 'roles.read', 'invites.read', 'chat.read', 'projects.update'];
const ALL = ['integrations.read', 'billing.read', ...PEOPLE];

afterEach(() => {
  menuStore.remove('test');
});

describe('menus (SPEC.md section 2)', () => {
  it('lists the core entries by order, each carrying the project', async () => {
    renderApp(`/users?project=${one.id}`, chromeApi({ held: { [one.id]: ALL } }).fetch, stubPages());
    const nav = await projectNav();
    await within(nav).findByRole('link', { name: 'Developer (APIs)' });
    await within(nav).findByRole('link', { name: 'Billing' });
    const expected = (
      [
        ['Dashboard', 'project.dashboard'],
        ['Chat', 'chat.index'],
        ['Users', 'project.users.list'],
        ['Support', 'core.support'],
        ['Billing', 'billing.index'],
        ['Modules', 'integrations.store'],
        ['Developer (APIs)', 'developer.api.index'],
        ['Settings', 'projects.settings'],
      ] as const
    )
      .filter(([, route]) => routeExists(route))
      .map(([label]) => label);
    expect(topLabels(nav)).toEqual(expected);
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', `/users?project=${one.id}`);
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute(
      'href',
      `/project/settings?project=${one.id}`,
    );
  });

  it('shows Modules and Developer only with integrations.read', async () => {
    renderApp(
      `/users?project=${one.id}`,
      chromeApi({ held: { [one.id]: ['billing.read', ...PEOPLE] } }).fetch,
      stubPages(),
    );
    const nav = await projectNav();
    await within(nav).findByRole('link', { name: 'Billing' });
    expect(within(nav).queryByRole('link', { name: 'Developer (APIs)' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Modules' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Users' })).toBeInTheDocument();
  });

  it('leaves out the entries whose pages the role may not open: no menu leads to a refusal', async () => {
    renderApp(`/dashboard/?project=${one.id}`, chromeApi({ held: { [one.id]: ['members.read'] } }).fetch, stubPages());
    const nav = await projectNav();
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Chat' })).not.toBeInTheDocument());
    expect(topLabels(nav)).not.toContain('Chat');
    expect(within(nav).getByRole('link', { name: 'Users' })).toBeInTheDocument();
    for (const hidden of ['Roles', 'Invites', 'Billing', 'Modules', 'Settings']) {
      expect(within(nav).queryByRole('link', { name: hidden, hidden: true })).not.toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Support' })).toBeInTheDocument();
  });

  it('adds Billing once the project and billing.read are known, and drops it on a project change', async () => {
    const { router } = renderApp(
      `/users?project=${one.id}`,
      chromeApi({ held: { [one.id]: ALL, [two.id]: ['integrations.read', ...PEOPLE] } }).fetch,
      stubPages(),
    );
    const nav = await projectNav();
    expect(await within(nav).findByRole('link', { name: 'Billing' })).toHaveAttribute(
      'href',
      `/billing?project=${one.id}`,
    );

    await act(() => router.navigate({ to: pathOf('project.users.list'), search: { project: two.id } }));
    await waitFor(() => expect(router.state.location.search).toEqual({ project: two.id }));
    expect(router.state.location.pathname).toBe('/users');
    const after = await projectNav();
    await waitFor(() =>
      expect(within(after).getByRole('link', { name: 'Developer (APIs)' })).toHaveAttribute(
        'href',
        `/developer?project=${two.id}`,
      ),
    );
    expect(within(after).queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
    expect(after).toHaveTextContent('North Plant');
  });

  it('shows the account side menu in the account area, with the platform pages for admins', async () => {
    renderApp('/settings', chromeApi({}, { ...user, isAdmin: true }).fetch, stubPages());
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    const expected = (
      [
        ['Account', 'account.settings'],
        ['Chat', 'chat.index'],
        ['Projects', 'projects.list'],
        ['Tasks', 'tasks.index'],
        ['Settings', 'projects.settings'],
        ['Outbox', 'platform.mail.outbox'],
        ['Terms', 'platform.terms'],
        ['Store listings', 'platform.integrations.listings'],
        ['Drive admin', 'platform.drive'],
        ['Support inbox', 'platform.support'],
        ['Platform settings', 'platform.settings'],
      ] as const
    )
      .filter(([label, route]) => routeExists(route) && label !== 'Tasks')
      .map(([label]) => label);
    expect(topLabels(nav)).toEqual(expected);
    expect(screen.queryByRole('navigation', { name: 'Project' })).not.toBeInTheDocument();
  });
});

describe('sidebar', () => {
  it('marks the entry matching the longest part of the path, and opens its parent', async () => {
    renderApp(`/users/roles?project=${one.id}`, chromeApi({ held: { [one.id]: ALL } }).fetch, stubPages());
    const nav = await projectNav();
    const roles = await within(nav).findByRole('link', { name: 'Roles' });
    expect(roles).toHaveAttribute('aria-current', 'page');
    expect(roles).toHaveAttribute('href', `/users/roles?project=${one.id}`);
    expect(within(nav).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Users pages' })).toHaveAttribute('aria-expanded', 'true');
    // Only one entry is current.
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  });

  it('shows and hides sub-items with their button, from the keyboard too', async () => {
    renderApp(`/users?project=${one.id}`, chromeApi({ held: { [one.id]: ALL } }).fetch, stubPages());
    const nav = await projectNav();
    expect(await within(nav).findByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    const toggle = within(nav).getByRole('button', { name: 'Users pages' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Invites' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Invites' })).toHaveAttribute(
      'href',
      `/users/invites?project=${one.id}`,
    );

    toggle.focus();
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByRole('link', { name: 'Invites' })).not.toBeInTheDocument();
  });

  it('marks the account page the user is on', async () => {
    renderApp('/settings/change-password', chromeApi().fetch, stubPages());
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Change password' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('button', { name: 'Account pages' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('navigates on a click without reloading the page', async () => {
    const { router } = renderApp(`/users?project=${one.id}`, chromeApi({ held: { [one.id]: ALL } }).fetch, stubPages());
    const nav = await projectNav();
    await within(nav).findByRole('link', { name: 'Billing' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/settings'));
    expect(router.state.location.search).toEqual({ project: one.id });
    expect(await screen.findByRole('heading', { name: 'Project settings' })).toBeInTheDocument();
    // The chrome stays: moving between pages of one layout doesn't rebuild it.
    expect(nav.isConnected).toBe(true);
  });
});

describe('bottom nav bar', () => {
  it('shows at most 5 entries with icons, by order', async () => {
    renderApp(`/users?project=${one.id}`, chromeApi({ held: { [one.id]: ALL } }).fetch, stubPages());
    const nav = await projectNav();
    await within(nav).findByRole('link', { name: 'Billing' });
    act(() =>
      menuStore.set('test', [
        { id: 't-plain', label: 'No icon', route: 'projects.settings', order: -10 },
        { id: 't-6', label: 'Sixth', route: 'projects.settings', order: 6, icon: 'tasks' },
        { id: 't-2', label: 'Second', route: 'projects.settings', order: 2, icon: 'globe' },
        { id: 't-1', label: 'First', route: 'projects.settings', order: 1, icon: 'globe' },
        { id: 't-4', label: 'Fourth', route: 'projects.settings', order: 4, icon: 'globe' },
        { id: 't-3', label: 'Third', route: 'projects.settings', order: 3, icon: 'globe' },
        { id: 't-5', label: 'Fifth', route: 'projects.settings', order: 5, icon: 'globe' },
      ]),
    );
    const bar = screen.getByRole('navigation', { name: 'Quick links' });
    const labels = within(bar)
      .getAllByRole('link')
      .map((link) => link.textContent);
    // Dashboard (-1) leads whenever its route exists; the rest by order, the icon-less one left out.
    const expected = [
      ...(routeExists('project.dashboard') ? ['Dashboard'] : []),
      'First',
      'Second',
      'Third',
      'Fourth',
      'Fifth',
    ].slice(0, 5);
    expect(labels).toEqual(expected);
    expect(bar.className).toContain('z-navbar');
  });
});

describe('header search', () => {
  const api = () =>
    chromeApi({
      held: { [one.id]: ALL },
      routes: {
        [LIST_BLOGS]: blogList([
          blogFixture(1, { title: 'Invite your team' }),
          blogFixture(2, { title: 'Set up billing' }),
        ]),
      },
    });

  it('finds pages by name and posts by title, grouped', async () => {
    renderApp(`/users?project=${one.id}`, api().fetch, stubPages());
    const box = await screen.findByRole('combobox', { name: 'Search pages and tutorials' });
    await userEvent.type(box, 'invite');
    const list = screen.getByRole('listbox', { name: 'Search results' });
    const pages = within(list).getByRole('group', { name: 'Pages' });
    expect(within(pages).getByRole('option', { name: 'Invites' })).toBeInTheDocument();
    const tutorials = await within(list).findByRole('group', { name: 'Tutorials' });
    expect(within(tutorials).getByRole('option', { name: 'Invite your team' })).toBeInTheDocument();
    expect(within(list).queryByRole('option', { name: 'Set up billing' })).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('leaves out routes with parameters, and says No Results.', async () => {
    renderApp(`/users?project=${one.id}`, api().fetch, stubPages());
    const box = await screen.findByRole('combobox', { name: 'Search pages and tutorials' });
    await userEvent.type(box, 'Invitation');
    expect(await screen.findByText('No Results.')).toBeInTheDocument();
    await userEvent.clear(box);
    await userEvent.type(box, 'zzqx');
    expect(await screen.findByText('No Results.')).toBeInTheDocument();
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('moves with the arrows, opens with Enter and closes with Escape', async () => {
    const { router } = renderApp(`/users?project=${one.id}`, api().fetch, stubPages());
    const box = await screen.findByRole('combobox', { name: 'Search pages and tutorials' });
    await userEvent.type(box, 'roles');
    await userEvent.keyboard('{ArrowDown}');
    const option = screen.getByRole('option', { name: 'Roles' });
    expect(box).toHaveAttribute('aria-activedescendant', option.id);
    expect(option).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/users/roles'));
    expect(router.state.location.search).toEqual({ project: one.id });
    expect(box).toHaveValue('');

    await userEvent.type(box, 'settings');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('settings');
  });

  it('opens a post on the support tutorials path plus its slug', async () => {
    const { router } = renderApp(`/users?project=${one.id}`, api().fetch, stubPages());
    const box = await screen.findByRole('combobox', { name: 'Search pages and tutorials' });
    await userEvent.type(box, 'billing');
    await userEvent.click(await screen.findByRole('option', { name: 'Set up billing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/tutorials/set-up-billing'));
  });
});

describe('account menu', () => {
  const many = Array.from({ length: 7 }, (_, i) => fakeProject(i + 1, { name: `Shop ${i + 1}` }));

  it('lists the projects with a search box above 5, the current one marked, each switching to it', async () => {
    renderApp(`/users?project=${many[2]!.id}`, chromeApi({ projects: many }).fetch, stubPages());
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Account menu' });
    const list = await within(menu).findByRole('list', { name: 'Projects' });
    expect(within(list).getAllByRole('link')).toHaveLength(7);
    const current = within(list).getByRole('link', { name: /Shop 3/ });
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(current).toHaveTextContent('Current');
    const href = new URL(
      within(list)
        .getByRole('link', { name: /Shop 5/ })
        .getAttribute('href')!,
      'http://x',
    );
    expect(href.pathname).toBe('/projects/switch');
    expect(href.searchParams.get('project')).toBe(many[4]!.id);
    expect(href.searchParams.get('redirect_uri')).toBe('/users');

    await userEvent.type(within(menu).getByRole('searchbox', { name: 'Search projects' }), 'shop 6');
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    expect(within(list).getByRole('link', { name: /Shop 6/ })).toBeInTheDocument();
  });

  it('has no search box for 5 projects or fewer; Create project, My Account and the theme', async () => {
    renderApp(`/users?project=${one.id}`, chromeApi().fetch, stubPages());
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Account menu' });
    await within(menu).findByRole('link', { name: /North Plant/ });
    expect(within(menu).queryByRole('searchbox', { name: 'Search projects' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Create project' })).toHaveAttribute('href', '/projects/create');
    expect(within(menu).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/settings');
    await userEvent.click(within(menu).getByRole('button', { name: 'Dark theme' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });

  it('offers Create project only on a public platform', async () => {
    const privateApi = chromeApi({ platform: { ...platform, public: false } });
    renderApp(`/users?project=${one.id}`, privateApi.fetch, stubPages());
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Account menu' });
    await within(menu).findByRole('link', { name: /North Plant/ });
    expect(within(menu).queryByRole('link', { name: 'Create project' })).not.toBeInTheDocument();
  });

  it("shows administrators each project's platform", async () => {
    const foreign = fakeProject(3, { name: 'Elsewhere', platform: { name: 'Other Platform' } });
    renderApp(
      `/users?project=${one.id}`,
      chromeApi({ projects: [one, foreign] }, { ...user, isAdmin: true }).fetch,
      stubPages(),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Account menu' });
    expect(await within(menu).findByRole('link', { name: /Elsewhere/ })).toHaveTextContent('Other Platform');
    expect(within(menu).getByRole('link', { name: /Harbour Shop/ })).toHaveTextContent(platform.name);
  });
});

describe('announcements', () => {
  it('says a demo project is in demo mode', async () => {
    const demo = fakeProject(1, { billing: { plan: { code: 'demo' }, flags: [] } });
    renderApp(`/users?project=${demo.id}`, chromeApi({ projects: [demo] }).fetch, stubPages());
    const bar = await screen.findByRole('region', { name: 'Announcements' });
    expect(bar).toHaveTextContent('Project is in demo mode.');
  });

  it('shows a billing flag in its level with its Fix action, most pressing first', async () => {
    const flagged = fakeProject(1, {
      billing: {
        plan: { code: 'demo' },
        flags: [
          { code: 'credit_limit_warning', message: 'Near credit limit.', level: 'warning' },
          { code: 'COMPANY_NOT_FOUND', message: 'Company not found', level: 'error' },
        ],
      },
    });
    renderApp(`/users?project=${flagged.id}`, chromeApi({ projects: [flagged] }).fetch, stubPages());
    const bar = await screen.findByRole('region', { name: 'Announcements' });
    expect(bar).toHaveTextContent('Company setup required.');
    expect(bar.querySelector('[data-level]')).toHaveAttribute('data-level', 'error');
    expect(within(bar).getByRole('link', { name: 'Fix' })).toHaveAttribute(
      'href',
      `/project/settings?project=${flagged.id}`,
    );
    await userEvent.click(within(bar).getByRole('button', { name: 'Next announcement (1 of 3)' }));
    expect(bar).toHaveTextContent('Near credit limit.');
    await userEvent.click(within(bar).getByRole('button', { name: 'Next announcement (2 of 3)' }));
    expect(bar).toHaveTextContent('Project is in demo mode.');
  });

  it('has nothing to say about a project in good standing', async () => {
    renderApp(`/users?project=${one.id}`, chromeApi().fetch, stubPages());
    await projectNav();
    await screen.findByText('Harbour Shop');
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
  });
});

describe('layouts', () => {
  const page = (path: string, layout: PageEntry['staticData']['layout']): PageEntry => ({
    path,
    staticData: { name: `test.${layout}`, title: `A ${layout} page`, layout, user: true, project: 'never' },
    component: function TestPage() {
      return <h1>A {layout} page</h1>;
    },
  });
  const pages = stubPages([
    page('/t/tool', 'tool'),
    page('/t/mail', 'mail'),
    page('/t/print', 'print'),
    page('/t/fullscreen', 'fullscreen'),
  ]);

  it('gives the standard layout a header, a sidebar and a sub-footer; the tool layout no sub-footer', async () => {
    renderApp('/settings', chromeApi().fetch, pages);
    await screen.findByRole('heading', { name: 'Settings' });
    expect(screen.getByRole('banner')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(platform.name);

    const { router } = renderApp('/t/tool', chromeApi().fetch, pages);
    await screen.findAllByRole('heading', { name: 'A tool page' });
    expect(router.state.location.pathname).toBe('/t/tool');
    expect(screen.getAllByRole('banner')).toHaveLength(2);
    expect(screen.getAllByRole('contentinfo')).toHaveLength(1);
  });

  it('frames mail in a header and a 520px column, print in nothing, fullscreen in a sidebar', async () => {
    const mail = renderApp('/t/mail', chromeApi().fetch, pages);
    await screen.findByRole('heading', { name: 'A mail page' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main').className).toContain('max-w-[520px]');
    mail.unmount();

    const print = renderApp('/t/print', chromeApi().fetch, pages);
    await screen.findByRole('heading', { name: 'A print page' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    print.unmount();

    renderApp('/t/fullscreen', chromeApi().fetch, pages);
    await screen.findByRole('heading', { name: 'A fullscreen page' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
  });

  it('links the logo to the dashboard', async () => {
    renderApp(`/users?project=${one.id}`, chromeApi().fetch, stubPages());
    const banner = await screen.findByRole('banner');
    const logo = within(banner).getByRole('img', { name: platform.name }).closest('a');
    const target = routeExists('project.dashboard') ? `/dashboard/?project=${one.id}` : '/projects';
    expect(logo).toHaveAttribute('href', target);
  });
});
