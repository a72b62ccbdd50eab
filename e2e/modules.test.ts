import { tmpdir } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, ownerOfNewProject } from './support/people.js';
import { useConsoleWorld } from './support/world.js';

const shot = (name: string) => `${tmpdir()}/wharf-e2e-modules-${name}.png`;

/**
 * Issue 8 in Chromium: a module installed from the store (its dependency with it), its menu entry
 * (under Modules) and route there at once, a bad setting refused with the server's words, the set-up
 * step, a change of settings, then uninstalled: the entry goes and its route is Not Found.
 */
describe('modules, from the store to the sidebar and back', () => {
  const world = useConsoleWorld();
  let base: string;
  let person: BrowserContext;
  let page: Page;
  let projectId: string;

  const sidebar = () => page.getByRole('navigation', { name: 'Project' });
  // Installed modules are sub-items of Modules: its item holds the Modules link, its button and its list.
  const modulesItem = () =>
    sidebar()
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Modules', exact: true }) });
  const modulesToggle = () => sidebar().getByRole('button', { name: 'Modules pages' });
  const open = (path: string) => page.goto(`${base}${path}?project=${projectId}`);

  beforeAll(async () => {
    base = world.server.baseUrl;
    ({ person, projectId, page } = await ownerOfNewProject(world.browser, base, 'mira@example.com', {
      name: 'Mira Prints',
      organisationName: 'Mira Trading',
    }));
  });

  it('installs, refuses a bad setting, sets up, configures and uninstalls without a reload', async () => {
    await open('/store');
    await page.getByPlaceholder('Shopify, labels, reviews…').fill('analytics');
    await page.getByRole('button', { name: 'Install Google Analytics' }).click();
    const confirm = page.getByRole('dialog', { name: 'Install Google Analytics?' });
    await confirm.getByText(/It needs Products, Website, which will be installed too/).waitFor();
    await confirm.getByRole('button', { name: 'Install' }).click();

    // The menu entry is there at once, under Modules (open in the store, on its Store), and leads
    // to the module's page.
    await expect.poll(() => modulesToggle().getAttribute('aria-expanded')).toBe('true');
    const entry = modulesItem().getByRole('list').getByRole('link', { name: 'Google Analytics' });
    await entry.waitFor();
    await expect(
      modulesItem().getByRole('list').getByRole('link', { name: 'Store' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await page.screenshot({ path: shot('installed'), fullPage: true });
    await entry.click();
    await page.waitForURL(/\/modules\/googleAnalytics/);
    await expect.poll(() => entry.getAttribute('aria-current')).toBe('page');
    await expect(modulesToggle().getAttribute('aria-expanded')).resolves.toBe('true');

    // The set-up step comes first; a measurement ID of the wrong form is refused with its reason, in
    // the very words the server refuses it with (the browser catches it first).
    const setupCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/integrations/googleAnalytics')) setupCalls.push(request.method());
    });
    const serverSays = await apiAs(
      base,
      person,
      'POST',
      `/v1/projects/${projectId}/integrations/googleAnalytics/setup`,
      {
        config: { measurementId: 'UA-12' },
      },
    );
    expect(serverSays.status).toBe(400);
    const reason = (serverSays.body as { errors: { message: string }[] }).errors[0]!.message;
    expect(reason).toBe('Enter the measurement ID, such as G-ABC123XYZ9.');
    const measurement = page.getByLabel('Measurement ID');
    await measurement.fill('UA-12');
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByText(reason, { exact: true }).waitFor();
    await expect(measurement.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(setupCalls.filter((method) => method !== 'GET')).toEqual([]);

    await measurement.fill('G-ABC123XYZ9');
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByText(/^Set up on /).waitFor();
    const saved = await apiAs(base, person, 'GET', `/v1/projects/${projectId}/integrations/googleAnalytics`);
    expect(saved.body).toMatchObject({ config: { measurementId: 'G-ABC123XYZ9', anonymiseIp: true } });
    expect((saved.body as { setupAt: string | null }).setupAt).not.toBeNull();
    await page.screenshot({ path: shot('set-up'), fullPage: true });

    // Configured once set up: a bad value refused again, then a change saved.
    const settings = page.getByRole('form', { name: 'Settings' });
    await settings.getByLabel('Measurement ID').fill('G-1');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText(reason, { exact: true }).waitFor();
    await settings.getByLabel('Measurement ID').fill('G-NEW123456');
    await settings.getByLabel('Anonymise visitor IP addresses').uncheck();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.getByText('Settings saved.').waitFor();
    const configured = await apiAs(base, person, 'GET', `/v1/projects/${projectId}/integrations/googleAnalytics`);
    expect(configured.body).toMatchObject({ config: { measurementId: 'G-NEW123456', anonymiseIp: false } });

    // Uninstalled from the store: the entry goes, and its route is Not Found.
    await sidebar().getByRole('link', { name: 'Modules', exact: true }).click();
    await page.waitForURL(/\/store/);
    await page.getByPlaceholder('Shopify, labels, reviews…').fill('analytics');
    await page.getByRole('button', { name: 'Uninstall Google Analytics' }).click();
    await page
      .getByRole('dialog', { name: 'Uninstall Google Analytics?' })
      .getByRole('button', { name: 'Uninstall' })
      .click();
    // Gone, not merely folded away: Modules is still open on its Store.
    await expect(modulesToggle().getAttribute('aria-expanded')).resolves.toBe('true');
    await expect
      .poll(() => sidebar().getByRole('link', { name: 'Google Analytics', includeHidden: true }).count())
      .toBe(0);
    await open('/modules/googleAnalytics');
    await page.getByText('Page not found').waitFor();
  });
});
