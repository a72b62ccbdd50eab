import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { errorMessage } from '../../forms/form-errors';
import { useDebouncedValue } from '../../lists/use-debounced-value';
import { Alert } from '../../../ui/Alert';
import { inputClasses } from '../../../ui/TextField';
import { Tag } from '../../../ui/Tag';
import { cx } from '../../../ui/cx';
import { useBlogSearch } from '../api/blog-search';
import { categoryName } from '../format';
import { blogPath } from '../paths';
import { useSupportSearch } from '../use-support-search';

/** How many posts the support search lists. */
const RESULTS = 10;

/**
 * The support page's search (SPEC.md section 9: 500px wide): tutorials, answers and news by title,
 * listed under the box as the person types.
 */
export function SupportSearch() {
  const [text, setText] = useState('');
  const words = useDebouncedValue(text.trim());
  const results = useBlogSearch(words, { limit: RESULTS });
  const search = useSupportSearch();
  const inputId = useId();
  const resultsId = useId();
  const typing = words !== text.trim();
  const posts = words === '' ? [] : (results.data ?? []);
  const busy = text.trim() !== '' && (typing || results.isFetching);

  return (
    <div className="w-full max-w-[500px]">
      <form role="search" aria-label="Help" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="text-sm font-medium">
          Search help
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Invite, API key, two-factor…"
          autoComplete="off"
          spellCheck={false}
          aria-controls={resultsId}
          aria-describedby={`${resultsId}-status`}
          className={cx(inputClasses, 'mt-1.5')}
        />
      </form>
      <p id={`${resultsId}-status`} className="sr-only" aria-live="polite">
        {text.trim() === '' || busy
          ? ''
          : posts.length === 0
            ? 'No Results.'
            : `${posts.length} ${posts.length === 1 ? 'result' : 'results'}`}
      </p>
      <div id={resultsId} className="mt-3 empty:hidden">
        {text.trim() !== '' &&
          (results.isError && !results.data ? (
            <Alert tone="danger" title="The search failed">
              {errorMessage(results.error)}
            </Alert>
          ) : busy && posts.length === 0 ? (
            <p className="px-1 text-sm text-muted">Searching…</p>
          ) : posts.length === 0 ? (
            <p className="px-1 text-sm text-muted">No Results.</p>
          ) : (
            <ul
              aria-label="Search results"
              aria-busy={busy || undefined}
              className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-surface shadow-xs"
            >
              {posts.map((post) => (
                <li key={post.id}>
                  <Link
                    to={blogPath(post.slug)}
                    search={search}
                    className="flex items-start justify-between gap-3 px-4 py-3 hover:bg-surface-raised focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus"
                  >
                    <span className="min-w-0">
                      <span className="block text-sm font-medium">{post.title}</span>
                      {post.excerpt && <span className="mt-0.5 block truncate text-xs text-muted">{post.excerpt}</span>}
                    </span>
                    <Tag className="shrink-0">{categoryName(post.category)}</Tag>
                  </Link>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
}
