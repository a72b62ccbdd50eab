import type { DriveProjectAdmin } from '@wharf/contract';
import type { MouseEvent } from 'react';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { ScrollFade } from '../../ui/ScrollFade';
import { formatMeasure } from './DayChart';
import { storageClassName } from './quota';
import { UsageMeter } from './UsageMeter';

const CAPTION = "Projects' drives";

/** A cell: from md a table cell as the billing tables' (features/billing/ui/Table), below it a block of the card. */
const cell = 'max-md:block md:px-2 md:py-2.5 md:align-middle';
const head = 'px-2 py-2 font-medium whitespace-nowrap';

/**
 * The projects' drives. From the md breakpoint it is the billing tables' table (a row per drive, the box
 * scrolling sideways should it be too narrow); under it, as the members' table, each drive is a card of
 * its own: its name with the Manage button, its use of the quota over the bar, then its files and storage
 * class, so that nothing, Manage least of all, lies beyond the edge of a phone.
 */
export function ProjectsTable({
  drives,
  busy,
  onManage,
}: {
  drives: readonly DriveProjectAdmin[];
  /** A refetch is on its way: the old rows stay, dimmed. */
  busy: boolean;
  onManage: (drive: DriveProjectAdmin, event: MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <ScrollFade
      direction="horizontal"
      // From md, as the billing tables: the box scrolls sideways rather than the page, taking the width it
      // is given (inline-size containment) and clipping what the table hides visually. Under md the cards
      // fit: the content takes the box's width instead of the table's widest line.
      className={cx('relative -mx-1 px-1 transition-opacity [contain:inline-size]', busy && 'opacity-60')}
      contentClassName="max-md:flex-1"
      aria-busy={busy || undefined}
      tabIndex={0}
      role="group"
      aria-label={CAPTION}
    >
      <table className="w-full border-collapse text-sm max-md:block md:min-w-[40rem]">
        <caption className="sr-only">{CAPTION}</caption>
        <thead className="max-md:sr-only">
          <tr className="border-b border-border text-left text-xs text-muted">
            <th scope="col" className={head}>
              Project
            </th>
            <th scope="col" className={head}>
              Used / quota
            </th>
            <th scope="col" className={cx(head, 'text-right')}>
              Files
            </th>
            <th scope="col" className={head}>
              Storage class
            </th>
            {/* The cell holds the sr-only header in place: positioned elsewhere, it would widen the page on phones. */}
            <th scope="col" className={cx(head, 'relative text-right')}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="max-md:grid max-md:gap-3">
          {drives.map((d) => (
            <tr
              key={d.projectId}
              className={cx(
                'md:border-b md:border-border md:last:border-b-0 md:hover:bg-surface-raised/60',
                'max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:items-center max-md:gap-x-3 max-md:gap-y-2',
                'max-md:rounded-xl max-md:border max-md:border-border max-md:bg-surface max-md:p-4',
              )}
            >
              <td className={cx(cell, 'max-md:col-start-1 max-md:row-start-1')}>
                <div className="min-w-0">
                  <p className="font-medium break-words">{d.projectName}</p>
                  {d.createdAt === null && <p className="text-xs text-muted">Not set up</p>}
                </div>
              </td>
              <td className={cx(cell, 'max-md:col-span-2 max-md:row-start-2')}>
                <UsageMeter drive={d} />
              </td>
              <td
                className={cx(
                  cell,
                  'whitespace-nowrap tabular-nums max-md:col-span-2 max-md:flex max-md:justify-between md:text-right',
                )}
              >
                <span className="text-muted md:hidden">Files</span> {formatMeasure(d.fileCount, 'count')}
              </td>
              <td className={cx(cell, 'max-md:col-span-2 max-md:flex max-md:justify-between max-md:gap-3')}>
                <span className="text-muted md:hidden">Storage class</span>{' '}
                <span className="whitespace-nowrap">{storageClassName(d.storageClass)}</span>
              </td>
              <td className={cx(cell, 'relative text-right max-md:col-start-2 max-md:row-start-1')}>
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={`Manage ${d.projectName}`}
                  onClick={(event) => onManage(d, event)}
                >
                  Manage
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFade>
  );
}
