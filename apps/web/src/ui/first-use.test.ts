import { describe, expect, it, vi } from 'vitest';
import { firstUse } from './first-use';

describe('firstUse', () => {
  it('makes nothing until asked, then makes the value once and keeps it', () => {
    const make = vi.fn(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }));
    const formatter = firstUse(make);
    expect(make).not.toHaveBeenCalled();
    const first = formatter();
    expect(formatter()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    expect(first.format(new Date('2026-01-12T12:00:00Z'))).toBe('Jan 12, 2026');
  });

  it('keeps a value that is falsy rather than making it again', () => {
    const make = vi.fn(() => 0);
    const value = firstUse(make);
    expect([value(), value()]).toEqual([0, 0]);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
