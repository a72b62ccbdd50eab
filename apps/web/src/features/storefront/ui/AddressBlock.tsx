import type { Address } from '@wharf/contract';

/** A postal address as lines, or a plain "None given". */
export function AddressBlock({ address }: { address: Address | null }) {
  if (!address) return <p className="text-sm text-muted">None given</p>;
  const lines = [
    address.name,
    address.line1,
    address.line2,
    [address.city, address.region].filter(Boolean).join(', '),
    `${address.postalCode} ${address.country}`,
    address.phone,
  ].filter((line): line is string => Boolean(line));
  return (
    <address className="text-sm/6 not-italic">
      {lines.map((line, i) => (
        <span key={i} className="block break-words">
          {line}
        </span>
      ))}
    </address>
  );
}
