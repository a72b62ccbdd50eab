import { describe, expect, it } from 'vitest';
import { datesPeriod, formatPeriod, lastMonth, monthPeriod } from './dates';
import { fractionDigits, formatMoney, minorToInput, parseMoneyInput } from './money';

// Intl output uses narrow no-break spaces in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it('formats minor units with the currency’s own fraction digits', () => {
    expect(formatMoney(123456, 'EUR', 'en-GB')).toBe('€1,234.56');
    expect(formatMoney(123456, 'USD', 'en-US')).toBe('$1,234.56');
    // The yen has no minor unit: 1500 minor units are ¥1,500, not ¥15.00.
    expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
    // The Bahraini dinar has three.
    expect(plain(formatMoney(1234, 'BHD', 'en-US'))).toBe('BHD 1.234');
  });

  it('follows the locale and keeps the sign', () => {
    expect(plain(formatMoney(123456, 'EUR', 'nl-NL'))).toBe('€ 1.234,56');
    expect(plain(formatMoney(123456, 'EUR', 'de-DE'))).toBe('1.234,56 €');
    expect(formatMoney(-1500, 'EUR', 'en-GB')).toBe('-€15.00');
    expect(formatMoney(0, 'GBP', 'en-GB')).toBe('£0.00');
  });

  it('still shows an amount for a code Intl rejects', () => {
    expect(formatMoney(1050, 'E1', 'en')).toBe('10.50 E1');
    expect(fractionDigits('E1')).toBe(2);
  });
});

describe('parseMoneyInput', () => {
  it('reads what people type as minor units', () => {
    expect(parseMoneyInput('12.50', 'EUR')).toBe(1250);
    expect(parseMoneyInput('12,5', 'EUR')).toBe(1250);
    expect(parseMoneyInput(' 1 000 ', 'EUR')).toBe(100000);
    expect(parseMoneyInput('25', 'EUR')).toBe(2500);
    expect(parseMoneyInput('1500', 'JPY')).toBe(1500);
    expect(parseMoneyInput('-5', 'EUR')).toBe(-500);
  });

  it('refuses what is not an amount in that currency', () => {
    expect(parseMoneyInput('', 'EUR')).toBeNull();
    expect(parseMoneyInput('abc', 'EUR')).toBeNull();
    expect(parseMoneyInput('1.234', 'EUR')).toBeNull();
    expect(parseMoneyInput('15.5', 'JPY')).toBeNull();
    expect(parseMoneyInput('1.2.3', 'EUR')).toBeNull();
  });

  it('round-trips through the field’s text', () => {
    expect(minorToInput(1250, 'EUR')).toBe('12.50');
    expect(minorToInput(1500, 'JPY')).toBe('1500');
    expect(parseMoneyInput(minorToInput(-990, 'EUR'), 'EUR')).toBe(-990);
  });
});

describe('billing periods', () => {
  it('defaults to last month, in UTC, across a year end', () => {
    expect(lastMonth(new Date(Date.UTC(2026, 10, 21)))).toBe('2026-10');
    expect(lastMonth(new Date(Date.UTC(2026, 0, 5)))).toBe('2025-12');
  });

  it('turns a month or two dates into a period with an exclusive end', () => {
    expect(monthPeriod('2026-12')).toEqual({
      periodStart: '2026-12-01T00:00:00.000Z',
      periodEnd: '2027-01-01T00:00:00.000Z',
    });
    expect(monthPeriod('2026-13')).toBeNull();
    expect(datesPeriod('2026-10-05', '2026-10-05')).toEqual({
      periodStart: '2026-10-05T00:00:00.000Z',
      periodEnd: '2026-10-06T00:00:00.000Z',
    });
    expect(datesPeriod('', '2026-10-05')).toBeNull();
  });

  it('shows a period with its last day, not the exclusive end', () => {
    expect(formatPeriod('2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', 'en-GB')).toBe(
      '1 Oct 2026 – 31 Oct 2026',
    );
  });
});
