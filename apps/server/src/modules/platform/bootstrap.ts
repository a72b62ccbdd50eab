import type { Executor } from '../../core/db/database.js';
import { defaultDomains, defaultFavicon, defaultLogos } from './defaults.js';
import { platforms } from './schema.js';

/**
 * The default platform on an empty database, inside the caller's transaction (first start,
 * accounts/first-start.ts, which also makes its first admin). Answers whether it was made now;
 * nothing is changed when a default platform exists.
 */
export async function ensureDefaultPlatform(
  tx: Executor,
  options: { platformName: string; publicUrl: string },
): Promise<boolean> {
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
  return inserted.length > 0;
}
