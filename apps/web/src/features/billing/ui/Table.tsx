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
}: {
  caption: string;
  columns: Column<T>[];
  rows: readonly T[];
  keyOf: (row: T) => string;
  /** A new page or filter is on its way: the old rows stay, dimmed. */
  busy?: boolean;
}) {
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
      <table className="w-full min-w-[40rem] border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
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
        <tbody>
          {rows.map((row) => (
            <tr key={keyOf(row)} className="border-b border-border last:border-b-0 hover:bg-surface-raised/60">
              {columns.map((column, i) => (
                <td
                  key={i}
                  className={cx(
                    'px-2 py-2.5 align-middle',
                    column.numeric && 'text-right whitespace-nowrap tabular-nums',
                    column.className,
                  )}
                >
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
