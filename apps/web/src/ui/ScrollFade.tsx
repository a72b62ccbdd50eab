import { useEffect, useRef, useState, type CSSProperties, type HTMLAttributes, type Ref } from 'react';
import { cx } from './cx';
import { mergeRefs } from './merge-refs';

export type ScrollFadeDirection = 'vertical' | 'horizontal';

export interface ScrollFadeProps extends HTMLAttributes<HTMLDivElement> {
  /** Which way it scrolls; vertical unless told. */
  direction?: ScrollFadeDirection;
  /** How far the fades reach into the content (SPEC.md section 9: about 3rem). */
  fadeSize?: string;
  /** Classes of the content inside the scroller (a horizontal row's `flex gap-2`). */
  contentClassName?: string;
  ref?: Ref<HTMLDivElement>;
}

interface Edges {
  start: boolean;
  end: boolean;
}

/**
 * A scroll container whose edges fade out (a CSS mask, so it works on any background) only where
 * there is more to scroll to. Two 1px sentinels at the ends of the content tell, through an
 * IntersectionObserver, whether each end is in view; without one it measures on scroll. The fades
 * ease in and out, except for people who prefer reduced motion (styles/index.css `.scroll-fade`).
 * The mask fades all this element paints, its border too: put a border or shadow on a wrapper.
 */
export function ScrollFade({
  direction = 'vertical',
  fadeSize,
  className,
  contentClassName,
  style,
  children,
  ref,
  ...rest
}: ScrollFadeProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const startSentinel = useRef<HTMLDivElement>(null);
  const endSentinel = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });

  useEffect(() => {
    const root = scroller.current;
    const start = startSentinel.current;
    const end = endSentinel.current;
    if (!root || !start || !end) return;
    const update = (next: Partial<Edges>) =>
      setEdges((current) => {
        const merged = { ...current, ...next };
        return merged.start === current.start && merged.end === current.end ? current : merged;
      });

    if (typeof IntersectionObserver === 'function') {
      const observer = new IntersectionObserver(
        (entries) => {
          const next: Partial<Edges> = {};
          for (const entry of entries) {
            // More content lies beyond an end whose sentinel is out of view.
            if (entry.target === start) next.start = !entry.isIntersecting;
            if (entry.target === end) next.end = !entry.isIntersecting;
          }
          update(next);
        },
        { root, rootMargin: '1px', threshold: 0 },
      );
      observer.observe(start);
      observer.observe(end);
      return () => observer.disconnect();
    }

    const measure = () => {
      const offset = direction === 'vertical' ? root.scrollTop : Math.abs(root.scrollLeft);
      const size = direction === 'vertical' ? root.clientHeight : root.clientWidth;
      const total = direction === 'vertical' ? root.scrollHeight : root.scrollWidth;
      update({ start: offset > 1, end: offset + size < total - 1 });
    };
    root.addEventListener('scroll', measure, { passive: true });
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    resize?.observe(root);
    return () => {
      root.removeEventListener('scroll', measure);
      resize?.disconnect();
    };
  }, [direction]);

  const vertical = direction === 'vertical';
  return (
    <div
      {...rest}
      ref={mergeRefs(scroller, ref)}
      className={cx('scroll-fade', vertical ? 'overflow-y-auto' : 'flex overflow-x-auto overflow-y-hidden', className)}
      style={fadeSize ? ({ ...style, '--scroll-fade-size': fadeSize } as CSSProperties) : style}
      data-direction={direction}
      data-fade-start={edges.start || undefined}
      data-fade-end={edges.end || undefined}
    >
      <div ref={startSentinel} aria-hidden className={vertical ? 'h-px -mb-px' : 'w-px flex-none -mr-px'} />
      <div className={cx(vertical ? undefined : 'min-w-full flex-none', contentClassName)}>{children}</div>
      <div ref={endSentinel} aria-hidden className={vertical ? 'h-px -mt-px' : 'w-px flex-none -ml-px'} />
    </div>
  );
}
