import { useEffect, useRef, useState } from 'react';

/**
 * The width in CSS pixels of the element given `ref`, kept up as it resizes; `fallback` until it is
 * measured (and where ResizeObserver is missing). A chart drawn in these units keeps its text at the
 * size it names however wide the page is, where a fixed viewBox would scale it with the picture.
 */
export function useWidth<E extends Element>(fallback: number) {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
