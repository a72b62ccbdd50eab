import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '@wharf/contract';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { searchString } from '../../../app/search';
import type { ListWords } from '../../lists/list-words';
import { SearchBox } from '../../lists/ui/SearchBox';
import { useDebouncedValue } from '../../lists/use-debounced-value';
import type { ListSearch } from '../../lists/use-list-search';
import { SelectField } from '../../../ui/SelectField';
import type { MailingList } from '../api/lists';
import type { SubscriberFilters } from '../api/subscribers';
import { subscriberStatusWords } from './subscriber-status';

/** The Subscribers page's query parameters: `?search=…&status=…&list=…`, so a filtered view can be linked. */
export interface SubscriberSearchParams {
  search?: string | undefined;
  status?: SubscriberStatus | undefined;
  list?: string | undefined;
}

/**
 * The search of a link to the Subscribers page filtered by `params`. The router types only the
 * parameters every route knows (RootSearch); the page reads its own from the address itself.
 */
export function subscribersSearch(project: string, params: SubscriberSearchParams): { project: string } {
  return { project, ...params };
}

function isStatus(value: string | undefined): value is SubscriberStatus {
  return (SUBSCRIBER_STATUSES as readonly string[]).includes(value ?? '');
}

/**
 * The subscribers' filters, kept in the address (a list's "Subscribers" link opens the page
 * filtered by it, and a reload keeps the view). The search is typed into local state and reaches
 * the address once typing pauses, replacing the entry, so Back leaves the page rather than undoing
 * keystrokes.
 */
export function useSubscriberFilters() {
  const params = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const query = searchString(params.search) ?? '';
  const rawStatus = searchString(params.status);
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const mailingListId = searchString(params.list);

  const setParams = (changes: SubscriberSearchParams) =>
    void navigate({ to: '.', search: (prev) => ({ ...prev, ...changes }), replace: true });

  const [text, setText] = useState(query);
  // The address changed on its own (Back, a link): the field follows it, unless it already says it.
  const [seen, setSeen] = useState(query);
  if (query !== seen) {
    setSeen(query);
    if (query !== text.trim()) setText(query);
  }
  const settled = useDebouncedValue(text.trim());
  const lastSettled = useRef(settled);
  useEffect(() => {
    // Only a pause in typing writes the address; an outside change of it must not be written back.
    if (lastSettled.current === settled) return;
    lastSettled.current = settled;
    if (settled !== query) setParams({ search: settled || undefined });
  });

  const search: ListSearch = { text, setText, query };
  const filters: SubscriberFilters = { search: query, status, mailingListId };
  return {
    search,
    filters,
    setStatus: (next: SubscriberStatus | undefined) => setParams({ status: next }),
    setList: (next: string | undefined) => setParams({ list: next }),
    clear: () => {
      setText('');
      setParams({ search: undefined, status: undefined, list: undefined });
    },
  };
}

export type SubscriberFilterState = ReturnType<typeof useSubscriberFilters>;

/** The search box, and the status and list selects, side by side on a wide screen and stacked on a phone. */
export function SubscriberFilterBar({
  state,
  words,
  searching,
  lists,
}: {
  state: SubscriberFilterState;
  words: ListWords;
  searching: boolean;
  lists: readonly MailingList[];
}) {
  const { filters } = state;
  // A list named in the address that is gone still shows as chosen, rather than silently "All lists".
  const unknownList = filters.mailingListId && !lists.some((list) => list.id === filters.mailingListId);
  return (
    <div className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
      <SearchBox words={words} search={state.search} searching={searching} />
      <SelectField
        label="Status"
        className="sm:w-44"
        value={filters.status ?? ''}
        onChange={(event) => state.setStatus(isStatus(event.target.value) ? event.target.value : undefined)}
      >
        <option value="">All statuses</option>
        {SUBSCRIBER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {subscriberStatusWords[status]}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="List"
        className="sm:w-56"
        value={filters.mailingListId ?? ''}
        onChange={(event) => state.setList(event.target.value || undefined)}
      >
        <option value="">All lists</option>
        {unknownList && <option value={filters.mailingListId}>A deleted list</option>}
        {lists.map((list) => (
          <option key={list.id} value={list.id}>
            {list.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
