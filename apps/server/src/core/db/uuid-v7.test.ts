import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { uuidV7 } from './uuid-v7.js';

describe('uuidV7', () => {
  it('makes RFC 9562 version 7 ids that the contract accepts, unique, ordered by their time', () => {
    const ids = Array.from({ length: 1000 }, (_, i) => uuidV7(1_800_000_000_000 + i));
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(z.uuid().safeParse(id).success).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    // The time is in the first 48 bits.
    expect(parseInt(uuidV7(1_800_000_000_000).replace(/-/g, '').slice(0, 12), 16)).toBe(1_800_000_000_000);
  });
});
