import { describe, expect, it } from 'vitest';
import { currencyDigits, majorUnits, safeText } from '../../../core/export-format.js';
import { parseCsv } from '../../../test/csv.js';
import { csvField, csvRecord, isoTime } from './csv.js';

describe('CSV fields (RFC 4180)', () => {
  it('leaves plain text as it is and quotes what holds a comma, a quote or a line break', () => {
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvField('')).toBe('');
    expect(csvField('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvField('the "Countess"')).toBe('"the ""Countess"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('carriage\rreturn')).toBe('"carriage\rreturn"');
    expect(csvField('"')).toBe('""""');
  });

  it('ends each record with CRLF, and reads back to the same fields', () => {
    const fields = ['1001', 'O\'Brien, "Pat"', 'two\r\nlines', '', 'Zoë ✓', ' spaced '];
    const record = csvRecord(fields);
    expect(record.endsWith('\r\n')).toBe(true);
    expect(record).toBe('1001,"O\'Brien, ""Pat""","two\r\nlines",,Zoë ✓, spaced \r\n');
    expect(parseCsv(record + csvRecord(['a', 'b']))).toEqual([fields, ['a', 'b']]);
  });
});

describe('CSV injection', () => {
  it.each(['=HYPERLINK("http://evil","x")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR'])(
    'defuses %j with a leading apostrophe',
    (text) => {
      expect(safeText(text)).toBe(`'${text}`);
    },
  );

  it('leaves other text, and formula characters past the start, alone', () => {
    expect(safeText('Ada = Countess')).toBe('Ada = Countess');
    expect(safeText('ada@example.com')).toBe('ada@example.com');
    expect(safeText("'quoted")).toBe("'quoted");
    expect(safeText(null)).toBe('');
    expect(safeText(undefined)).toBe('');
  });

  it('still quotes a defused cell that needs quotes', () => {
    expect(csvRecord([safeText('=1,2')])).toBe(`"'=1,2"\r\n`);
  });
});

describe('money and times', () => {
  it('writes minor units as exact major units with as many decimals as the currency has', () => {
    expect(majorUnits(1250, 'EUR')).toBe('12.50');
    expect(majorUnits(5, 'USD')).toBe('0.05');
    expect(majorUnits(0, 'GBP')).toBe('0.00');
    expect(majorUnits(-1234, 'EUR')).toBe('-12.34');
    expect(majorUnits(1250, 'JPY')).toBe('1250');
    expect(majorUnits(1250, 'KRW')).toBe('1250');
    expect(majorUnits(12345, 'BHD')).toBe('12.345');
    // Past what a float holds exactly as a decimal: still exact.
    expect(majorUnits(9_007_199_254_740_991, 'EUR')).toBe('90071992547409.91');
  });

  it('knows the exponents, and takes 2 for a code ICU refuses', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('not a code')).toBe(2);
  });

  it('writes times as ISO 8601 in UTC, and nothing for none', () => {
    expect(isoTime(new Date('2026-11-27T09:30:00+02:00'))).toBe('2026-11-27T07:30:00.000Z');
    expect(isoTime(null)).toBe('');
  });
});
