import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linkIn } from './support/admin.js';
import { submit, useConsoleWorld } from './support/world.js';

/** What an authenticator app shows now, computed by oathtool (RFC 6238) from the secret the page showed. */
const totp = (secret: string) => execFileSync('oathtool', ['--totp', '-b', secret]).toString().trim();

/** A code is accepted once: wait for the next 30-second step before using a new one. */
async function nextTotpStep(): Promise<void> {
  const msIntoStep = Date.now() % 30_000;
  await new Promise((r) => setTimeout(r, 30_000 - msIntoStep + 500));
}

describe('accounts in the browser', () => {
  const world = useConsoleWorld();

  /** `code` answers the second step; a recovery code goes through "Use a recovery code". */
  async function signIn(page: Page, email: string, password: string, code?: () => string, recovery = false) {
    await page.goto(`${world.server.baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await submit(page);
    if (code) {
      if (recovery) await page.getByRole('button', { name: 'Use a recovery code' }).click();
      const field = page.getByLabel(/Authentication code|Recovery code/);
      await field.waitFor();
      await field.fill(code());
      await submit(page);
    }
    await page.waitForURL(/\/dashboard\//).catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/e2e-signin-failure.png' });
      throw error;
    });
  }

  async function signOut(page: Page) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/login\/?$/);
  }

  it('register, verify, sign out and in, two-factor with oathtool, change password, reset through the mailed link', async () => {
    const email = 'marina@example.com';
    const first = 'first-harbour-pass-1';
    const context: BrowserContext = await world.browser.newContext();
    const page = await context.newPage();

    // Register: the captcha solves itself in the background, then the new account is signed in.
    await page.goto(`${world.server.baseUrl}/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(first);
    await submit(page);
    await page.waitForURL(/\/dashboard\//, { timeout: 30_000 });

    // The verification link from the outbox.
    const verification = await world.admin.lastMailTo(email, /Verify your email/);
    await page.goto(linkIn(verification, '/verify-email'));
    await expect.poll(() => page.getByText(/verified/i).count()).toBeGreaterThan(0);

    await page.goto(`${world.server.baseUrl}/settings`);
    await signOut(page);
    await signIn(page, email, first);

    // Two-factor: confirm the password, read the secret, answer with oathtool's code.
    await page.goto(`${world.server.baseUrl}/settings/two-factor-authentication`);
    await page.waitForURL(/setup-authenticator/);
    await page.getByLabel('Password', { exact: true }).fill(first);
    await submit(page);
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('6-digit code from the app').fill(totp(secret));
    await submit(page);
    const codes = (await page.getByLabel('Recovery codes').first().textContent())!.match(/[a-z0-9]{5}-[a-z0-9]{5}/g)!;
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved these codes' }).click();

    // Sign out; signing in now asks for a fresh code.
    await signOut(page);
    await nextTotpStep();
    await signIn(page, email, first, () => totp(secret));

    // Another browser signed in at the same time is signed out by a password change.
    const elsewhere = await world.browser.newContext();
    const other = await elsewhere.newPage();
    await signIn(other, email, first, () => codes[0]!, true);
    const second = 'second-harbour-pass-2';
    await page.goto(`${world.server.baseUrl}/settings/change-password`);
    await page.getByLabel('Current password').fill(first);
    await page.getByLabel('New password', { exact: true }).fill(second);
    await page.getByLabel('Confirm new password').fill(second);
    await submit(page);
    await expect.poll(() => page.getByText(/password (was |has been )?changed/i).count()).toBeGreaterThan(0);
    await other.goto(`${world.server.baseUrl}/settings`);
    await other.waitForURL(/\/login\?redirect=/);
    await elsewhere.close();

    // Forgotten password: the mailed link resets it, and the new password signs in.
    await signOut(page);
    await page.goto(`${world.server.baseUrl}/forgotten-password`);
    await page.getByLabel('Email').fill(email);
    await submit(page);
    await expect.poll(() => page.getByText(/we've sent a link/i).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const reset = await world.admin.lastMailTo(email, /Reset your/);
    await page.goto(linkIn(reset, '/reset-password'));
    const third = 'third-harbour-pass-3';
    await page.getByLabel('New password', { exact: true }).fill(third);
    await page.getByLabel('Confirm new password').fill(third);
    await submit(page);
    await page.waitForURL(/\/login/);
    await signIn(page, email, third, () => codes[1]!, true);
    await context.close();
  }, 180_000);

  it('device flow: a device asks for a code, the user approves it at /device, the poll receives a working token', async () => {
    const context = await world.browser.newContext();
    const page = await context.newPage();
    const email = 'devices@example.com';
    await page.goto(`${world.server.baseUrl}/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('device-harbour-pass-1');
    await submit(page);
    await page.waitForURL(/\/dashboard\//, { timeout: 30_000 });

    const start = await (
      await fetch(`${world.server.baseUrl}/v1/auth/device/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json();
    const poll = () =>
      fetch(`${world.server.baseUrl}/v1/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: start.device_code }),
      }).then((r) => r.json());
    expect((await poll()).code).toBe('authorization_pending');

    await page.goto(start.verification_uri_complete);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect.poll(() => page.getByText(/Device approved/i).count()).toBeGreaterThan(0);

    await new Promise((r) => setTimeout(r, start.interval * 1000 + 200));
    const { token } = await poll();
    const verified = await fetch(`${world.server.baseUrl}/v1/auth/token/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verified.status).toBe(200);
    expect((await verified.json()).valid).toBe(true);
    await context.close();
  });

  it('sends a signed-out visitor to login with the full path, returns them there, and ignores off-site redirects', async () => {
    const context = await world.browser.newContext();
    const page = await context.newPage();
    const email = 'redirects@example.com';
    const password = 'redirect-harbour-pass-1';
    await page.goto(`${world.server.baseUrl}/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await submit(page);
    await page.waitForURL(/\/dashboard\//, { timeout: 30_000 });
    await signOut(page);

    await page.goto(`${world.server.baseUrl}/settings/change-password?from=mail`);
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/settings/change-password?from=mail');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await submit(page);
    await page.waitForURL(`${world.server.baseUrl}/settings/change-password?from=mail`);
    await signOut(page);

    for (const offSite of ['//evil.example/steal', 'https://evil.example/', '/\\evil.example']) {
      await page.goto(`${world.server.baseUrl}/login?redirect=${encodeURIComponent(offSite)}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await submit(page);
      await page.waitForURL(/\/dashboard\//);
      expect(new URL(page.url()).origin).toBe(world.server.baseUrl);
      await signOut(page);
    }
    await context.close();
  });
});
