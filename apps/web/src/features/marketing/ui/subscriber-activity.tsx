import type { SubscriberEventKind } from '@wharf/contract';
import { pagedItems } from '../../lists/paged-list';
import { errorMessage } from '../../forms/form-errors';
import { when } from '../../storefront/format';
import { EmptyState, LoadError, LoadMore } from '../../../ui/ListStates';
import { Loading } from '../../../ui/Loading';
import { useSubscriberEventsQuery, type SubscriberEvent } from '../api/subscribers-events';

const quoted = (name: string | undefined) => (name ? `“${name}”` : 'a mail');

/** Where someone was added or gave consent (`created`'s detail, a subscriber's `consentSource`). */
const sources: Record<string, string> = {
  form: 'through the sign-up form',
  console: 'in the console',
  api: 'through the API',
  import: 'by an import',
  confirmation: 'by following their confirmation link',
};

export function sourceWords(source: string): string {
  return sources[source] ?? `(${source})`;
}

/** A status the console set says so; one the person or a mail caused does not. */
const byConsole = (event: SubscriberEvent, done: string, otherwise: string) =>
  event.detail === 'console' ? `Was marked ${done} in the console` : otherwise;

/**
 * One line of activity as a sentence about the subscriber. The campaign names the mail a send,
 * open, click or unsubscribe came from; `detail` names a list, a flow, an import or an order.
 */
const sentences: Record<SubscriberEventKind, (event: SubscriberEvent) => string> = {
  created: (e) => (e.detail ? `Was added ${sourceWords(e.detail)}` : 'Was added'),
  imported: (e) => (e.detail ? `Was imported from ${e.detail}` : 'Was imported'),
  updated: (e) => (e.detail ? `Their details were changed: ${e.detail}` : 'Their details were changed'),
  confirmation_sent: () => 'Was sent a mail to confirm their subscription',
  confirmed: () => 'Confirmed their subscription',
  subscribed: (e) => byConsole(e, 'subscribed', 'Subscribed'),
  unsubscribed: (e) =>
    e.campaign ? `Unsubscribed from ${quoted(e.campaign.name)}` : byConsole(e, 'unsubscribed', 'Unsubscribed'),
  bounced: (e) =>
    e.campaign ? `A mail of ${quoted(e.campaign.name)} bounced` : byConsole(e, 'as bounced', 'A mail to them bounced'),
  list_added: (e) => (e.detail ? `Added to list ${e.detail}` : 'Added to a list'),
  list_removed: (e) => (e.detail ? `Removed from list ${e.detail}` : 'Removed from a list'),
  sent: (e) => `Was sent ${quoted(e.campaign?.name)}`,
  opened: (e) => `Opened ${quoted(e.campaign?.name)}`,
  clicked: (e) => `Clicked a link in ${quoted(e.campaign?.name)}`,
  purchased: (e) => (e.detail ? `Bought something (${e.detail})` : 'Bought something'),
  flow_entered: (e) => (e.detail ? `Started the flow ${e.detail}` : 'Started a flow'),
};

/** A line of activity in plain words; a kind this console does not know yet reads as its name. */
export function activitySentence(event: SubscriberEvent): string {
  const sentence = sentences[event.kind] as ((event: SubscriberEvent) => string) | undefined;
  return sentence ? sentence(event) : event.kind.replace(/_/g, ' ');
}

/** The subscriber's activity, newest first, a page at a time. */
export function SubscriberActivity({ project, subscriberId }: { project: string; subscriberId: string }) {
  const events = useSubscriberEventsQuery(project, subscriberId);
  const lines = pagedItems(events.data?.pages, (event) => event.id);
  if (events.isPending) return <Loading label="Loading the activity…" inCard />;
  if (!events.data)
    return (
      <LoadError
        title="The activity could not be loaded"
        message={errorMessage(events.error)}
        onRetry={() => void events.refetch()}
        retrying={events.isFetching}
      />
    );
  if (lines.length === 0) return <EmptyState title="Nothing yet." />;
  return (
    <div>
      <ol aria-label="Activity, newest first" className="grid gap-3 border-l border-border pl-4">
        {lines.map((event) => (
          <li key={event.id} className="text-sm" data-kind={event.kind}>
            <p className="font-medium break-words">{activitySentence(event)}</p>
            <p className="text-xs text-muted">
              <time dateTime={event.at}>{when(event.at)}</time>
            </p>
          </li>
        ))}
      </ol>
      <LoadMore
        count={lines.length}
        noun={['event', 'events']}
        hasMore={events.hasNextPage}
        loading={events.isFetchingNextPage}
        onLoadMore={() => void events.fetchNextPage()}
        error={events.isFetchNextPageError ? errorMessage(events.error) : undefined}
      />
    </div>
  );
}
