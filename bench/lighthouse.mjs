// Lighthouse (performance category, median of 3 runs) on /login and /dashboard/ of the built
// console, in Debian's Chromium. The target is a score of 95 or more; the figures go into
// docs/performance.md. Run with `npm run bench` (or `node bench/lighthouse.mjs` after a build).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { stopAllServers } from './lib/servers.mjs';
import { adminSession, bearerToken, startWharf } from './lib/wharf.mjs';

const RUNS = 3;
const TARGET = 95;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function projectOf(wharf, session) {
  const res = await fetch(`${wharf.url}/v1/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await bearerToken(wharf, session)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Lighthouse Goods', organisationName: 'Lighthouse Co' }),
  });
  if (!res.ok) throw new Error(`project not created: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

/** Lighthouse's storage reset would also sign the browser out; clear only the HTTP cache, so every run is cold. */
async function clearCache(chrome) {
  const control = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const tab = await control.newPage();
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await tab.close();
  await control.disconnect();
}

async function audit(chrome, url, signedIn) {
  if (signedIn) await clearCache(chrome);
  const result = await lighthouse(url, {
    port: chrome.port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
    // A signed-in page needs the session cookie the browser already holds (set below): keep storage.
    ...(signedIn ? { disableStorageReset: true } : {}),
  });
  const { lhr } = result;
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/** The admin's session cookie, as the browser would hold it after signing in (extra headers can't carry cookies). */
async function signIn(chrome, wharf, session) {
  const control = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const [name, value] = session.split('=');
  await control.setCookie({ name, value, domain: new URL(wharf.url).hostname, path: '/', httpOnly: true });
  await control.disconnect();
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wharf-lighthouse-'));
let chrome;
try {
  const wharf = await startWharf(dataDir);
  const { session } = await adminSession(wharf);
  const project = await projectOf(wharf, session);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const pages = [
    { name: '/login', url: `${wharf.url}/login`, signedIn: false },
    { name: '/dashboard/', url: `${wharf.url}/dashboard/?project=${project}`, signedIn: true },
  ];
  console.log(`\nLighthouse performance, median of ${RUNS} runs (target ${TARGET}):`);
  console.log('page          score  FCP ms  LCP ms  TBT ms    CLS  final URL');
  for (const page of pages) {
    // The signed-out page first; then the browser holds the session the signed-in page needs.
    if (page.signedIn) await signIn(chrome, wharf, session);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome, page.url, page.signedIn));
    const pick = (key) => median(runs.map((r) => r[key]));
    const score = pick('score');
    console.log(
      `${page.name.padEnd(12)} ${String(score).padStart(6)} ${pick('fcp').toFixed(0).padStart(7)} ${pick('lcp')
        .toFixed(0)
        .padStart(7)} ${pick('tbt').toFixed(0).padStart(7)} ${pick('cls').toFixed(3).padStart(6)}  ${
        runs[0].finalUrl
      }${score < TARGET ? '   (below target)' : ''}`,
    );
  }
} finally {
  await chrome?.kill();
  await stopAllServers();
  rmSync(dataDir, { recursive: true, force: true });
}
