import { RelativeTime } from '../../access/members/ui/RelativeTime';

/** When something last happened ("3 days ago", the full time on hover), or a dash when it never did. */
export function LastTime({ iso, now }: { iso: string | null; now?: number }) {
  if (!iso) return <span className="text-muted">—</span>;
  return <RelativeTime iso={iso} {...(now !== undefined ? { now } : {})} className="whitespace-nowrap" />;
}
