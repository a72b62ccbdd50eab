import type { EnquiryStatus } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { pathOf } from '../../app/navigation';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { useListSearch } from '../../features/lists/use-list-search';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { useEnquiriesQuery, type EnquirySummary } from '../../features/storefront/api/enquiries';
import { dateRangeError, dayEnd, dayStart } from '../../features/storefront/filters';
import { DateRangeFields } from '../../features/storefront/ui/DateRangeFields';
import { when } from '../../features/storefront/format';
import { EnquiryStatusBadge, RepliedBadge, UnreadCount } from '../../features/storefront/ui/EnquiryBadges';
import { Checkbox } from '../../ui/Checkbox';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/ListStates';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';

const ENQUIRY_WORDS = {
  noun: ['enquiry', 'enquiries'] as [string, string],
  placeholder: 'Name, email or subject',
  noMatchHint: 'Try another name, email or subject, or widen the filters.',
  emptyHint: 'Messages sent through your storefront’s contact form appear here.',
};

/**
 * The status filter. Every enquiry by default, each marked open or closed: with open ones only, an
 * inbox of closed ones would look empty ("No enquiries yet") when it is not.
 */
type StatusChoice = EnquiryStatus | 'all';
const statusChoices: [StatusChoice, string][] = [
  ['all', 'All'],
  ['open', 'Open'],
  ['closed', 'Closed'],
];

/** `/platform/enquiries` (route `platform.enquiries`): the contact form's inbox, unread ones first to the eye. */
export function EnquiriesPage() {
  return (
    <ProjectPage
      title="Enquiries"
      description="Messages from your storefront’s contact form, newest first."
      permissions={['enquiries.read']}
    >
      {(project) => <Inbox key={project.id} project={project} />}
    </ProjectPage>
  );
}

function Inbox({ project }: { project: Project }) {
  const search = useListSearch();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<StatusChoice>('all');
  const [unread, setUnread] = useState(false);
  const filters = {
    search: search.query,
    start: dayStart(from),
    end: dayEnd(to),
    status: status === 'all' ? undefined : status,
    unread,
  };
  const enquiries = useEnquiriesQuery(project.id, filters);
  const list = pagedItems(enquiries.data?.pages, (enquiry) => enquiry.id);
  const unreadCount = enquiries.data?.pages[0]?.unreadCount;
  const searching = isSearching(enquiries);
  const rangeError = dateRangeError(from, to);
  const filtered = Boolean(from || to || unread || status !== 'all');

  return (
    <section aria-label="Enquiries" className="grid gap-4">
      {unreadCount !== undefined && (
        <p className="-mt-2">
          <UnreadCount count={unreadCount} />
        </p>
      )}
      <form
        role="search"
        aria-label="Enquiries"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end"
      >
        <TextField
          label="Search enquiries"
          type="search"
          placeholder={ENQUIRY_WORDS.placeholder}
          autoComplete="off"
          spellCheck={false}
          className="sm:col-span-2 lg:w-72"
          value={search.text}
          onChange={(event) => search.setText(event.target.value)}
          hint={searching ? 'Searching…' : undefined}
        />
        <SelectField label="Status" value={status} onChange={(event) => setStatus(event.target.value as StatusChoice)}>
          {statusChoices.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <DateRangeFields from={from} to={to} onFromChange={setFrom} onToChange={setTo} error={rangeError} />
        <Checkbox
          label="Unread only"
          checked={unread}
          onChange={(event) => setUnread(event.target.checked)}
          className="lg:pb-2"
        />
      </form>

      {enquiries.data && list.length === 0 && filtered && !search.query ? (
        <EmptyState title="No enquiries match these filters.">{ENQUIRY_WORDS.noMatchHint}</EmptyState>
      ) : (
        <PagedList query={enquiries} count={list.length} words={ENQUIRY_WORDS} search={search.query}>
          <ul
            aria-label="Enquiries, newest first"
            aria-busy={searching || undefined}
            className={cx(
              'divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface transition-opacity',
              searching && 'opacity-60',
            )}
          >
            {list.map((enquiry) => (
              <EnquiryRow key={enquiry.id} project={project.id} enquiry={enquiry} />
            ))}
          </ul>
        </PagedList>
      )}
    </section>
  );
}

/** One line of the inbox: unread ones bold with a dot, the whole line a link to the enquiry. */
function EnquiryRow({ project, enquiry }: { project: string; enquiry: EnquirySummary }) {
  return (
    <li className={cx('relative hover:bg-surface-raised/60', !enquiry.read && 'bg-primary-soft/30')}>
      <Link
        to={pathOf('platform.enquiries.view', { enquiryId: enquiry.id })}
        search={{ project }}
        className="grid gap-1 px-3 py-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus sm:px-4"
        aria-label={`${enquiry.read ? '' : 'Unread: '}${enquiry.subject}, from ${enquiry.name}`}
      >
        <span className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-1">
          {!enquiry.read && <span aria-hidden="true" className="size-2 shrink-0 self-center rounded-full bg-primary" />}
          <span className={cx('min-w-0 truncate', enquiry.read ? 'font-medium' : 'font-bold')}>{enquiry.name}</span>
          <span className="min-w-0 truncate text-xs text-muted">{enquiry.email}</span>
          <time dateTime={enquiry.receivedAt} className="ml-auto text-xs whitespace-nowrap text-muted">
            {when(enquiry.receivedAt)}
          </time>
        </span>
        <span className={cx('block min-w-0 truncate text-sm', enquiry.read ? 'font-normal' : 'font-bold')}>
          {enquiry.subject}
        </span>
        <span className="line-clamp-2 text-sm break-words text-muted">{enquiry.excerpt}</span>
        <span className="flex flex-wrap gap-1">
          <EnquiryStatusBadge status={enquiry.status} />
          {enquiry.replied && <RepliedBadge />}
        </span>
      </Link>
    </li>
  );
}
