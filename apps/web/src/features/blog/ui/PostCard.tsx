import { Link } from '@tanstack/react-router';
import type { Blog } from '../api/types';
import { postDate } from '../format';
import { blogPath } from '../paths';
import { useSupportSearch } from '../use-support-search';

/** A post in a list: its title (the link), excerpt and date; the whole card is the link's target. */
export function PostCard({ post, headingLevel = 'h2' }: { post: Blog; headingLevel?: 'h2' | 'h3' }) {
  const search = useSupportSearch();
  const date = postDate(post);
  const Heading = headingLevel;
  return (
    <article className="group relative flex h-full flex-col rounded-xl border border-border bg-surface p-5 shadow-xs transition-colors focus-within:border-primary hover:border-primary">
      <Heading className="text-base font-semibold text-text">
        <Link
          to={blogPath(post.slug)}
          search={search}
          className="rounded-sm group-hover:text-primary focus-visible:outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-focus"
        >
          {post.title}
        </Link>
      </Heading>
      {post.excerpt && <p className="mt-2 line-clamp-3 flex-1 text-sm/6 text-muted">{post.excerpt}</p>}
      <p className="mt-4 text-xs text-muted">
        <time dateTime={date.iso}>{date.text}</time>
      </p>
    </article>
  );
}
