import type { ReactNode } from 'react';
import { cx } from '../../../ui/cx';
import { ScrollFade } from '../../../ui/ScrollFade';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Amounts line up on the right. */
  numeric?: boolean;
  className?: string;
}

/**
 * A billing table. Under the sm breakpoint it scrolls sideways inside its own box (the page never
 * does), and the first column stays readable; `caption` names it for screen readers.
 */
export function Table<T>({
  caption,
  columns,
  rows,
  keyOf,
  busy = false,
  stackOnPhone = false,
}: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  keyOf: (row: T) => string;
  /** A new page or filter is on its way: the old rows stay, dimmed. */
  busy?: boolean;
  /**
   * Under the sm breakpoint each row becomes a card of `header: value` lines instead of a table that
   * scrolls sideways: for tables whose every column matters on a phone (an order's total and date).
   */
  stackOnPhone?: boolean;
}) {
  const stack = stackOnPhone;
  return (
    <ScrollFade
      direction="horizontal"
      // On a phone the box scrolls and the page never does: it takes the width it is given rather than
      // its table's (inline-size containment, so a grid or flex parent is not widened to the table),
      // and is the containing block of what the table hides visually (the caption, an "Actions"
      // header), which its scrolling then clips instead of the page growing to reach them. Its edges
      // fade where more columns lie beyond, so a phone shows that the table scrolls sideways.
      className={cx('relative -mx-1 px-1 transition-opacity [contain:inline-size]', busy && 'opacity-60')}
      aria-busy={busy || undefined}
      // The scrolling box takes focus so that keyboard users can scroll it too.
      tabIndex={0}
      role="group"
      aria-label={caption}
    >
      <table
        className={cx('w-full border-collapse text-sm', stack ? 'max-sm:block sm:min-w-[40rem]' : 'min-w-[40rem]')}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className={cx(stack && 'max-sm:sr-only')}>
          <tr className="border-b border-border text-left text-xs text-muted">
            {columns.map((column, i) => (
              <th
                key={i}
                scope="col"
                className={cx(
                  'px-2 py-2 font-medium whitespace-nowrap',
                  column.numeric && 'text-right',
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={cx(stack && 'max-sm:grid max-sm:gap-2')}>
          {rows.map((row) => (
            <tr
              key={keyOf(row)}
              className={cx(
                'border-b border-border last:border-b-0 hover:bg-surface-raised/60',
                stack && 'max-sm:grid max-sm:rounded-xl max-sm:border max-sm:last:border-b max-sm:px-2 max-sm:py-1',
              )}
            >
              {columns.map((column, i) => (
                <td
                  key={i}
                  className={cx(
                    'px-2 py-2.5 align-middle',
                    column.numeric && 'text-right whitespace-nowrap tabular-nums',
                    stack && 'max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3 max-sm:py-1',
                    column.className,
                  )}
                >
                  {stack && (
                    <span aria-hidden="true" className="text-xs text-muted sm:hidden">
                      {column.header}
                    </span>
                  )}
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFade>
  );
}
