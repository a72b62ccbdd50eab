import { CUSTOMER_SORTS } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { pathOf } from '../../app/navigation';
import { Table } from '../../features/billing/ui/Table';
import { fractionDigits } from '../../features/billing/money';
import { useDebouncedValue } from '../../features/lists/use-debounced-value';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { useListSearch } from '../../features/lists/use-list-search';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import {
  filterQuery,
  useCustomersQuery,
  type Customer,
  type CustomerFilters,
  type CustomerSort,
} from '../../features/storefront/api/customers';
import {
  dateRangeError,
  dayEnd,
  dayStart,
  moneyReader,
  noNumberFilter,
  numberFilterValue,
  readCount,
  type NumberFilterInput,
} from '../../features/storefront/filters';
import { DateRangeFields } from '../../features/storefront/ui/DateRangeFields';
import { day, formatMoney } from '../../features/storefront/format';
import { ExportPanel } from '../../features/storefront/ui/ExportPanel';
import { NameAndEmail } from '../../features/storefront/ui/NameAndEmail';
import { NumberFilterField } from '../../features/storefront/ui/NumberFilterField';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/ListStates';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';

const CUSTOMER_WORDS = {
  noun: ['customer', 'customers'] as [string, string],
  placeholder: 'Name or email',
  noMatchHint: 'Try another name or email, or loosen the filters.',
  emptyHint: 'Customers appear here with their first order.',
};

const sortWords: Record<CustomerSort, string> = {
  '-lastPurchasedAt': 'Last purchase, newest first',
  lastPurchasedAt: 'Last purchase, oldest first',
  '-lifetimeValue': 'Lifetime value, highest first',
  lifetimeValue: 'Lifetime value, lowest first',
  '-totalOrderCount': 'Most orders first',
  totalOrderCount: 'Fewest orders first',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
};

/**
 * The shop's currency, as its customers' figures give it (the first order fixed it); before any
 * answer, the project's setting, else the euro — only its decimals matter to the filter's value.
 */
function shopCurrency(project: Project, answered: string | undefined): string {
  return answered || ((project as { settings?: { currency?: string } }).settings?.currency ?? 'EUR');
}

/** `/platform/customers` (route `platform.customers`): the shop's customers, filtered by what they bought. */
export function CustomersPage() {
  return (
    <ProjectPage
      title="Customers"
      description="Everyone who has ordered from the shop, with their order count and lifetime value."
      permissions={['customers.read']}
    >
      {(project) => <Customers key={project.id} project={project} />}
    </ProjectPage>
  );
}

function Customers({ project }: { project: Project }) {
  // The currency the customers' figures came in, kept once seen so the filter reads in it.
  const [answeredCurrency, setAnsweredCurrency] = useState<string>();
  const currency = shopCurrency(project, answeredCurrency);
  const search = useListSearch();
  const [orderCount, setOrderCount] = useState<NumberFilterInput>(noNumberFilter);
  const [lifetime, setLifetime] = useState<NumberFilterInput>(noNumberFilter);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sortBy, setSortBy] = useState<CustomerSort>('-lastPurchasedAt');

  const count = numberFilterValue(orderCount, readCount);
  const value = numberFilterValue(lifetime, moneyReader(currency));
  const rangeError = dateRangeError(from, to);
  const typed: CustomerFilters = {
    totalOrderCount: count.value,
    lifetimeValue: value.value,
    lastPurchasedStart: rangeError ? undefined : dayStart(from),
    lastPurchasedEnd: rangeError ? undefined : dayEnd(to),
  };
  // Numbers are asked once typing pauses, like the search.
  const settled = JSON.parse(useDebouncedValue(JSON.stringify(typed))) as CustomerFilters;
  const filters = filterQuery({ search: search.query, ...settled });
  const customers = useCustomersQuery(project.id, filters, sortBy);
  const list = pagedItems(customers.data?.pages, (customer) => customer.id);
  const firstCurrency = customers.data?.pages[0]?.items[0]?.currency;
  // Kept during render (React's way for a value learnt from an earlier answer), not in an effect.
  if (firstCurrency && firstCurrency !== answeredCurrency) setAnsweredCurrency(firstCurrency);
  const searching = isSearching(customers);
  const filtered = Object.keys(filters).length > 0;
  // A shop with none yet has nothing to export: the panel shows once there is something.
  const nothingYet = Boolean(customers.data) && list.length === 0 && !filtered;

  const clear = () => {
    search.setText('');
    setOrderCount(noNumberFilter);
    setLifetime(noNumberFilter);
    setFrom('');
    setTo('');
  };

  return (
    <section aria-label="Customers" className="grid gap-4">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <form
          role="search"
          aria-label="Customers"
          onSubmit={(event) => event.preventDefault()}
          className="grid flex-1 gap-4 sm:grid-cols-2 xl:grid-cols-3"
        >
          <TextField
            label="Search customers"
            type="search"
            placeholder={CUSTOMER_WORDS.placeholder}
            autoComplete="off"
            spellCheck={false}
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            hint={searching ? 'Searching…' : undefined}
          />
          <SelectField
            label="Sort by"
            value={sortBy}
            onChange={(event) => setSortBy(event.target.value as CustomerSort)}
          >
            {CUSTOMER_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {sortWords[sort]}
              </option>
            ))}
          </SelectField>
          <NumberFilterField legend="Total orders" value={orderCount} onChange={setOrderCount} error={count.error} />
          <NumberFilterField
            legend="Lifetime value"
            unit={currency}
            inputMode={fractionDigits(currency) > 0 ? 'decimal' : 'numeric'}
            value={lifetime}
            onChange={setLifetime}
            error={value.error}
          />
          <DateRangeFields
            from={from}
            to={to}
            onFromChange={setFrom}
            onToChange={setTo}
            error={rangeError}
            fromLabel="Last purchased from"
            toLabel="Last purchased to"
          />
          {filtered && (
            <div className="sm:col-span-2 xl:col-span-3">
              <Button variant="ghost" size="small" onClick={clear}>
                Clear filters
              </Button>
            </div>
          )}
        </form>
        {!nothingYet && (
          <ExportPanel
            project={project.id}
            what="customers"
            request={() => ({ kind: 'customers', ...filterQuery({ search: search.query, ...typed }) })}
          />
        )}
      </div>

      {customers.data && list.length === 0 && filtered && !search.query ? (
        <EmptyState title="No customers match these filters.">{CUSTOMER_WORDS.noMatchHint}</EmptyState>
      ) : (
        <PagedList query={customers} count={list.length} words={CUSTOMER_WORDS} search={search.query}>
          <Table
            stackOnPhone
            caption="Customers"
            rows={list}
            keyOf={(customer) => customer.id}
            busy={searching}
            columns={[
              {
                header: 'Customer',
                className: 'max-w-[18rem]',
                cell: (customer: Customer) => (
                  <NameAndEmail
                    email={customer.email}
                    name={
                      <Link
                        to={pathOf('platform.customers.view', { customerId: customer.id })}
                        search={{ project: project.id }}
                        className="block truncate font-medium text-primary underline-offset-2 hover:underline"
                      >
                        {customer.name}
                      </Link>
                    }
                  />
                ),
              },
              { header: 'Orders', numeric: true, cell: (customer) => customer.totalOrderCount },
              {
                header: 'Lifetime value',
                numeric: true,
                cell: (customer) => formatMoney(customer.lifetimeValue, customer.currency),
              },
              {
                header: 'Last purchase',
                className: 'whitespace-nowrap',
                cell: (customer) => day(customer.lastPurchasedAt),
              },
              {
                header: 'Customer since',
                className: 'whitespace-nowrap',
                cell: (customer) => day(customer.firstPurchasedAt),
              },
            ]}
          />
        </PagedList>
      )}
    </section>
  );
}
