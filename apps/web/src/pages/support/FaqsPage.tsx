import { useLocation } from '@tanstack/react-router';
import { useBlogList } from '../../features/blog/api/blog-list';
import type { Blog } from '../../features/blog/api/types';
import { BlogContent } from '../../features/blog/ui/BlogContent';
import { SupportBreadcrumbs } from '../../features/blog/ui/SupportBreadcrumbs';
import type { ListWords } from '../../features/lists/list-words';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { SearchBox } from '../../features/lists/ui/SearchBox';
import { useListSearch } from '../../features/lists/use-list-search';
import { PageHeader } from '../../features/projects/ui/PageHeader';

/** Answers per page: most platforms' FAQs fit on one. */
export const FAQS_PAGE_SIZE = 50;

const FAQ_WORDS: ListWords = {
  noun: ['question', 'questions'],
  placeholder: 'Words in the question',
  noMatchHint: 'Try fewer or other words, or look through the tutorials.',
  emptyHint: 'Answers your platform publishes will show here.',
};

/**
 * `/support/faqs` (route `core.support.faqs`): the questions, each opening its answer in place
 * (native <details>, so Enter and Space open and close it). `#slug` in the address opens that one.
 */
export function FaqsPage() {
  const search = useListSearch();
  const faqs = useBlogList('faq', search.query, FAQS_PAGE_SIZE);
  const posts = pagedItems(faqs.data?.pages, (post) => post.id);
  const searching = isSearching(faqs);
  const hash = useLocation({ select: (location) => location.hash });

  return (
    <>
      <SupportBreadcrumbs trail={[{ label: 'Support', route: 'core.support' }]} current="FAQs" />
      <PageHeader title="FAQs" description="Short answers to the questions people ask most." />
      <div className="grid gap-5">
        <SearchBox words={FAQ_WORDS} search={search} searching={searching} />
        <PagedList query={faqs} count={posts.length} words={FAQ_WORDS} search={search.query}>
          <ul aria-label="Questions" aria-busy={searching || undefined} className="grid max-w-3xl gap-3">
            {posts.map((post) => (
              <li key={post.id}>
                <Answer post={post} open={hash === post.slug} />
              </li>
            ))}
          </ul>
        </PagedList>
      </div>
    </>
  );
}

function Answer({ post, open }: { post: Blog; open: boolean }) {
  return (
    <details
      id={post.slug}
      open={open || undefined}
      className="group scroll-mt-24 rounded-xl border border-border bg-surface shadow-xs open:border-primary/60"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-base font-medium hover:bg-surface-raised focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus [&::-webkit-details-marker]:hidden">
        <span className="min-w-0 break-words">{post.title}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180 motion-reduce:transition-none"
        >
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
      </summary>
      <div className="border-t border-border px-5 py-4">
        <BlogContent html={post.content} className="text-[0.9375rem]" />
      </div>
    </details>
  );
}
