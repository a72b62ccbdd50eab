// Lighthouse (performance category, median of 3 runs) on /login and /dashboard/ of the built
// console, in Debian's Chromium. The target is a score of 95 or more; the figures go into
// docs/performance.md. Run with `npm run bench` (or `node bench/lighthouse.mjs` after a build).
//
// Comparisons, run for run in turn on one database so the machine's noise falls on both alike:
// - `--against <dir>`: this build against another built console (a copy of an earlier apps/web/dist);
// - `--compare-preloads`: this build against itself without its modulepreload links (route-preloads.json).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { stopAllServers } from './lib/servers.mjs';
import { launchChromium, projectOf, signIn } from './lib/lighthouse-browser.mjs';
import { adminSession, repoRoot, startWharf } from './lib/wharf.mjs';

/** The median of 3; `--runs 5` (or more) when deciding between two builds on a noisy machine. */
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs takes a whole number of runs, 1 or more');
const TARGET = 95;

/** Of the runs that measured it: a run Lighthouse could not finish (a page error, a timeout) has no figure. */
const median = (values) => {
  const measured = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return measured.length === 0 ? NaN : measured[Math.floor(measured.length / 2)];
};

/**
 * Lighthouse's storage reset would also sign the browser out; clear only the HTTP cache, so every run
 * is cold. A signed-out run also drops the cookies: a session from an earlier signed-in run (on any
 * port of this host) would otherwise send /login on to the signed-in person's page.
 */
async function clearCache(chrome, { cookies }) {
  const control = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const tab = await control.newPage();
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  if (cookies) await cdp.send('Network.clearBrowserCookies');
  await tab.close();
  await control.disconnect();
}

async function audit(chrome, url, signedIn) {
  await clearCache(chrome, { cookies: !signedIn });
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
  if (lhr.runtimeError) console.error(`${url}: Lighthouse could not measure it (${lhr.runtimeError.code})`);
  return {
    score: lhr.categories.performance.score === null ? NaN : Math.round(lhr.categories.performance.score * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    finalUrl: lhr.finalDisplayedUrl,
  };
}

const comparePreloads = process.argv.includes('--compare-preloads');
const againstAt = process.argv.indexOf('--against');
const against = againstAt > 0 ? path.resolve(process.argv[againstAt + 1] ?? '') : undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wharf-lighthouse-'));
const builtWeb = path.join(repoRoot, 'apps/web/dist');
/** The same build without its preload list: the server then names no page chunks. */
const withoutPreloads = () => {
  const dir = path.join(dataDir, 'web-without-preloads');
  cpSync(builtWeb, dir, { recursive: true });
  rmSync(path.join(dir, 'route-preloads.json'));
  return dir;
};
const variants = comparePreloads
  ? [
      { name: 'with preloads', web: builtWeb },
      { name: 'without', web: withoutPreloads() },
    ]
  : against
    ? [
        { name: 'this build', web: builtWeb },
        { name: 'against', web: against },
      ]
    : [{ name: '', web: builtWeb }];

const line = (label, runs) => {
  const pick = (key) => median(runs.map((r) => r[key]));
  const score = pick('score');
  console.log(
    `${label.padEnd(28)} ${String(score).padStart(6)} ${pick('fcp').toFixed(0).padStart(7)} ${pick('lcp')
      .toFixed(0)
      .padStart(7)} ${pick('tbt').toFixed(0).padStart(7)} ${pick('cls').toFixed(3).padStart(6)}  ${runs[0].finalUrl}${
      score < TARGET ? '   (below target)' : ''
    }`,
  );
  return pick;
};

let chrome;
try {
  // One database for every variant (sessions and the project carry over); a server per variant in turn.
  let wharf = await startWharf(dataDir, { WEB_DIST_DIR: variants[0].web });
  const { session } = await adminSession(wharf);
  const project = await projectOf(wharf, session);
  chrome = await launchChromium();
  const pages = [
    { name: '/login', path: '/login', signedIn: false },
    { name: '/dashboard/', path: `/dashboard/?project=${project}`, signedIn: true },
  ];
  const results = new Map(pages.flatMap((page) => variants.map((v) => [`${page.name} ${v.name}`, []])));
  for (let i = 0; i < RUNS; i++) {
    for (const variant of variants) {
      if (wharf === undefined) wharf = await startWharf(dataDir, { WEB_DIST_DIR: variant.web });
      for (const page of pages) {
        // The signed-out page first; then the browser holds the session the signed-in page needs.
        if (page.signedIn) await signIn(chrome, wharf, session);
        results
          .get(`${page.name} ${variant.name}`)
          .push(await audit(chrome, `${wharf.url}${page.path}`, page.signedIn));
      }
      if (variants.length > 1) {
        await wharf.stop();
        wharf = undefined;
      }
    }
  }
  console.log(`\nLighthouse performance, median of ${RUNS} runs (target ${TARGET}):`);
  console.log('page                          score  FCP ms  LCP ms  TBT ms    CLS  final URL');
  for (const page of pages) {
    const picks = variants.map((v) => line(`${page.name} ${v.name}`.trim(), results.get(`${page.name} ${v.name}`)));
    if (picks.length === 2) {
      const ratio = (key) => (picks[0](key) / picks[1](key)).toFixed(2);
      console.log(
        `${''.padEnd(28)} ratio first/second: score ${ratio('score')}, FCP ${ratio('fcp')}, LCP ${ratio('lcp')}`,
      );
    }
  }
} finally {
  await chrome?.kill();
  await stopAllServers();
  rmSync(dataDir, { recursive: true, force: true });
}
