import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { cx } from '../../../ui/cx';
import './blog-content.css';

/** A link to one of the console's own pages: followed inside the app, without reloading it. */
function internalHref(anchor: HTMLAnchorElement): string | undefined {
  const href = anchor.getAttribute('href');
  if (!href || !href.startsWith('/') || href.startsWith('//')) return undefined;
  if (anchor.target && anchor.target !== '_self') return undefined;
  return href;
}

/**
 * A post's content. It is HTML from the API, sanitised by the server on every write (SPEC.md
 * section 7 "Blog"; apps/server/src/modules/blog/sanitize.ts); nothing else may be given here.
 */
export function BlogContent({ html, className }: { html: string; className?: string }) {
  const router = useRouter();

  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest('a');
    const href = anchor ? internalHref(anchor) : undefined;
    if (!href) return;
    event.preventDefault();
    void router.navigate({ href });
  }

  return (
    // Clicks come from the links inside, which are focusable and follow Enter by themselves (as clicks).
    <div className={cx('blog-content', className)} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
