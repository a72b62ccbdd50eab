// What the Lighthouse scripts share: a project to measure, Chromium, and the admin's session in it.
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { bearerToken } from './wharf.mjs';

const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A new project of the signed-in admin's, by the API; its id. */
export async function projectOf(wharf, session, name = 'Lighthouse Goods') {
  const res = await fetch(`${wharf.url}/v1/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await bearerToken(wharf, session)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name, organisationName: `${name} Co` }),
  });
  if (!res.ok) throw new Error(`project not created: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

/** Debian's Chromium, headless, as the issue asks. */
export function launchChromium() {
  return chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/** The admin's session cookie, as the browser would hold it after signing in (extra headers can't carry cookies). */
export async function signIn(chrome, wharf, session) {
  const control = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const [name, value] = session.split('=');
  await control.setCookie({ name, value, domain: new URL(wharf.url).hostname, path: '/', httpOnly: true });
  await control.disconnect();
}
