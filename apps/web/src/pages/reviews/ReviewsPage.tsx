import { REVIEW_SORTS, type ReviewSort, type ReviewStatus } from '@wharf/contract';
import { useId, useState } from 'react';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { useListSearch } from '../../features/lists/use-list-search';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { useReviewsQuery } from '../../features/storefront/api/reviews';
import { dateRangeError, dayEnd, daysAgo, dayStart } from '../../features/storefront/filters';
import { DateRangeFields } from '../../features/storefront/ui/DateRangeFields';
import { ExportPanel } from '../../features/storefront/ui/ExportPanel';
import { ReviewCard } from '../../features/storefront/ui/ReviewCard';
import { reviewStatusWords } from '../../features/storefront/ui/ReviewStatusBadge';
import { reviewTabId, ReviewStatusTabs } from '../../features/storefront/ui/ReviewStatusTabs';
import { cx } from '../../ui/cx';
import { EmptyState } from '../../ui/ListStates';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';

/** How many days back an export reaches when no start is chosen (as the orders' export). */
export const DEFAULT_EXPORT_DAYS = 30;

const sortWords: Record<ReviewSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  highest: 'Highest rated',
  lowest: 'Lowest rated',
};

const emptyHints: Record<ReviewStatus, string> = {
  pending: 'Nothing waits for a decision: new reviews from your storefront appear here.',
  approved: 'Approved reviews are the ones your storefront shows.',
  rejected: 'Reviews you reject stay here with the reason you gave.',
  hidden: 'Reviews you hide are kept here, off the storefront.',
};

/** `/platform/reviews` (route `platform.reviews`): the moderation queue of product and store reviews. */
export function ReviewsPage() {
  return (
    <ProjectPage
      title="Reviews"
      description="Product and store reviews from your storefront. Only approved reviews are shown to shoppers."
      permissions={['reviews.read', 'reviews.moderate']}
    >
      {(project, access) => <Queue key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

function Queue({ project, access }: { project: Project; access: Access }) {
  const canModerate = access.can('reviews.moderate');
  const search = useListSearch();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sortBy, setSortBy] = useState<ReviewSort>('newest');
  const [rating, setRating] = useState('');
  const filters = {
    search: search.query,
    start: dayStart(from),
    end: dayEnd(to),
    status,
    rating: rating ? Number(rating) : undefined,
    sortBy,
  };
  const reviews = useReviewsQuery(project.id, filters);
  const list = pagedItems(reviews.data?.pages, (review) => review.id);
  const counts = reviews.data?.pages[0]?.counts;
  const searching = isSearching(reviews);
  const rangeError = dateRangeError(from, to);
  const filtered = Boolean(from || to || rating);
  const idBase = useId();
  const panelId = `${idBase}-panel`;
  const deniedId = useId();
  const words = {
    noun: ['review', 'reviews'] as [string, string],
    placeholder: 'Author, product, title or text',
    noMatchHint: 'Try other words, or widen the dates and rating.',
    emptyHint: emptyHints[status],
  };

  return (
    <section aria-label="Reviews" className="grid gap-4">
      {!canModerate && (
        <ReadOnlyNotice id={deniedId} denied={['reviews.moderate']}>
          You can read reviews but not approve, reject or hide them.
        </ReadOnlyNotice>
      )}
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <form
          role="search"
          aria-label="Reviews"
          onSubmit={(event) => event.preventDefault()}
          className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end"
        >
          <TextField
            label="Search reviews"
            type="search"
            placeholder={words.placeholder}
            autoComplete="off"
            spellCheck={false}
            className="sm:col-span-2 lg:w-72"
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            hint={searching ? 'Searching…' : undefined}
          />
          <SelectField label="Rating" value={rating} onChange={(event) => setRating(event.target.value)}>
            <option value="">Any rating</option>
            {[5, 4, 3, 2, 1].map((stars) => (
              <option key={stars} value={stars}>
                {stars} {stars === 1 ? 'star' : 'stars'}
              </option>
            ))}
          </SelectField>
          <SelectField label="Sort" value={sortBy} onChange={(event) => setSortBy(event.target.value as ReviewSort)}>
            {REVIEW_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {sortWords[sort]}
              </option>
            ))}
          </SelectField>
          <DateRangeFields from={from} to={to} onFromChange={setFrom} onToChange={setTo} error={rangeError} />
        </form>
        <ExportPanel
          project={project.id}
          what="reviews"
          label={`Export ${reviewStatusWords[status].toLowerCase()}`}
          request={() => ({
            kind: 'reviews',
            start: dayStart(from) ?? (dayStart(daysAgo(DEFAULT_EXPORT_DAYS)) as string),
            end: dayEnd(to),
            status,
          })}
        />
      </div>
      {!from && (
        <p className="text-xs text-muted">
          An export starts {DEFAULT_EXPORT_DAYS} days ago unless you choose a start date.
        </p>
      )}

      <ReviewStatusTabs active={status} counts={counts} onChange={setStatus} idBase={idBase} panelId={panelId} />
      <div id={panelId} role="tabpanel" aria-labelledby={reviewTabId(idBase, status)}>
        {reviews.data && list.length === 0 && filtered && !search.query ? (
          <EmptyState title="No reviews match these filters.">{words.noMatchHint}</EmptyState>
        ) : (
          <PagedList query={reviews} count={list.length} words={words} search={search.query}>
            <ul
              aria-label={`${reviewStatusWords[status]} reviews, ${sortWords[sortBy].toLowerCase()}`}
              aria-busy={searching || undefined}
              className={cx('grid gap-3 transition-opacity', searching && 'opacity-60')}
            >
              {list.map((review) => (
                <li key={review.id} className="min-w-0">
                  <ReviewCard project={project.id} review={review} canModerate={canModerate} />
                </li>
              ))}
            </ul>
          </PagedList>
        )}
      </div>
    </section>
  );
}
