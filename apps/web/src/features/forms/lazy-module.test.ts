import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('loads once, on the first preload or get', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const lazy = lazyModule(load);
    expect(load).not.toHaveBeenCalled();
    lazy.preload();
    lazy.preload();
    expect((await lazy.get()).answer).toBe(42);
    expect(load).toHaveBeenCalledOnce();
  });
});
