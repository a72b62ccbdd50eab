import { describe, expect, it, vi } from 'vitest';
import { deferredModule } from './deferred-module';

describe('deferredModule', () => {
  it('loads once, on request, and tells its listeners when the module has come', async () => {
    const importer = vi.fn(async () => ({ answer: 42 }));
    const module = deferredModule(importer);
    const listener = vi.fn();
    module.subscribe(listener);
    expect(importer).not.toHaveBeenCalled();
    expect(module.current()).toBeUndefined();

    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(importer).toHaveBeenCalledTimes(1);
    expect(module.current()).toEqual({ answer: 42 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('may be asked again after a failed load (a chunk the network dropped)', async () => {
    const importer = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ answer: 7 });
    const module = deferredModule(importer);
    await expect(module.load()).rejects.toThrow('Failed to fetch');
    expect(module.current()).toBeUndefined();
    await expect(module.load()).resolves.toEqual({ answer: 7 });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
