import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { pathOf, routeExists, type RouteNameInput } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { useBlogList } from '../../features/blog/api/blog-list';
import { PostCard } from '../../features/blog/ui/PostCard';
import { SupportSearch } from '../../features/blog/ui/SupportSearch';
import { useSupportSearch } from '../../features/blog/use-support-search';
import { errorMessage } from '../../features/forms/form-errors';
import { pagedItems } from '../../features/lists/paged-list';
import { PageHeader } from '../../features/projects/ui/PageHeader';
import { EmptyState, LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';

/** How many of the newest tutorials the support page shows. */
const LATEST = 4;

interface Destination {
  route: RouteNameInput;
  title: string;
  description: string;
}

/** Chat is linked only once its route exists (it comes with the chat area). */
function destinations(): Destination[] {
  const all: Destination[] = [
    {
      route: 'core.support.tutorials.list',
      title: 'Tutorials',
      description: 'Step-by-step guides: invite your team, connect your tools, keep your account safe.',
    },
    {
      route: 'core.support.faqs',
      title: 'FAQs',
      description: 'Short answers to the questions shop and factory owners ask most.',
    },
    {
      route: 'chat.index',
      title: 'Chat',
      description: "Ask your team or the platform's support people directly.",
    },
  ];
  return all.filter((d) => routeExists(String(d.route)));
}

/** `/support` (route `core.support`): search the help, and the ways into it. */
export function SupportPage() {
  const platform = usePlatform();
  return (
    <div className="grid gap-10">
      <div>
        <PageHeader title="Support" description={`Guides and answers for running your business on ${platform.name}.`} />
        <SupportSearch />
      </div>
      <nav aria-label="Help topics">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {destinations().map((d) => (
            <li key={String(d.route)}>
              <DestinationCard {...d} />
            </li>
          ))}
        </ul>
      </nav>
      <LatestTutorials />
    </div>
  );
}

function DestinationCard({ route, title, description }: Destination) {
  const search = useSupportSearch();
  return (
    <div className="group relative h-full rounded-xl border border-border bg-surface p-5 shadow-xs transition-colors focus-within:border-primary hover:border-primary">
      <h2 className="text-base font-semibold">
        <Link
          to={pathOf(route)}
          search={search}
          className="rounded-sm group-hover:text-primary focus-visible:outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-focus"
        >
          {title}
        </Link>
      </h2>
      <p className="mt-1.5 text-sm/6 text-muted">{description}</p>
    </div>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function LatestTutorials() {
  const tutorials = useBlogList('tutorial', '', LATEST);
  const search = useSupportSearch();
  const posts = pagedItems(tutorials.data?.pages.slice(0, 1), (post) => post.id);
  const all = (
    <Link
      to={pathOf('core.support.tutorials.list')}
      search={search}
      className="rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      All tutorials
    </Link>
  );
  return (
    <Section title="Latest tutorials" action={posts.length > 0 ? all : undefined}>
      {tutorials.isPending ? (
        <Loading label="Loading tutorials…" />
      ) : !tutorials.data ? (
        <LoadError
          title="The tutorials could not be loaded"
          message={errorMessage(tutorials.error)}
          onRetry={() => void tutorials.refetch()}
          retrying={tutorials.isFetching}
        />
      ) : posts.length === 0 ? (
        <EmptyState title="No tutorials yet.">Guides your platform publishes will show here.</EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {posts.map((post) => (
            <li key={post.id}>
              <PostCard post={post} headingLevel="h3" />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
