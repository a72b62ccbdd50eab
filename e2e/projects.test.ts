import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkIn } from './support/admin.js';
import { submit, useConsoleWorld } from './support/world.js';

/** Screenshots for a person to look at (docs/screenshots holds the chosen ones). */
const shot = (name: string) => `${tmpdir()}/wharf-e2e-${name}.png`;

/** `GET /v1/projects/{project}` with curl, as a script holding an API key would call it. */
function curlProject(baseUrl: string, projectId: string, secret: string): { status: number; body: string } {
  const out = execFileSync('curl', [
    '-s',
    '-w',
    '\n%{http_code}',
    '-H',
    `Authorization: Bearer ${secret}`,
    `${baseUrl}/v1/projects/${projectId}`,
  ]).toString();
  const cut = out.lastIndexOf('\n');
  return { body: out.slice(0, cut), status: Number(out.slice(cut + 1)) };
}

describe('projects, members and access in the browser', () => {
  const world = useConsoleWorld();

  async function register(page: Page, email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await submit(page);
  }

  it('owner invites a teammate, who is denied billing as Member and allowed as Finance; an API key works until revoked', async () => {
    const owner = await (await world.browser.newContext()).newPage();
    const base = world.server.baseUrl;

    // The owner registers and creates a project in a new organisation.
    await owner.goto(`${base}/register`);
    await register(owner, 'olivia@example.com', 'olivia-harbour-pass-1');
    await owner.waitForURL(/\/dashboard\//, { timeout: 30_000 });
    await owner.goto(`${base}/projects/create`);
    await owner.getByLabel('Project name').fill('Harbour Goods');
    await owner.getByLabel("New organisation's name").fill('Harbour Co');
    await owner.getByRole('button', { name: 'Create project' }).click();
    await owner.waitForURL(/\/project\/settings\?project=/);
    const projectId = new URL(owner.url()).searchParams.get('project')!;
    expect(projectId).toMatch(/^[0-9a-f-]{36}$/);
    await owner
      .getByRole('button', { name: /Delete project/ })
      .first()
      .waitFor();
    await owner.screenshot({ path: shot('project-settings'), fullPage: true });

    // The owner invites a teammate as Member; the invitation goes through the mail service.
    await owner.goto(`${base}/users/invites?project=${projectId}`);
    const inviteForm = owner.getByRole('form', { name: 'Invite someone' });
    await inviteForm.getByLabel('Email').fill('tomas@example.com');
    await inviteForm.getByLabel('Role').selectOption('member');
    await inviteForm.getByRole('button', { name: 'Send invite' }).click();
    await expect.poll(() => owner.getByText('tomas@example.com').count()).toBeGreaterThan(1);

    // The teammate opens the outbox link, registers from it and joins as Member.
    const invitation = await world.admin.lastMailTo('tomas@example.com', /Join Harbour Goods/);
    const teammate = await (await world.browser.newContext()).newPage();
    await teammate.goto(linkIn(invitation, '/accept-invite'));
    await teammate.getByRole('link', { name: 'Create an account' }).click();
    await register(teammate, 'tomas@example.com', 'tomas-harbour-pass-1');
    await expect
      .poll(() => teammate.getByText("You've joined Harbour Goods as member.").count(), { timeout: 30_000 })
      .toBe(1);
    await teammate.getByRole('link', { name: 'Continue to Harbour Goods' }).click();
    await teammate.waitForURL(/\/users\?project=/);
    await expect
      .poll(() => teammate.getByRole('table', { name: 'Members' }).getByText('tomas@example.com').count())
      .toBe(1);

    // As Member, billing is denied, and the page says why.
    await teammate.goto(`${base}/billing?project=${projectId}`);
    const reason = teammate.getByText(/You need: .*\(billing\.read\)/);
    await reason.waitFor();
    await teammate.screenshot({ path: shot('billing-denied') });

    // The owner gives them Finance from the members page.
    await owner.goto(`${base}/users?project=${projectId}`);
    await owner.getByRole('button', { name: /Change role of Tomas|Change role of tomas/ }).click();
    await owner.getByLabel('New role').selectOption({ label: 'Finance' });
    await owner.getByRole('button', { name: 'Save role' }).click();
    await expect
      .poll(() => owner.getByRole('table', { name: 'Members' }).getByText('Finance', { exact: true }).count())
      .toBeGreaterThan(0);
    await owner.screenshot({ path: shot('project-users'), fullPage: true });

    // Now billing opens for them (the server dropped its cached denial when the role changed).
    await teammate.reload();
    await expect.poll(() => teammate.getByText('Spend this period').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await reason.count()).toBe(0);

    // The roles page shows the built-in roles in its permission matrix, on a phone too.
    await owner.setViewportSize({ width: 375, height: 812 });
    await owner.goto(`${base}/users/roles?project=${projectId}`);
    const matrix = owner.getByRole('table').first();
    await matrix.waitFor();
    for (const role of ['Owner', 'Admin', 'Member', 'Finance', 'Viewer'])
      expect(await matrix.getByText(role, { exact: true }).count()).toBeGreaterThan(0);
    await owner.screenshot({ path: shot('roles-375') });
    await owner.setViewportSize({ width: 1280, height: 800 });
    await owner.goto(`${base}/users/roles?project=${projectId}`);
    await matrix.waitFor();
    await owner.screenshot({ path: shot('roles-1280'), fullPage: true });

    // An API key from the developer page calls the API with curl, and is refused once revoked.
    await owner.goto(`${base}/developer?project=${projectId}`);
    const keyForm = owner.getByRole('form', { name: 'Create an API key' });
    await keyForm.getByLabel('Name', { exact: true }).fill('Warehouse sync');
    await keyForm.getByRole('checkbox', { name: /projects\.read/ }).check();
    await keyForm.getByRole('button', { name: 'Create key' }).click();
    const secret = await owner.getByRole('textbox', { name: 'Secret', exact: true }).inputValue();
    expect(secret).toMatch(/^wk_/);
    await owner.screenshot({ path: shot('developer-key-created'), fullPage: true });

    const allowed = curlProject(base, projectId, secret);
    expect(allowed.status).toBe(200);
    expect(JSON.parse(allowed.body)).toMatchObject({ id: projectId, name: 'Harbour Goods' });

    await owner.getByRole('button', { name: "I've stored it safely" }).click();
    await owner.getByRole('button', { name: 'Revoke Warehouse sync' }).click();
    await owner.getByRole('button', { name: 'Revoke key' }).click();
    await expect.poll(() => owner.getByRole('button', { name: 'Revoke Warehouse sync' }).count()).toBe(0);
    expect(curlProject(base, projectId, secret).status).toBe(401);
  }, 120_000);
});
