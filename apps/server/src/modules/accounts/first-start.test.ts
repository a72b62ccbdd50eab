import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestClock } from '../../core/clock.js';
import type { DatabaseHandle } from '../../core/db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { allPlatforms } from '../platform/testing.js';
import { firstStart } from './first-start.js';
import { passwordTokens, users } from './schema.js';
import { hashToken } from './tokens.js';

const options = { platformName: 'Wharf', adminEmail: 'Admin@Example.com', publicUrl: 'https://console.example' };

describe('first start', () => {
  let database: DatabaseHandle;
  const clock = createTestClock('2026-03-01T09:00:00Z');
  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(() => database.close());

  it('creates the default platform and a password-less first admin, and prints a one-time link', async () => {
    const result = await firstStart(database.db, clock, options);
    expect(result.createdPlatform).toBe(true);
    const all = await allPlatforms(database.db);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ name: 'Wharf', isDefault: true, public: true });
    expect(all[0]!.domains).toEqual(['console.example', 'localhost', '127.0.0.1']);
    const [admin] = await database.db.select().from(users);
    expect(admin).toMatchObject({ email: 'admin@example.com', isAdmin: true, passwordHash: null });

    const link = new URL(result.adminSetupLink!);
    expect(link.origin + link.pathname).toBe('https://console.example/set-password');
    expect(link.searchParams.get('email')).toBe('admin@example.com');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const [stored] = await database.db.select().from(passwordTokens);
    // Only the hash is kept, and the link lasts a day.
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.toISOString()).toBe('2026-03-02T09:00:00.000Z');
  });

  it('runs again harmlessly: no second platform or admin, and only the newest link works', async () => {
    const first = await firstStart(database.db, clock, options);
    const second = await firstStart(database.db, clock, options);
    expect(second.createdPlatform).toBe(false);
    expect(await allPlatforms(database.db)).toHaveLength(1);
    expect(await database.db.select().from(users)).toHaveLength(1);
    const oldToken = new URL(first.adminSetupLink!).searchParams.get('token')!;
    const newToken = new URL(second.adminSetupLink!).searchParams.get('token')!;
    expect(newToken).not.toBe(oldToken);
    const [old] = await database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.tokenHash, hashToken(oldToken)));
    expect(old!.usedAt).not.toBeNull();
  });

  it('prints no link once the admin has a password', async () => {
    await firstStart(database.db, clock, options);
    await database.db.update(users).set({ passwordHash: '$argon2id$placeholder' });
    const again = await firstStart(database.db, clock, options);
    expect(again.adminSetupLink).toBeUndefined();
  });

  it('creates exactly one platform when several instances start at once', async () => {
    const results = await Promise.allSettled([1, 2, 3].map(() => firstStart(database.db, clock, options)));
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    expect(await allPlatforms(database.db)).toHaveLength(1);
    expect(await database.db.select().from(users)).toHaveLength(1);
  });
});
