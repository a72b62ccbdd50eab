import { describe, expect, it } from 'vitest';
import { routeExists } from '../app/navigation';
import { bySeverity, errorActions, errorLevel, errorMessage } from './ErrorObject';

describe('error objects (SPEC.md section 8)', () => {
  it('reads the level, danger being error and anything unknown info', () => {
    expect(errorLevel({ code: 'X', message: '', level: 'error' })).toBe('error');
    expect(errorLevel({ code: 'X', message: '', level: 'danger' })).toBe('error');
    expect(errorLevel({ code: 'X', message: '', level: 'warning' })).toBe('warning');
    expect(errorLevel({ code: 'X', message: '', level: 'default' })).toBe('info');
    expect(errorLevel({ code: 'credit_limit_warning', message: '' })).toBe('warning');
  });

  it('says the catalogue words for a known code, else the message given', () => {
    expect(errorMessage({ code: 'COMPANY_NOT_FOUND', message: 'Company not found' })).toBe('Company setup required.');
    expect(errorMessage({ code: 'has_overdue_invoices', message: 'x' })).toBe('Account has overdue invoices.');
    expect(errorMessage({ code: 'SOMETHING_ELSE', message: 'As the server says.' })).toBe('As the server says.');
  });

  it('maps codes to their actions, while their routes exist', () => {
    expect(errorActions({ code: 'COMPANY_NOT_FOUND', message: '' })).toEqual([
      { label: 'Fix', route: 'projects.settings' },
    ]);
    expect(errorActions({ code: 'payment_method_required', message: '' })).toEqual(
      routeExists('billing.payment-methods') ? [{ label: 'Add', route: 'billing.payment-methods' }] : [],
    );
    expect(errorActions({ code: 'SOMETHING_ELSE', message: '' })).toEqual([]);
  });

  it('puts the most pressing first', () => {
    const sorted = bySeverity([
      { code: 'a', message: '', level: 'info' },
      { code: 'b', message: '', level: 'warning' },
      { code: 'c', message: '', level: 'danger' },
    ]);
    expect(sorted.map((e) => e.code)).toEqual(['c', 'b', 'a']);
  });
});
