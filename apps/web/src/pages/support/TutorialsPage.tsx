import { useBlogList } from '../../features/blog/api/blog-list';
import { PostCard } from '../../features/blog/ui/PostCard';
import { SupportBreadcrumbs } from '../../features/blog/ui/SupportBreadcrumbs';
import type { ListWords } from '../../features/lists/list-words';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { SearchBox } from '../../features/lists/ui/SearchBox';
import { useListSearch } from '../../features/lists/use-list-search';
import { PageHeader } from '../../features/projects/ui/PageHeader';

/** Tutorials per page: four rows of three on a wide screen. */
export const TUTORIALS_PAGE_SIZE = 12;

const TUTORIAL_WORDS: ListWords = {
  noun: ['tutorial', 'tutorials'],
  placeholder: 'Words in the title',
  noMatchHint: 'Try fewer or other words, or look through the FAQs.',
  emptyHint: 'Guides your platform publishes will show here.',
};

/** `/support/tutorials` (route `core.support.tutorials.list`): every tutorial, newest first, searchable by title. */
export function TutorialsPage() {
  const search = useListSearch();
  const tutorials = useBlogList('tutorial', search.query, TUTORIALS_PAGE_SIZE);
  const posts = pagedItems(tutorials.data?.pages, (post) => post.id);
  const searching = isSearching(tutorials);

  return (
    <>
      <SupportBreadcrumbs trail={[{ label: 'Support', route: 'core.support' }]} current="Tutorials" />
      <PageHeader title="Tutorials" description="Step-by-step guides for running your shop or factory." />
      <div className="grid gap-5">
        <SearchBox words={TUTORIAL_WORDS} search={search} searching={searching} />
        <PagedList query={tutorials} count={posts.length} words={TUTORIAL_WORDS} search={search.query}>
          <ul
            aria-label="Tutorials, newest first"
            aria-busy={searching || undefined}
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
          >
            {posts.map((post) => (
              <li key={post.id}>
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        </PagedList>
      </div>
    </>
  );
}
