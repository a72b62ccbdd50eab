import { SkeletonBar, SkeletonRows } from '../../../ui/Skeleton';

/** The flows' list while its first page loads: grey rows where the rows will be. */
export function FlowListSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <SkeletonRows
      label="Loading flows…"
      rows={rows}
      className="divide-y divide-border rounded-xl border border-border"
      rowClassName="grid gap-2 px-4 py-3.5"
      row={(i) => (
        <>
          <div className="flex items-center gap-3">
            <SkeletonBar className={i % 2 ? 'h-4 w-36' : 'h-4 w-52'} />
            <SkeletonBar className="h-5 w-16 rounded-full" />
          </div>
          <SkeletonBar className="h-3 w-64 max-w-full" />
        </>
      )}
    />
  );
}
