import type { ReactNode } from 'react';

/** A customer in a list's cell: their name (or a link of it) over their address, each cut to the cell. */
export function NameAndEmail({ name, email }: { name: ReactNode; email: string }) {
  return (
    <span className="block min-w-0">
      {typeof name === 'string' ? <span className="block truncate font-medium">{name}</span> : name}
      <span className="block truncate text-xs text-muted">{email}</span>
    </span>
  );
}
