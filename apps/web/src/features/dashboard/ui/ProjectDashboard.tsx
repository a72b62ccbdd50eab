import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useApiClient } from '../../../app/api-client';
import { pathOf, routeExists, type RouteNameInput } from '../../../app/navigation';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/ListStates';
import { Loading } from '../../../ui/Loading';
import { Tag } from '../../../ui/Tag';
import { usePainted } from '../../../ui/painted';
import type { Permission } from '@wharf/contract/permissions';
import type { Access } from '../../access/api/enforce';
import { useBillingProject } from '../../billing/api';
import { BillingAttention } from '../../billing/ui/BillingAttention';
import { linkClasses } from '../../accounts/ui/AuthCard';
import { membersQueryOptions } from '../../access/members/api/members';
import { moduleName, settingsRouteName } from '../../integrations/modules/definitions';
import { roleName } from '../../access/roles/role-labels';
import { memberName } from '../../access/members/format';
import { RelativeTime } from '../../access/members/ui/RelativeTime';
import type { Project } from '../../projects/api/projects';
import { useRecentActivity } from '../api/activity';
import { describeActivity } from '../activity-text';
import { showsStorefront, StorefrontGlance } from './StorefrontCard';

/** The permissions the dashboard's cards and quick links need; the first opens the page. */
export const DASHBOARD_PERMISSIONS = [
  'projects.read',
  'members.read',
  'audit.read',
  'billing.read',
  'integrations.read',
  'invites.manage',
  'authkeys.manage',
  'projects.update',
  'orders.read',
] as const satisfies readonly Permission[];

/**
 * The project at a glance: billing state, modules, members, recent activity and where to go next.
 * A card whose data the member's role may not read is left out (and its data never asked for), as is
 * a quick link to a page they could not use; with none of the cards, a word on what they can do.
 */
export function ProjectDashboard({ project, access }: { project: Project; access: Access }) {
  // The cards ask for their data once the page has painted (ui/painted.ts).
  const painted = usePainted();
  const links = quickLinks.filter((link) => routeExists(link.route) && (!link.needs || access.can(link.needs)));
  const billing = access.can('billing.read');
  const modules = access.can('integrations.read');
  const team = access.can('members.read');
  const activity = access.can('audit.read');
  const storefront = showsStorefront(project, access.can('orders.read'));
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      {!billing && !modules && !team && !activity && !storefront && <RoleGlance project={project} />}
      {storefront && (
        <div className="lg:col-span-2">
          <Card title="Storefront" to="platform.orders" project={project.id} linkLabel="View orders">
            <StorefrontGlance project={project.id} load={painted} />
          </Card>
        </div>
      )}
      {billing && (
        <Card title="Billing" to="billing.index" project={project.id} linkLabel="Open billing">
          <BillingGlance project={project} load={painted} />
        </Card>
      )}
      {modules && (
        <Card title="Modules" to="integrations.store" project={project.id} linkLabel="Browse modules">
          <ModulesGlance project={project} />
        </Card>
      )}
      {team && (
        <Card title="Team" to="project.users.list" project={project.id} linkLabel="See everyone">
          <TeamGlance project={project.id} load={painted} />
        </Card>
      )}
      {links.length > 0 && (
        <Card title="Quick links">
          <QuickLinks project={project.id} links={links} />
        </Card>
      )}
      {activity && (
        <div className="lg:col-span-2">
          <Card title="Recent activity">
            <ActivityGlance project={project.id} canSeeNames={team} load={painted} />
          </Card>
        </div>
      )}
    </div>
  );
}

/** For a role that may read none of the cards: what the project offers them, and who can give more. */
function RoleGlance({ project }: { project: Project }) {
  return (
    <section aria-label="Your access" className="rounded-xl border border-border bg-surface p-5 shadow-xs">
      <h2 className="text-base font-semibold">Welcome to {project.name}</h2>
      <p className="mt-2 text-sm/6 text-muted">
        Your role here doesn&rsquo;t include billing, modules, the team or the project&rsquo;s activity, so there is
        nothing to show at a glance yet. The quick links and the menu lead to what you can use.
      </p>
      <p className="mt-2 text-sm/6 text-muted">
        Need more? Ask an owner or admin of {project.name} to give you a role that includes it.
      </p>
    </section>
  );
}

function Card({
  title,
  children,
  to,
  project,
  linkLabel,
}: {
  title: string;
  children: ReactNode;
  to?: RouteNameInput;
  project?: string;
  linkLabel?: string;
}) {
  // Cards link onward only to pages that exist yet (the store and billing screens come later).
  const onward = to && routeExists(to) ? to : undefined;
  return (
    <section
      aria-label={title}
      className="flex h-full flex-col rounded-xl border border-border bg-surface p-5 shadow-xs"
    >
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h2 className="text-base font-semibold">{title}</h2>
        {onward && linkLabel && (
          <Link to={pathOf(onward)} search={project ? { project } : {}} className={`text-sm ${linkClasses}`}>
            {linkLabel}
          </Link>
        )}
      </div>
      <div className="min-w-0 flex-1">{children}</div>
    </section>
  );
}

function BillingGlance({ project, load }: { project: Project; load: boolean }) {
  // The billing account's own flags carry their actions (Add, Update, Fix); until it answers, or
  // if it cannot, the project list's copy shows with SPEC.md section 8's actions for each code.
  const account = useBillingProject(project.id, load);
  const { plan } = project.billing;
  return (
    <div className="grid gap-3 text-sm">
      <p>
        Plan: <Tag tone={plan.code === 'demo' ? 'warning' : 'primary'}>{plan.code}</Tag>
      </p>
      <BillingAttention project={project.id} account={account.data} fallback={project.billing.flags} />
    </div>
  );
}

function ModulesGlance({ project }: { project: Project }) {
  if (project.integrations.length === 0) {
    return (
      <EmptyState title="No modules installed yet">Modules add shops, carriers and tools to a project.</EmptyState>
    );
  }
  // By the names the console gives them; each leads to its settings page once its route is in.
  return (
    <ul className="flex flex-wrap gap-2">
      {project.integrations.map(({ code }) => {
        const settings = settingsRouteName(code);
        return (
          <li key={code}>
            {routeExists(settings) ? (
              <Link
                to={pathOf(settings)}
                search={{ project: project.id }}
                className="rounded-full focus-visible:outline-2 focus-visible:outline-focus"
              >
                <Tag>{moduleName(code)}</Tag>
              </Link>
            ) : (
              <Tag>{moduleName(code)}</Tag>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** How many members the card shows by face. */
const FACES = 6;

function TeamGlance({ project, load }: { project: string; load: boolean }) {
  const members = useInfiniteQuery({ ...membersQueryOptions(useApiClient(), project, ''), enabled: load });
  if (members.isPending) return <Loading label="Loading members…" inCard />;
  if (members.isError) return <p className="text-sm text-danger">The members could not be loaded.</p>;
  const first = members.data.pages[0];
  const people = first?.items ?? [];
  const more = first?.nextPageToken ? 'and more' : undefined;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted">
        {people.length} {people.length === 1 ? 'member' : 'members'} {more}
      </p>
      <ul className="grid gap-2">
        {people.slice(0, FACES).map((member) => (
          <li key={member.user.id} className="flex min-w-0 items-center gap-3 text-sm">
            <Avatar name={memberName(member.user)} url={member.user.avatar} className="size-8!" />
            <span className="min-w-0 truncate">{memberName(member.user)}</span>
            <span className="ml-auto flex shrink-0 gap-1">
              {member.roles.map((role) => (
                <Tag key={role}>{roleName(role)}</Tag>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ActivityGlance({ project, canSeeNames, load }: { project: string; canSeeNames: boolean; load: boolean }) {
  const activity = useRecentActivity(project, load);
  const members = useInfiniteQuery({
    ...membersQueryOptions(useApiClient(), project, ''),
    enabled: canSeeNames && load,
  });
  if (activity.isPending) return <Loading label="Loading recent activity…" inCard />;
  if (activity.isError) return <p className="text-sm text-danger">The activity could not be loaded.</p>;
  const names = new Map(
    (members.data?.pages ?? []).flatMap((page) => page.items).map((m) => [m.user.id, memberName(m.user)]),
  );
  if (activity.data.items.length === 0) return <EmptyState title="Nothing has happened yet" />;
  return (
    <ol className="grid gap-2 text-sm" aria-label="Recent activity, newest first">
      {activity.data.items.map((entry) => (
        <li key={entry.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
          <span className={entry.result === 'failure' ? 'text-muted' : undefined}>
            {describeActivity(entry, (id) => names.get(id))}
          </span>
          <RelativeTime iso={entry.at} className="text-xs text-muted" />
        </li>
      ))}
    </ol>
  );
}

interface QuickLink {
  route: RouteNameInput;
  label: string;
  hint: string;
  /** Shown only to a role with this permission: the page's own. */
  needs?: Permission;
}

const quickLinks: QuickLink[] = [
  {
    route: 'project.users.invites.list',
    label: 'Invite people',
    hint: 'Bring your team in, each with a role.',
    needs: 'invites.manage',
  },
  {
    route: 'developer.api.index',
    label: 'Create an API key',
    hint: 'Let scripts and services call the API.',
    needs: 'authkeys.manage',
  },
  {
    route: 'projects.settings',
    label: 'Project settings',
    hint: 'Name, logos and the danger zone.',
    needs: 'projects.update',
  },
  { route: 'core.support', label: 'Support', hint: 'Tutorials and answers to common questions.' },
];

function QuickLinks({ project, links }: { project: string; links: QuickLink[] }) {
  return (
    <ul className="grid gap-3 text-sm">
      {links.map((link) => (
        <li key={link.route}>
          <Link to={pathOf(link.route)} search={{ project }} className={linkClasses}>
            {link.label}
          </Link>
          <p className="text-xs text-muted">{link.hint}</p>
        </li>
      ))}
    </ul>
  );
}
