/**
 * A simplified VAT table: the standard rate of the billed company's country, in basis points
 * (2100 = 21 %). Real VAT depends on much more (reverse charge for a business with a valid VAT
 * number in another EU country, reduced rates, thresholds, non-EU rules); until Wharf bills
 * through a tax service the standard rate of a few countries is charged and every other country
 * pays none. Changing a rate only affects invoices issued afterwards: each invoice keeps its rate.
 */
const standardRates: Readonly<Record<string, number>> = {
  NL: 2100,
  BE: 2100,
  DE: 1900,
  FR: 2000,
  GB: 2000,
};

export function taxRateBps(country: string | null | undefined): number {
  return (country && standardRates[country.toUpperCase()]) || 0;
}

/** The tax on a subtotal in minor units, rounded half away from zero; a credit (negative subtotal) carries none. */
export function taxOn(subtotal: number, rateBps: number): number {
  if (subtotal <= 0 || rateBps <= 0) return 0;
  return Math.round((subtotal * rateBps) / 10_000);
}

/** The tax line's words on the invoice: 'VAT 21%', 'VAT 5.5%'. */
export function taxLabel(rateBps: number): string {
  return `VAT ${rateBps / 100}%`;
}
