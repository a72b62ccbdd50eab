import { useId, type ReactNode } from 'react';

/**
 * A titled card of a storefront record's page (an order's "Items", an enquiry's "Reply"). The
 * section is named by its heading, so each is a landmark a screen reader lists by that title.
 */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-surface p-4 shadow-xs sm:p-5">
      <h2 id={id} className="mb-3 text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
