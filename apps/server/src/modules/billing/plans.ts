import type { Plan } from '@wharf/contract';

const prices = (eur: number, usd: number, gbp: number) => [
  { currency: 'EUR', monthlyAmount: eur },
  { currency: 'USD', monthlyAmount: usd },
  { currency: 'GBP', monthlyAmount: gbp },
];

/**
 * The plans on offer: a catalogue in code, released with the features it promises. Codes match the
 * projects' `planCode` (SPEC.md: 'demo' is the demo plan). Prices are monthly, in minor units.
 */
export const planCatalogue: readonly Plan[] = [
  {
    code: 'demo',
    name: 'Demo',
    demo: true,
    prices: prices(0, 0, 0),
    features: ['1 storefront in demo mode', 'Sample data', 'Community support'],
  },
  {
    code: 'starter',
    name: 'Starter',
    demo: false,
    prices: prices(2_900, 3_200, 2_500),
    features: ['1 storefront', '3 team members', '10 GB of files', 'Email support'],
  },
  {
    code: 'growth',
    name: 'Growth',
    demo: false,
    prices: prices(9_900, 10_900, 8_500),
    features: ['3 storefronts', '15 team members', '100 GB of files', 'Mail campaigns', 'Priority support'],
  },
  {
    code: 'scale',
    name: 'Scale',
    demo: false,
    prices: prices(29_900, 32_900, 25_900),
    features: [
      'Unlimited storefronts',
      'Unlimited team members',
      '1 TB of files',
      'Mail campaigns',
      'Custom roles',
      'A named account manager',
    ],
  },
];

/** A project's plan as its billing shows it; a code the catalogue no longer has still shows by its code. */
export function planSummary(code: string): { code: string; name: string } {
  return { code, name: planCatalogue.find((p) => p.code === code)?.name ?? code };
}
