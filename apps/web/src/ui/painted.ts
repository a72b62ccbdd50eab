import { useEffect, useState } from 'react';
import { afterNextPaint } from '../scheduling';

/**
 * False until the browser has painted what the component first rendered, then true. For requests
 * that would otherwise leave while the page is committed: the first page's data started there, and
 * its answers, handled before the page's first paint, held that paint back (docs/performance.md).
 * A hidden page paints nothing until shown, so there it is true at once.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(
    () => document.visibilityState !== 'visible' || typeof requestAnimationFrame !== 'function',
  );
  useEffect(() => {
    if (painted) return;
    return afterNextPaint(() => setPainted(true));
  }, [painted]);
  return painted;
}
