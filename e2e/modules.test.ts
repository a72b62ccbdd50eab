import { tmpdir } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, registered } from './support/people.js';
import { useConsoleWorld } from './support/world.js';

const shot = (name: string) => `${tmpdir()}/wharf-e2e-modules-${name}.png`;

/**
 * Issue 8 in Chromium: a module installed from the store (its dependency with it), its menu entry and
 * route there at once, a bad setting refused with its reason, the set-up step, then uninstalled: the
 * entry goes and its route is Not Found.
 */
describe('modules, from the store to the sidebar and back', () => {
  const world = useConsoleWorld();
  let base: string;
  let person: BrowserContext;
  let page: Page;
  let projectId: string;

  const sidebar = () => page.getByRole('navigation', { name: 'Project' });
  const open = (path: string) => page.goto(`${base}${path}?project=${projectId}`);

  beforeAll(async () => {
    base = world.server.baseUrl;
    person = await registered(world.browser, base, 'mira@example.com');
    const project = await apiAs(base, person, 'POST', '/v1/projects', {
      name: 'Mira Prints',
      organisationName: 'Mira Trading',
    });
    projectId = (project.body as { id: string }).id;
    page = await person.newPage();
  });

  it('installs, refuses a bad setting, sets up and uninstalls without a reload', async () => {
    await open('/store');
    await page.getByPlaceholder('Shopify, labels, reviews…').fill('analytics');
    await page.getByRole('button', { name: 'Install Google Analytics' }).click();
    const confirm = page.getByRole('dialog', { name: 'Install Google Analytics?' });
    await confirm.getByText(/It needs Products, Website, which will be installed too/).waitFor();
    await confirm.getByRole('button', { name: 'Install' }).click();

    // The menu entry is there at once, and leads to the module's page.
    const entry = sidebar().getByRole('link', { name: 'Google Analytics' });
    await entry.waitFor();
    await page.screenshot({ path: shot('installed'), fullPage: true });
    await entry.click();
    await page.waitForURL(/\/modules\/googleAnalytics/);

    // The set-up step comes first; a measurement ID of the wrong form is refused with its reason.
    const measurement = page.getByLabel('Measurement ID');
    await measurement.fill('UA-12');
    await page.getByRole('button', { name: 'Set up' }).click();
    await page
      .getByText(/not in the expected form|such as G-ABC123XYZ9/)
      .first()
      .waitFor();
    await expect(measurement.getAttribute('aria-invalid')).resolves.toBe('true');

    await measurement.fill('G-ABC123XYZ9');
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByText(/^Set up on /).waitFor();
    const saved = await apiAs(base, person, 'GET', `/v1/projects/${projectId}/integrations/googleAnalytics`);
    expect(saved.body).toMatchObject({ config: { measurementId: 'G-ABC123XYZ9' } });
    expect((saved.body as { setupAt: string | null }).setupAt).not.toBeNull();
    await page.screenshot({ path: shot('set-up'), fullPage: true });

    // Uninstalled from the store: the entry goes, and its route is Not Found.
    await sidebar().getByRole('link', { name: 'Modules' }).click();
    await page.getByPlaceholder('Shopify, labels, reviews…').fill('analytics');
    await page.getByRole('button', { name: 'Uninstall Google Analytics' }).click();
    await page
      .getByRole('dialog', { name: 'Uninstall Google Analytics?' })
      .getByRole('button', { name: 'Uninstall' })
      .click();
    await expect.poll(() => sidebar().getByRole('link', { name: 'Google Analytics' }).count()).toBe(0);
    await open('/modules/googleAnalytics');
    await page.getByText('Page not found').waitFor();
  });
});
