import { describe, expect, it } from 'vitest';
import { formatTermsDate, lastUpdatedText } from './format';

describe('formatTermsDate', () => {
  it('writes DD/MM/YYYY with leading zeros', () => {
    expect(formatTermsDate(new Date(2026, 0, 5, 9, 30).toISOString())).toBe('05/01/2026');
    expect(formatTermsDate(new Date(2026, 10, 21, 12, 0).toISOString())).toBe('21/11/2026');
  });

  it("uses the user's own calendar day, at either end of it", () => {
    expect(formatTermsDate(new Date(2026, 11, 31, 0, 0, 1).toISOString())).toBe('31/12/2026');
    expect(formatTermsDate(new Date(2026, 11, 31, 23, 59, 59).toISOString())).toBe('31/12/2026');
  });

  it('is empty for a time it cannot read', () => {
    expect(formatTermsDate('not a date')).toBe('');
    expect(formatTermsDate('')).toBe('');
  });
});

describe('lastUpdatedText', () => {
  it("reads 'Last updated: DD/MM/YYYY'", () => {
    expect(lastUpdatedText(new Date(2026, 2, 9, 15, 0).toISOString())).toBe('Last updated: 09/03/2026');
  });

  it('says nothing without a date', () => {
    expect(lastUpdatedText('soon')).toBe('');
  });
});
