import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { pathOf } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { Table } from '../../features/billing/ui/Table';
import type { ListWords } from '../../features/lists/list-words';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { useMailingListsQuery } from '../../features/marketing/api/lists';
import { useSubscribersQuery, type Subscriber } from '../../features/marketing/api/subscribers';
import { AddSubscriberDialog } from '../../features/marketing/ui/subscriber-add-dialog';
import { LastTime } from '../../features/marketing/ui/subscriber-dates';
import { SubscriberFilterBar, useSubscriberFilters } from '../../features/marketing/ui/subscriber-filters';
import { SubscriberSkeleton } from '../../features/marketing/ui/subscriber-skeleton';
import { SubscriberStatusBadge } from '../../features/marketing/ui/subscriber-status';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { day } from '../../features/storefront/format';
import { Button, buttonClasses } from '../../ui/Button';
import { EmptyState } from '../../ui/ListStates';

const SUBSCRIBER_WORDS: ListWords = {
  noun: ['subscriber', 'subscribers'],
  placeholder: 'Name or email',
  noMatchHint: 'Try another name or email, or widen the filters.',
  emptyHint: 'People who may receive your mail appear here.',
};

/** `/marketing/subscribers` (route `marketing.subscribers`): the people the shop may mail. */
export function SubscribersPage() {
  return (
    <ProjectPage
      title="Subscribers"
      description="The people your campaigns and flows may mail, with their lists and what they last did."
      permissions={['mail.read', 'mail.subscribe', 'mail.manage']}
    >
      {(project, access) => <Subscribers key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

function Subscribers({ project, access }: { project: Project; access: Access }) {
  const canAdd = access.can('mail.subscribe');
  const canImport = access.can('mail.manage');
  const filterState = useSubscriberFilters();
  const { filters } = filterState;
  const subscribers = useSubscribersQuery(project.id, filters);
  const lists = useMailingListsQuery(project.id);
  const [adding, setAdding] = useState(false);
  const rows = pagedItems(subscribers.data?.pages, (subscriber) => subscriber.id);
  const total = subscribers.data?.pages[0]?.total;
  const searching = isSearching(subscribers);
  const filtered = Boolean(filters.search || filters.status || filters.mailingListId);

  const actions = (canAdd || canImport) && (
    <div className="flex flex-wrap gap-2">
      {canAdd && <Button onClick={() => setAdding(true)}>Add subscriber</Button>}
      {canImport && (
        <Link
          to={pathOf('marketing.subscribers.import')}
          search={{ project: project.id }}
          className={buttonClasses({ variant: 'secondary' })}
        >
          Import
        </Link>
      )}
    </div>
  );

  return (
    <section aria-label="Subscribers" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {total === undefined ? '\u00a0' : totalWords(total, filtered)}
        </p>
        {actions}
      </div>
      <SubscriberFilterBar
        state={filterState}
        words={SUBSCRIBER_WORDS}
        searching={searching}
        lists={lists.data ?? []}
      />

      {subscribers.isPending ? (
        <SubscriberSkeleton />
      ) : subscribers.data && rows.length === 0 && !filtered ? (
        <EmptyState title="No subscribers yet.">
          <p>
            Subscribers are the people who agreed to get your mail: your newsletter, campaigns and automated flows go to
            them. Add them one by one, or import a list you already have.
          </p>
          {actions && <div className="mt-4 flex justify-center">{actions}</div>}
        </EmptyState>
      ) : subscribers.data && rows.length === 0 && !filters.search ? (
        <EmptyState title="No subscribers match these filters.">
          <p>{SUBSCRIBER_WORDS.noMatchHint}</p>
          <Button variant="ghost" size="small" className="mt-3" onClick={filterState.clear}>
            Clear filters
          </Button>
        </EmptyState>
      ) : (
        <PagedList query={subscribers} count={rows.length} words={SUBSCRIBER_WORDS} search={filters.search}>
          <SubscriberTable project={project.id} rows={rows} busy={searching} />
        </PagedList>
      )}

      {canAdd && (
        <AddSubscriberDialog
          project={project.id}
          lists={lists.data ?? []}
          open={adding}
          onClose={() => setAdding(false)}
        />
      )}
    </section>
  );
}

function totalWords(total: number, filtered: boolean): string {
  const count = total.toLocaleString('en');
  if (filtered) return total === 1 ? '1 subscriber matches' : `${count} subscribers match`;
  return total === 1 ? '1 subscriber' : `${count} subscribers`;
}

/** The subscribers as a table; on a phone each row is a card of its facts. */
function SubscriberTable({ project, rows, busy }: { project: string; rows: Subscriber[]; busy: boolean }) {
  // One "now" for every row's "3 days ago", so the rows agree.
  const [now] = useState(() => Date.now());
  return (
    <Table
      stackOnPhone
      caption="Subscribers"
      rows={rows}
      keyOf={(subscriber) => subscriber.id}
      busy={busy}
      columns={[
        {
          header: 'Subscriber',
          className: 'max-w-[18rem]',
          cell: (subscriber) => (
            // Named ones show their name over the address; others only the address, once.
            <span className="block min-w-0">
              <Link
                to={pathOf('marketing.subscribers.view', { subscriberId: subscriber.id })}
                search={{ project }}
                className="block truncate font-medium text-primary underline-offset-2 hover:underline"
              >
                {subscriber.name || subscriber.email}
              </Link>
              {subscriber.name && <span className="block truncate text-xs text-muted">{subscriber.email}</span>}
            </span>
          ),
        },
        { header: 'Status', cell: (subscriber) => <SubscriberStatusBadge status={subscriber.status} /> },
        {
          header: 'Lists',
          className: 'max-w-[14rem]',
          cell: (subscriber) =>
            subscriber.lists.length === 0 ? (
              <span className="text-muted">None</span>
            ) : (
              <span className="line-clamp-2 break-words">{subscriber.lists.map((list) => list.name).join(', ')}</span>
            ),
        },
        { header: 'Last opened', cell: (subscriber) => <LastTime iso={subscriber.lastOpenedAt} now={now} /> },
        { header: 'Last clicked', cell: (subscriber) => <LastTime iso={subscriber.lastClickedAt} now={now} /> },
        { header: 'Last purchased', cell: (subscriber) => <LastTime iso={subscriber.lastPurchasedAt} now={now} /> },
        { header: 'Added', className: 'whitespace-nowrap', cell: (subscriber) => day(subscriber.createdAt) },
      ]}
    />
  );
}
