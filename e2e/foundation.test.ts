import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** The budget for the JavaScript the first page loads, gzipped. */
const FIRST_PAGE_JS_BUDGET = 150 * 1024;

describe('the console on a fresh install', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("prints a one-time link to set the first admin's password, and no password anywhere", () => {
    const output = server.output();
    expect(output).toMatch(new RegExp(`${server.baseUrl}/set-password\\?token=[\\w-]{40,}&email=`));
    expect(output.toLowerCase()).not.toContain('password:');
  });

  it('loads the page, with the route title and the platform name in the tab', async () => {
    const page = await browser.newPage();
    await page.goto(server.baseUrl);
    await expect.poll(() => page.title()).toBe('Welcome - Wharf');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Wharf');
    const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(favicon).toBe('/brand/favicon.svg');
    await page.close();
  });

  it('keeps the theme choice across a reload', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.baseUrl);
    const html = page.locator('html');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('false');
    await toggle.click();
    await expect.poll(() => html.getAttribute('data-theme')).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect.poll(() => html.getAttribute('data-theme')).toBe('dark');
    await expect.poll(() => toggle.getAttribute('aria-pressed')).toBe('true');
    await toggle.click();
    await page.reload();
    await expect.poll(() => html.getAttribute('data-theme')).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await context.close();
  });

  it('shows Not Found for unknown pages and for paths containing install-module', async () => {
    const page = await browser.newPage();
    for (const path of ['/no/such/page', '/integrations/install-module/shopify']) {
      await page.goto(`${server.baseUrl}${path}`);
      await expect.poll(() => page.title()).toBe('Not Found - Wharf');
    }
    await page.close();
  });

  it(`loads at most ${FIRST_PAGE_JS_BUDGET / 1024} KB of gzipped JavaScript on the first page`, async () => {
    const page = await browser.newPage();
    const scripts: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.body());
    });
    await page.goto(server.baseUrl, { waitUntil: 'networkidle' });
    const bodies = await Promise.all(scripts);
    const gzipped = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    console.log(`first page: ${bodies.length} scripts, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
    expect(bodies.length).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(FIRST_PAGE_JS_BUDGET);
    await page.close();
  });
});
