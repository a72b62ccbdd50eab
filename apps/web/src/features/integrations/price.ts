import type { Integration } from '@wharf/contract';
import { formatMoney } from '../billing/money';

/**
 * A module's monthly price as the project pays it: in the project's currency when the module has
 * a price in it, else its first price; null when the module is free.
 */
export function monthlyPrice(integration: Pick<Integration, 'prices'>, currency: string | undefined): string | null {
  const price = integration.prices.find((p) => p.currency === currency) ?? integration.prices[0];
  if (!price || price.monthlyAmount === 0) return null;
  return `${formatMoney(price.monthlyAmount, price.currency)} a month`;
}

/**
 * What installing `code` installs too: its dependencies, theirs, and so on, that are not installed
 * yet, dependencies first (as the server installs them). `catalogue` gives each module's `dependsOn`.
 */
export function missingDependencies(
  code: string,
  catalogue: ReadonlyMap<string, { dependsOn: readonly string[] }>,
  installed: ReadonlySet<string>,
): string[] {
  const order: string[] = [];
  const seen = new Set<string>([code]);
  const visit = (current: string) => {
    for (const dependency of catalogue.get(current)?.dependsOn ?? []) {
      if (seen.has(dependency)) continue;
      seen.add(dependency);
      visit(dependency);
      if (!installed.has(dependency)) order.push(dependency);
    }
  };
  visit(code);
  return order;
}
