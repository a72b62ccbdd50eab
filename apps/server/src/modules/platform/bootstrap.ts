import { eq, isNull, and } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import { users } from '../accounts/schema.js';
import { ensureFirstAdmin, issuePasswordToken, SET_PASSWORD_TOKEN_TTL_MS } from '../accounts/service.js';
import { defaultDomains, defaultFavicon, defaultLogos } from './defaults.js';
import { platforms } from './schema.js';

export interface BootstrapOptions {
  platformName: string;
  adminEmail: string;
  publicUrl: string;
}

export interface BootstrapResult {
  createdPlatform: boolean;
  /** Present while the first admin has no password: the one-time link to set it. */
  adminSetupLink?: string;
}

/**
 * First start on an empty database: the default platform and its first admin, with a one-time
 * link to set the admin's password. There is no default password anywhere. Safe to run on every
 * start and from several instances at once.
 */
export async function bootstrapPlatform(
  db: Database,
  clock: Clock,
  options: BootstrapOptions,
): Promise<BootstrapResult> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(platforms)
      .values({
        name: options.platformName,
        domains: defaultDomains(options.publicUrl),
        public: true,
        favicon: defaultFavicon,
        logos: defaultLogos,
        isDefault: true,
      })
      .onConflictDoNothing()
      .returning({ id: platforms.id });
    const admin = await ensureFirstAdmin(tx, options.adminEmail);
    const [stillWithoutPassword] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.id, admin.id), isNull(users.passwordHash)));
    if (!stillWithoutPassword) return { createdPlatform: inserted.length > 0 };
    const token = await issuePasswordToken(tx, clock, admin.id, 'set', SET_PASSWORD_TOKEN_TTL_MS);
    const link = new URL('/set-password', options.publicUrl);
    link.searchParams.set('token', token);
    link.searchParams.set('email', stillWithoutPassword.email);
    return { createdPlatform: inserted.length > 0, adminSetupLink: link.toString() };
  });
}
