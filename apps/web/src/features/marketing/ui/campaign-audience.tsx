import type { AUDIENCE_COMPARATORS } from '@wharf/contract';
import {
  AUDIENCE_FILTER_FIELDS,
  AUDIENCE_FILTERS_MAX,
  SUBSCRIBER_GENDERS,
  type AudienceFilter,
  type CampaignAudience,
} from '@wharf/contract';
import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { cx } from '../../../ui/cx';
import { NumberInput } from '../../../ui/NumberInput';
import { inputClasses } from '../../../ui/TextField';
import type { MailingList } from '../api/lists';

type Field = AudienceFilter['field'];
type Comparator = (typeof AUDIENCE_COMPARATORS)[number];
type Gender = (typeof SUBSCRIBER_GENDERS)[number];

/** People's words for SPEC.md section 3's enumerations; the API gets the enum values. */
const FIELD_WORDS: Record<Field, string> = {
  gender: 'Gender',
  lastPurchased: 'Purchased',
  lastOpened: 'Opened a mail',
  lastClicked: 'Clicked a link',
};
const MODE_WORDS = { include: 'Include', exclude: 'Exclude' } as const;
/** Days since it last happened compared with N: "within the last 90 days", "more than 30 days ago". */
const COMPARATOR_WORDS: Record<Comparator, { before: string; after: string }> = {
  lte: { before: 'within the last', after: 'days' },
  lt: { before: 'less than', after: 'days ago' },
  gte: { before: 'at least', after: 'days ago' },
  gt: { before: 'more than', after: 'days ago' },
};
const COMPARATOR_ORDER: readonly Comparator[] = ['lte', 'lt', 'gte', 'gt'];
const GENDER_WORDS: Record<Gender, string> = { male: 'Male', female: 'Female' };

/** A filter in words: "Include · Purchased · within the last 90 days". */
export function filterWords(filter: AudienceFilter): string {
  const head = `${MODE_WORDS[filter.mode]} · ${FIELD_WORDS[filter.field]}`;
  if (filter.field === 'gender') return `${head} · ${GENDER_WORDS[filter.value]}`;
  const words = COMPARATOR_WORDS[filter.comparator];
  return `${head} · ${words.before} ${filter.days.toLocaleString('en')} ${words.after}`;
}

/** The filter a new row starts as, or a row becomes when its field changes: the "purchased in the last 90 days". */
function filterOf(field: Field, mode: AudienceFilter['mode'] = 'include'): AudienceFilter {
  return field === 'gender' ? { field, mode, value: 'female' } : { field, mode, comparator: 'lte', days: 90 };
}

const selectClasses = cx(inputClasses, 'pr-8 read-only:bg-surface! read-only:text-text!');

/**
 * Who a campaign mails: the lists it goes to (everyone subscribed when none), the lists it leaves
 * out, and filters, each included or excluded. Read-only, it says the same in sentences.
 */
export function AudienceBuilder({
  audience,
  lists,
  onChange,
  readOnly = false,
}: {
  audience: CampaignAudience;
  lists: readonly Pick<MailingList, 'id' | 'name'>[];
  onChange: (audience: CampaignAudience) => void;
  readOnly?: boolean;
}) {
  if (readOnly) return <AudienceSummary audience={audience} lists={lists} />;
  const setFilter = (index: number, filter: AudienceFilter) =>
    onChange({ ...audience, filters: audience.filters.map((f, i) => (i === index ? filter : f)) });
  return (
    <div className="grid gap-4">
      <ListChoice
        legend="Send to lists"
        hint="Nothing ticked sends to everyone subscribed."
        lists={lists}
        chosen={audience.lists}
        onChange={(chosen) => onChange({ ...audience, lists: chosen })}
      />
      <ListChoice
        legend="Leave out lists"
        hint="Anyone on a ticked list is left out, even if a list above has them."
        lists={lists}
        chosen={audience.excludeLists}
        onChange={(chosen) => onChange({ ...audience, excludeLists: chosen })}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Filters</legend>
        {audience.filters.length === 0 ? (
          <p className="text-sm text-muted">No filters: everyone on the lists above.</p>
        ) : (
          <ol className="grid gap-2">
            {audience.filters.map((filter, index) => (
              <FilterRow
                key={index}
                n={index + 1}
                filter={filter}
                onChange={(next) => setFilter(index, next)}
                onRemove={() => onChange({ ...audience, filters: audience.filters.filter((_, i) => i !== index) })}
              />
            ))}
          </ol>
        )}
        <div>
          <Button
            variant="secondary"
            size="small"
            disabled={audience.filters.length >= AUDIENCE_FILTERS_MAX}
            onClick={() => onChange({ ...audience, filters: [...audience.filters, filterOf('lastPurchased')] })}
          >
            Add filter
          </Button>
        </div>
      </fieldset>
    </div>
  );
}

function ListChoice({
  legend,
  hint,
  lists,
  chosen,
  onChange,
}: {
  legend: string;
  hint: string;
  lists: readonly Pick<MailingList, 'id' | 'name'>[];
  chosen: readonly string[];
  onChange: (chosen: string[]) => void;
}) {
  const hintId = useId();
  const toggle = (id: string, on: boolean) =>
    onChange(on ? [...chosen.filter((c) => c !== id), id] : chosen.filter((c) => c !== id));
  return (
    <fieldset className="grid gap-2" aria-describedby={hintId}>
      <legend className="text-sm font-medium">{legend}</legend>
      <p id={hintId} className="text-xs text-muted">
        {hint}
      </p>
      {lists.length === 0 ? (
        <p className="text-sm text-muted">This project has no mailing lists yet.</p>
      ) : (
        <div className="grid max-h-48 gap-2 overflow-y-auto rounded-lg border border-border p-3 sm:grid-cols-2">
          {lists.map((list) => (
            <Checkbox
              key={list.id}
              label={list.name}
              className="min-w-0 break-words"
              checked={chosen.includes(list.id)}
              onChange={(event) => toggle(list.id, event.target.checked)}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** One filter as a sentence of controls: [Include] [Purchased] [within the last] [90] days. */
function FilterRow({
  n,
  filter,
  onChange,
  onRemove,
}: {
  n: number;
  filter: AudienceFilter;
  onChange: (filter: AudienceFilter) => void;
  onRemove: () => void;
}) {
  const label = (what: string) => `Filter ${n}: ${what}`;
  return (
    <li
      aria-label={`Filter ${n}`}
      className="flex items-start gap-2 rounded-lg border border-border bg-surface-raised/40 p-2"
    >
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
        <select
          aria-label={label('include or exclude')}
          className={cx(selectClasses, 'w-auto! max-w-full')}
          value={filter.mode}
          onChange={(event) => onChange({ ...filter, mode: event.target.value as AudienceFilter['mode'] })}
        >
          {Object.entries(MODE_WORDS).map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
        <select
          aria-label={label('what')}
          className={cx(selectClasses, 'w-auto! max-w-full')}
          value={filter.field}
          onChange={(event) => onChange(filterOf(event.target.value as Field, filter.mode))}
        >
          {AUDIENCE_FILTER_FIELDS.map((field) => (
            <option key={field} value={field}>
              {FIELD_WORDS[field]}
            </option>
          ))}
        </select>
        {filter.field === 'gender' ? (
          <select
            aria-label={label('gender')}
            className={cx(selectClasses, 'w-auto! max-w-full')}
            value={filter.value}
            onChange={(event) => onChange({ ...filter, value: event.target.value as Gender })}
          >
            {SUBSCRIBER_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_WORDS[gender]}
              </option>
            ))}
          </select>
        ) : (
          <>
            <select
              aria-label={label('when')}
              className={cx(selectClasses, 'w-auto! max-w-full')}
              value={filter.comparator}
              onChange={(event) => onChange({ ...filter, comparator: event.target.value as Comparator })}
            >
              {COMPARATOR_ORDER.map((comparator) => (
                <option key={comparator} value={comparator}>
                  {COMPARATOR_WORDS[comparator].before}
                </option>
              ))}
            </select>
            <span className="flex items-center gap-2">
              <NumberInput
                label={<span className="sr-only">{label('days')}</span>}
                className="-mt-1.5 w-24"
                hideStepper
                min={0}
                max={36_500}
                value={filter.days}
                onValueChange={(days) => {
                  if (days !== null && Number.isInteger(days) && days >= 0 && days <= 36_500)
                    onChange({ ...filter, days });
                }}
              />
              <span className="text-sm">{COMPARATOR_WORDS[filter.comparator].after}</span>
            </span>
          </>
        )}
      </div>
      <Button variant="ghost" size="small" className="mt-1.5" aria-label={`Remove filter ${n}`} onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}

/** The audience in words, for those who may not change it or once it is sent. */
function AudienceSummary({
  audience,
  lists,
}: {
  audience: CampaignAudience;
  lists: readonly Pick<MailingList, 'id' | 'name'>[];
}) {
  const names = (ids: readonly string[]) =>
    ids.map((id) => lists.find((list) => list.id === id)?.name ?? 'A deleted list').join(', ');
  return (
    <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4 sm:gap-y-2 [&>dd]:mb-2 sm:[&>dd]:mb-0 [&>dt]:text-muted">
      <dt>Send to</dt>
      <dd className="break-words">{audience.lists.length ? names(audience.lists) : 'Everyone subscribed'}</dd>
      <dt>Leave out</dt>
      <dd className="break-words">{audience.excludeLists.length ? names(audience.excludeLists) : 'No list'}</dd>
      <dt>Filters</dt>
      <dd>
        {audience.filters.length === 0 ? (
          'None'
        ) : (
          <ul className="grid gap-1">
            {audience.filters.map((filter, i) => (
              <li key={i}>{filterWords(filter)}</li>
            ))}
          </ul>
        )}
      </dd>
    </dl>
  );
}
