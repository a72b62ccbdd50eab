/**
 * What the last action did, said to screen readers (a polite status) and, unless `visuallyHidden`,
 * shown as a success note while there is something to say. It is always rendered, empty at first,
 * because screen readers announce changes only in a status region that already exists.
 */
export function Announcement({ message, visuallyHidden = false }: { message: string; visuallyHidden?: boolean }) {
  return (
    <p
      role="status"
      className={message && !visuallyHidden ? 'rounded-lg bg-success-soft px-3.5 py-3 text-sm text-success' : 'sr-only'}
    >
      {message}
    </p>
  );
}
