import type { ReactNode } from 'react';

/**
 * A record's key facts (when an order was placed and paid, when an enquiry was read) as a list of
 * terms and values in small tiles, four abreast on a wide screen.
 */
export function FactGrid({ facts }: { facts: readonly (readonly [term: string, value: ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-1 gap-3 text-sm xs:grid-cols-2 md:grid-cols-4">
      {facts.map(([term, value]) => (
        <div key={term} className="rounded-lg bg-surface-raised px-3 py-2">
          <dt className="text-xs text-muted">{term}</dt>
          <dd className="font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
