import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { linkClass } from './link-class';

/**
 * The top row of a storefront record's page: what it is (an order's number, an enquiry's subject)
 * with its badges, and the way back to the list at the row's end. The page's own heading already
 * names the kind of record, so the title is a paragraph, not a second heading.
 */
export function RecordHeader({
  children,
  back,
}: {
  /** The title and its badges, in reading order. */
  children: ReactNode;
  /** The list's link: where it goes and what it says ("All orders"). */
  back: { to: string; project: string; label: string };
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {children}
      <Link to={back.to} search={{ project: back.project }} className={`ml-auto text-sm ${linkClass}`}>
        {back.label}
      </Link>
    </div>
  );
}
