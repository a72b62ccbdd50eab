import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import { ensureDefaultPlatform } from '../platform/bootstrap.js';
import { users } from './schema.js';
import { ensureFirstAdmin, issuePasswordToken, SET_PASSWORD_TOKEN_TTL_MS } from './service.js';

export interface FirstStartOptions {
  platformName: string;
  adminEmail: string;
  publicUrl: string;
}

export interface FirstStartResult {
  createdPlatform: boolean;
  /** Present while the first admin has no password: the one-time link to set it. */
  adminSetupLink?: string;
}

/**
 * First start on an empty database: the default platform (platform's part) and its first admin,
 * with a one-time link to set the admin's password. There is no default password anywhere. Safe to
 * run on every start and from several instances at once.
 */
export async function firstStart(db: Database, clock: Clock, options: FirstStartOptions): Promise<FirstStartResult> {
  return db.transaction(async (tx) => {
    const createdPlatform = await ensureDefaultPlatform(tx, options);
    const admin = await ensureFirstAdmin(tx, options.adminEmail);
    const [stillWithoutPassword] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.id, admin.id), isNull(users.passwordHash)));
    if (!stillWithoutPassword) return { createdPlatform };
    const token = await issuePasswordToken(tx, clock, admin.id, 'set', SET_PASSWORD_TOKEN_TTL_MS);
    const link = new URL('/set-password', options.publicUrl);
    link.searchParams.set('token', token);
    link.searchParams.set('email', stillWithoutPassword.email);
    return { createdPlatform, adminSetupLink: link.toString() };
  });
}
