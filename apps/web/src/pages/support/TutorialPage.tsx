import { ApiError } from '@wharf/client';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import { pathOf } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { useBlogPost } from '../../features/blog/api/blog-post';
import { byline, categoryName, postDate } from '../../features/blog/format';
import { isBlogSlug } from '../../features/blog/paths';
import { BlogContent } from '../../features/blog/ui/BlogContent';
import { SupportBreadcrumbs } from '../../features/blog/ui/SupportBreadcrumbs';
import { useSupportSearch } from '../../features/blog/use-support-search';
import { errorMessage } from '../../features/forms/form-errors';
import { EmptyState, LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { Tag } from '../../ui/Tag';

const trail = [
  { label: 'Support', route: 'core.support' },
  { label: 'Tutorials', route: 'core.support.tutorials.list' },
] as const;

/**
 * `/support/tutorials/$blogSlug` (route `core.support.tutorials.view`): one post, whatever its
 * category (the header search opens every post here, SPEC.md section 2).
 */
export function TutorialPage() {
  const { blogSlug } = useParams({ strict: false }) as { blogSlug?: string };
  const slug = (blogSlug ?? '').toLowerCase();
  const post = useBlogPost(slug);
  const platform = usePlatform();
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const id = post.data?.id;

  // A post opened from another post or a search: start reading at its title.
  useEffect(() => {
    if (id) heading.current?.focus({ preventScroll: true });
  }, [id]);

  const missing =
    !isBlogSlug(slug) || (post.error instanceof ApiError && (post.error.status === 404 || post.error.status === 400));
  if (missing) return <NotFound />;
  if (post.isPending) {
    return (
      <>
        <SupportBreadcrumbs trail={[...trail]} current="Tutorial" />
        <Loading label="Loading the tutorial…" />
      </>
    );
  }
  if (!post.data) {
    return (
      <>
        <SupportBreadcrumbs trail={[...trail]} current="Tutorial" />
        <LoadError
          title="The tutorial could not be loaded"
          message={errorMessage(post.error)}
          onRetry={() => void post.refetch()}
          retrying={post.isFetching}
        />
      </>
    );
  }

  const blog = post.data;
  const date = postDate(blog);
  const by = byline(blog, platform.name);
  return (
    <>
      <SupportBreadcrumbs trail={[...trail]} current={blog.title} />
      <article aria-labelledby={titleId} className="min-w-0">
        <header className="mb-8 max-w-[68ch]">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
            <Tag tone="primary">{categoryName(blog.category)}</Tag>
            <time dateTime={date.iso}>{date.text}</time>
            {by && <span>{by}</span>}
          </p>
          <h1
            id={titleId}
            ref={heading}
            tabIndex={-1}
            className="mt-3 text-2xl font-semibold tracking-tight break-words focus-visible:outline-none sm:text-3xl"
          >
            {blog.title}
          </h1>
          {blog.excerpt && <p className="mt-3 text-base/7 text-muted">{blog.excerpt}</p>}
        </header>
        <BlogContent html={blog.content} />
      </article>
      <MoreHelp />
    </>
  );
}

function MoreHelp() {
  const search = useSupportSearch();
  const link = 'rounded-sm font-medium text-primary underline-offset-4 hover:underline';
  return (
    <aside aria-label="More help" className="mt-12 max-w-[68ch] border-t border-border pt-6 text-sm text-muted">
      Still stuck?{' '}
      <Link to={pathOf('core.support.faqs')} search={search} className={link}>
        Read the FAQs
      </Link>{' '}
      or{' '}
      <Link to={pathOf('core.support.tutorials.list')} search={search} className={link}>
        see every tutorial
      </Link>
      .
    </aside>
  );
}

function NotFound() {
  const search = useSupportSearch();
  return (
    <>
      <SupportBreadcrumbs trail={[...trail]} current="Not found" />
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">Tutorial not found</h1>
      <EmptyState title="This tutorial doesn't exist, or it is no longer published.">
        <Link
          to={pathOf('core.support.tutorials.list')}
          search={search}
          className="rounded-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          See every tutorial
        </Link>
      </EmptyState>
    </>
  );
}
