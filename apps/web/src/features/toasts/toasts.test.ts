import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce, dismiss, getSnapshot, nudge, resetToasts, shove, subscribe } from './toasts';

afterEach(() => resetToasts());

describe('toast store', () => {
  it('queues each kind separately, oldest first, and returns ids', () => {
    const first = nudge('Saved');
    const second = nudge({ message: 'Copied', level: 'success' });
    const stacked = shove('Heads up');
    const said = announce('Maintenance tonight');
    expect(new Set([first, second, stacked, said]).size).toBe(4);
    expect(getSnapshot('nudge').map((toast) => toast.message)).toEqual(['Saved', 'Copied']);
    expect(getSnapshot('shove').map((toast) => toast.id)).toEqual([stacked]);
    expect(getSnapshot('announcement').map((toast) => toast.id)).toEqual([said]);
  });

  it('gives nudges the 2500 ms default timeout and keeps a given one; info is the default level', () => {
    nudge('Plain');
    nudge({ message: 'Slow', timeout: 5000, level: 'warning' });
    expect(getSnapshot('nudge').map(({ timeout, level }) => ({ timeout, level }))).toEqual([
      { timeout: 2500, level: 'info' },
      { timeout: 5000, level: 'warning' },
    ]);
  });

  it('leaves shoves and announcements without a timeout unless one is given', () => {
    shove('Stays');
    shove({ message: 'Goes', timeout: 4000 });
    announce('Stays too');
    expect(getSnapshot('shove').map((toast) => toast.timeout)).toEqual([undefined, 4000]);
    expect(getSnapshot('announcement')[0]?.timeout).toBeUndefined();
  });

  it('dismisses by id from any queue, notifies subscribers, and ignores unknown ids', () => {
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    const id = shove('Heads up');
    expect(listener).toHaveBeenCalledTimes(1);
    const before = getSnapshot('nudge');
    dismiss(id);
    expect(getSnapshot('shove')).toEqual([]);
    expect(getSnapshot('nudge')).toBe(before);
    expect(listener).toHaveBeenCalledTimes(2);
    dismiss('nope');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    nudge('Unheard');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
