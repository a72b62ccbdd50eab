/** Grey rows where the channels will be. */
export function ChannelSkeletons() {
  return (
    <div role="status" aria-label="Loading conversations…" className="grid gap-2 p-2">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="h-6 animate-pulse rounded bg-surface-raised" />
      ))}
    </div>
  );
}

/** Grey messages where the conversation will be. */
export function MessageSkeletons() {
  return (
    <div role="status" aria-label="Loading messages…" className="grid flex-1 content-end gap-4 p-4">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="grid gap-1">
          <div className="h-3 w-32 animate-pulse rounded bg-surface-raised" />
          <div className="h-4 w-3/4 animate-pulse rounded bg-surface-raised" />
        </div>
      ))}
    </div>
  );
}
