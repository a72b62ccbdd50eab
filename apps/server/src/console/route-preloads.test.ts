import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../test/app.js';
import { signInAs, type TestBrowser } from '../test/accounts.js';
import { bearerUser } from '../test/projects.js';
import { preloadLinks } from './route-preloads.js';

const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('route preloads', () => {
  const links = preloadLinks([
    { path: '/login', user: false, files: ['/assets/Login-1.js'] },
    { path: '/reset-password/$token', user: false, files: ['/assets/Reset password-1.js'] },
    { path: '/dashboard/', user: true, files: ['/assets/Dashboard-1.js'], styles: ['/assets/frame-1.css'] },
    { path: '/billing/invoices/$invoiceId', user: true, files: ['/assets/Invoice-1.js'] },
    { path: '/billing/invoices/export', user: true, files: ['/assets/Export-1.js'] },
    {
      path: '/evil',
      user: false,
      files: ['"><script>alert(1)</script>', 'https://elsewhere.example/x.js'],
      styles: ['https://elsewhere.example/x.css', '/assets/x.css"><script>'],
    },
  ]);

  it('matches paths as the router does: parameters are one segment, a trailing slash optional', () => {
    expect(links('/dashboard/', true)).toBe(
      '<link rel="stylesheet" href="/assets/frame-1.css"><link rel="modulepreload" crossorigin href="/assets/Dashboard-1.js">',
    );
    expect(links('/dashboard', true)).toContain('Dashboard-1.js');
    expect(links('/billing/invoices/42', true)).toContain('Invoice-1.js');
    expect(links('/billing/invoices/42/lines', true)).toBe('');
    expect(links('/nowhere', true)).toBe('');
  });

  it('prefers a path of fixed segments to one with parameters, whatever the order', () => {
    expect(links('/billing/invoices/export', true)).toContain('Export-1.js');
    expect(links('/billing/invoices/export', true)).not.toContain('Invoice-1.js');
  });

  it("preloads nothing of a user's page for a visitor, who will be sent to sign in", () => {
    expect(links('/dashboard/', false)).toBe('');
    expect(links('/login', false)).toContain('Login-1.js');
  });

  it("preloads a chunk named with a space (SPEC.md's page chunk names), percent-encoded as its import asks", () => {
    expect(links('/reset-password/abc', false)).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/Reset%20password-1.js">',
    );
  });

  it('writes only built assets into the page', () => {
    expect(links('/evil', false)).toBe('');
  });
});

describe('route preloads in the page the server sends', () => {
  let t: TestApp;
  let browser: TestBrowser;

  beforeAll(async () => {
    t = await createStartedTestApp();
    await bearerUser(t, 'preload.owner@example.com');
    browser = await signInAs(t, 'preload.owner@example.com');
  });
  afterAll(() => t.close());

  it("names the page's chunks in its head, for the visitor's pages and a signed-in person's", async () => {
    const login = await t.app.inject({ method: 'GET', url: '/login?redirect_uri=%2Fdashboard%2F' });
    expect(preloaded(login.body)).toEqual(['/assets/Login-abc123.js']);
    expect(login.body.indexOf('modulepreload')).toBeLessThan(login.body.indexOf('</head>'));

    const dashboard = await browser.get('/dashboard/?project=x');
    expect(preloaded(dashboard.body)).toEqual(['/assets/Dashboard-abc123.js', '/assets/StandardLayout-abc123.js']);
    expect((await browser.get('/support/tutorials/new')).body).toContain('NewTutorial-abc123.js');
    expect((await browser.get('/support/tutorials/a-slug')).body).toContain('/assets/Tutorial-abc123.js');
  });

  it('preloads nothing for an unknown path or a signed-out visitor on a user page', async () => {
    expect(preloaded((await browser.get('/no-such-page')).body)).toEqual([]);
    expect(preloaded((await t.app.inject({ method: 'GET', url: '/dashboard/' })).body)).toEqual([]);
  });
});
