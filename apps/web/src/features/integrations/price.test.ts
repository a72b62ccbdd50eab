import { describe, expect, it } from 'vitest';
import { missingDependencies, monthlyPrice } from './price';

describe('a module’s price and what it brings with it', () => {
  const prices = [
    { currency: 'EUR', monthlyAmount: 900 },
    { currency: 'GBP', monthlyAmount: 800 },
  ];

  it('shows the monthly price in the project’s currency, else the first one, and nothing when free', () => {
    expect(monthlyPrice({ prices }, 'GBP')).toBe(
      `${new Intl.NumberFormat(undefined, { style: 'currency', currency: 'GBP' }).format(8)} a month`,
    );
    expect(monthlyPrice({ prices }, 'JPY')).toContain('9.00');
    expect(monthlyPrice({ prices: [] }, 'EUR')).toBeNull();
    expect(monthlyPrice({ prices: [{ currency: 'EUR', monthlyAmount: 0 }] }, 'EUR')).toBeNull();
  });

  it('lists the dependencies to install, theirs first, without the installed ones or repeats', () => {
    const catalogue = new Map([
      ['shopify', { dependsOn: ['orders', 'products'] }],
      ['orders', { dependsOn: ['customers'] }],
      ['products', { dependsOn: ['customers'] }],
      ['customers', { dependsOn: [] }],
    ]);
    expect(missingDependencies('shopify', catalogue, new Set())).toEqual(['customers', 'orders', 'products']);
    expect(missingDependencies('shopify', catalogue, new Set(['orders', 'customers']))).toEqual(['products']);
    expect(missingDependencies('customers', catalogue, new Set())).toEqual([]);
  });
});
