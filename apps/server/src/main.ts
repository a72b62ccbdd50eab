import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createTestClock, systemClock } from './core/clock.js';
import { openConfiguredDatabase } from './core/db/open-configured.js';
import { firstStart } from './modules/accounts/first-start.js';

/** start: config -> database -> migrations (under the startup lock) -> first start (under it too) -> listen */
async function start(): Promise<void> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  // A test clock starts at the real time and moves only when an end-to-end test moves it.
  const testClock = config.TEST_CLOCK ? createTestClock(new Date()) : undefined;
  const clock = testClock ?? systemClock;
  const app = await buildApp(config, { database, clock, ...(testClock ? { testClock } : {}) });
  if (testClock) app.log.warn("TEST_CLOCK is on: platform admins can move this server's clock");

  // Stop accepting, let requests in flight finish, then close the database.
  closeWithGrace({ delay: config.SHUTDOWN_TIMEOUT_MS, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
  });

  // Under the startup lock, like the migrations: servers starting at once take turns (decision 024).
  const first = await database.exclusive(() =>
    firstStart(database.db, clock, {
      platformName: config.PLATFORM_NAME,
      adminEmail: config.ADMIN_EMAIL,
      publicUrl: config.PUBLIC_URL,
    }),
  );
  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info({ database: database.kind, url: config.PUBLIC_URL }, 'Wharf is ready');
  if (first.adminSetupLink) {
    // Printed plainly (not only as a log line) because a person has to read and open it.
    process.stdout.write(
      `\n  Wharf is ready at ${config.PUBLIC_URL}\n` +
        `  Set the platform admin's password (one-time link, valid 24 hours):\n  ${first.adminSetupLink}\n\n`,
    );
  }
}

start().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
