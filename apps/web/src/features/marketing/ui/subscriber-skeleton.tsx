import { SkeletonBar, SkeletonRows } from '../../../ui/Skeleton';

/** The subscribers' table while its first page loads: grey rows where the rows will be. */
export function SubscriberSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <SkeletonRows
      label="Loading subscribers…"
      rows={rows}
      className="grid gap-3"
      rowClassName="flex items-center gap-4 border-b border-border py-2.5 last:border-0"
      row={(i) => (
        <>
          <div className="grid flex-1 gap-1.5">
            <SkeletonBar className={i % 2 ? 'h-3.5 w-40' : 'h-3.5 w-52'} />
            <SkeletonBar className="h-3 w-32" />
          </div>
          <SkeletonBar className="h-5 w-20 rounded-full" />
          <SkeletonBar className="hidden h-3.5 w-24 sm:block" />
        </>
      )}
    />
  );
}
