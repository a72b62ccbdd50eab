import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axisLabels, SpendChart, spendScale } from './SpendChart';

const months = (spends: number[]) =>
  spends.map((spend, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, spend, payments: 0 }));

/** The axis labels as drawn: the texts at the left of the plot, top to bottom reversed to 0 first. */
const axisOf = (container: HTMLElement) =>
  [...container.querySelectorAll('svg text[text-anchor="end"]')].map((text) => text.textContent);

describe('the spend chart’s axis', () => {
  it('labels small amounts with distinct, exact ticks rather than €0, €0, €0', () => {
    const { container } = render(<SpendChart months={months([3, 1, 0])} currency="EUR" />);
    const labels = axisOf(container);
    expect(new Set(labels).size).toBe(3);
    expect(labels).toEqual(['€0.00', '€0.02', '€0.04']);
  });

  it('keeps whole minor units on every tick, and a scale that covers the highest bar', () => {
    for (const max of [0, 1, 2, 3, 7, 49, 50, 51, 99, 120, 999, 123_456, 10 ** 12]) {
      const { top, ticks } = spendScale(max);
      expect(ticks.every(Number.isInteger), `max ${max}`).toBe(true);
      expect(top, `max ${max}`).toBeGreaterThanOrEqual(max);
      expect(new Set(ticks).size).toBe(3);
      expect(new Set(axisLabels(ticks, 'EUR', 'en-GB')).size, `max ${max}`).toBe(3);
    }
  });

  it('stays compact for large amounts, and exact for a currency without cents', () => {
    expect(axisLabels(spendScale(1_234_567).ticks, 'EUR', 'en-GB')).toEqual(['€0', '€10k', '€20k']);
    expect(axisLabels(spendScale(3).ticks, 'JPY', 'en-GB')).toEqual(['JP¥0', 'JP¥2', 'JP¥4']);
  });

  it('still reads the spend to screen readers', () => {
    render(<SpendChart months={months([3, 1])} currency="EUR" />);
    expect(screen.getByRole('img')).toHaveAccessibleName(/€0\.04 in total, highest €0\.03/);
  });
});
