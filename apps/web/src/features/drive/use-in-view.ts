import { useEffect, useState } from 'react';

/** How far outside the screen something counts as nearly in view, so it is ready when scrolled to. */
const MARGIN = '200px';

/**
 * Whether the element has come (nearly) into view; once it has, it stays true. Where the browser
 * has no IntersectionObserver everything counts as in view.
 */
export function useInView(element: Element | null): boolean {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    if (seen || !element || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen]);
  return seen;
}
