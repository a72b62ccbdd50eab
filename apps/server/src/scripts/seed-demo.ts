import { loadConfig } from '../config.js';
import { systemClock } from '../core/clock.js';
import { openConfiguredDatabase } from '../core/db/open-configured.js';
import { firstStart } from '../modules/accounts/first-start.js';
import { PlatformService } from '../modules/platform/service.js';
import { seedDemo } from '../seed/demo.js';

/** `npm run seed:demo`: the demo world on the configured database (the server must not be running on PGlite). */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await firstStart(database.db, systemClock, {
      platformName: config.PLATFORM_NAME,
      adminEmail: config.ADMIN_EMAIL,
      publicUrl: config.PUBLIC_URL,
    });
    const platform = await new PlatformService(database.db).resolve({ host: new URL(config.PUBLIC_URL).hostname });
    const summary = await seedDemo(database.db, platform.id, systemClock);
    console.log(
      `Demo world loaded on "${platform.name}": ${summary.organisations} organisations, ${summary.projects} projects, ` +
        `${summary.users} users, ${summary.memberships} memberships, ${summary.posts} help posts; a shop of ${summary.shop.orders} orders, ` +
        `${summary.shop.customers} customers, ${summary.shop.enquiries} enquiries and ${summary.shop.reviews} reviews.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
