import type { Browser, BrowserContext, Page } from 'playwright-core';
import { submit } from './world.js';

export const E2E_PASSWORD = 'shell-harbour-pass-1';
/** Any agreeing cookie/header pair passes the double-submit check; a script is its own browser. */
const csrf = { 'x-csrf-token': 'e2e' };

/** The cookies a browser context holds for the console, as one header, with our own CSRF pair. */
async function cookieHeader(context: BrowserContext): Promise<string> {
  const cookies = (await context.cookies())
    .filter((c) => c.name !== 'wharf-XSRF-TOKEN')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  return `${cookies}; wharf-XSRF-TOKEN=e2e`;
}

export interface ApiAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

async function answerOf(res: Response): Promise<ApiAnswer> {
  return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as Record<string, unknown>) };
}

const jsonBody = (body: unknown) =>
  body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };

/** A bearer token minted from the browser context's session, for a /v1 call a script makes. */
export async function bearerFor(base: string, context: BrowserContext): Promise<string> {
  const token = await fetch(`${base}/omnis/v3/dashboard/user/token`, {
    method: 'POST',
    headers: { ...csrf, cookie: await cookieHeader(context) },
  });
  return ((await token.json()) as { token: string }).token;
}

/** A service (/v1) call as the browser context's signed-in user, with a bearer minted from its session. */
export async function apiAs(
  base: string,
  context: BrowserContext,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const bearer = await bearerFor(base, context);
  const { headers, ...rest } = jsonBody(body);
  return answerOf(
    await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${bearer}`, ...headers }, ...rest }),
  );
}

/** An account (/omnis) call with the browser context's session cookie. */
export async function accountCall(
  base: string,
  context: BrowserContext,
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const { headers, ...rest } = jsonBody(body);
  return answerOf(
    await fetch(`${base}${path}`, {
      method,
      headers: { ...csrf, cookie: await cookieHeader(context), ...headers },
      ...rest,
    }),
  );
}

/** A new browser context with a freshly registered, signed-in person. */
export async function registered(browser: Browser, base: string, email: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const tab = await context.newPage();
  await tab.goto(`${base}/register`);
  await tab.getByLabel('Email').fill(email);
  await tab.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
  await submit(tab);
  await tab.waitForURL(/\/dashboard\//, { timeout: 30_000 });
  await tab.close();
  return context;
}

/** A new browser context signed in with a session cookie (`wharf_session=…`), such as the admin's. */
export async function signedInWith(browser: Browser, base: string, session: string): Promise<BrowserContext> {
  const context = await browser.newContext();
  const [name, value] = session.split(/=(.*)/s) as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  return context;
}

/** A freshly registered person who owns a new project, with a tab open in their browser. */
export async function ownerOfNewProject(
  browser: Browser,
  base: string,
  email: string,
  project: { name: string; organisationName: string },
): Promise<{ person: BrowserContext; projectId: string; page: Page }> {
  const person = await registered(browser, base, email);
  const created = await apiAs(base, person, 'POST', '/v1/projects', project);
  if (created.status !== 201) throw new Error(`Project not created: ${JSON.stringify(created.body)}`);
  return { person, projectId: (created.body as { id: string }).id, page: await person.newPage() };
}
