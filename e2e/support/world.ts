import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { adminOf } from './admin.js';
import { launchBrowser } from './browser.js';
import { startServer, type RunningServer } from './server.js';

export interface ConsoleWorld {
  server: RunningServer;
  browser: Browser;
  /** The platform admin, who reads the outbox. */
  admin: Awaited<ReturnType<typeof adminOf>>;
}

/**
 * The built server and Chromium for one test file, started before its tests and stopped after. The
 * object is filled in by `beforeAll`; read its fields inside tests only. `env` adds server settings,
 * or makes them once something they name has started (a loopback DNS server and its port).
 */
export function useConsoleWorld(
  env: Record<string, string> | (() => Promise<Record<string, string>>) = {},
): ConsoleWorld {
  const world = {} as ConsoleWorld;
  beforeAll(async () => {
    const settings = typeof env === 'function' ? await env() : env;
    // An easy captcha: the end-to-end tests prove the flows, not the browser's hashing speed.
    [world.server, world.browser] = await Promise.all([
      startServer({ CAPTCHA_MAX_NUMBER: '5000', ...settings }),
      launchBrowser(),
    ]);
    world.admin = await adminOf(world.server);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.server?.stop();
  });
  return world;
}

/** Submits the page's (first) form. */
export const submit = (page: Page) => page.locator('form button[type="submit"]').first().click();
