// Where the signed-in /dashboard/'s main thread goes while it loads: a JavaScript CPU profile in
// Debian's Chromium at Lighthouse's 4× slower CPU, three cold loads. Prints self time by script and by
// function, and one load's busy stretches with the functions under them. For finding what to take off
// the first paint when `bench/lighthouse.mjs` is below target. Run after `npm run build`; for function
// names rather than minified ones, build with `npx vite build --minify false` in apps/web first.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { stopAllServers } from './lib/servers.mjs';
import { launchChromium, projectOf, signIn } from './lib/lighthouse-browser.mjs';
import { adminSession, startWharf } from './lib/wharf.mjs';

const LOADS = 3;
/** Samples more than this far apart (µs) belong to different stretches of work. */
const GAP_US = 2000;
const NATIVE = new Set(['(idle)', '(program)', '(garbage collector)']);

const fileOf = (url) => url.replace(/.*\//, '');
const top = (counts, n) =>
  Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);

/** One cold load under a CPU profile; the profile and the page's largest contentful paint (ms). */
async function profiledLoad(browser, url) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle0' });
  const { profile } = await cdp.send('Profiler.stop');
  const lcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1).startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      }),
  );
  await page.close();
  return { profile, lcp };
}

/** Self time (ms) by script file and by function. */
function selfTimes(profile, byFile, byFunction) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, i) => {
    const frame = nodes.get(id).callFrame;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const file = fileOf(frame.url) || frame.functionName;
    byFile[file] = (byFile[file] ?? 0) + ms;
    const fn = `${frame.functionName || '(anonymous)'} ${fileOf(frame.url)}:${frame.lineNumber}:${frame.columnNumber}`;
    byFunction[fn] = (byFunction[fn] ?? 0) + ms;
  });
}

/** The stretches of script work in one load, each with the functions found most on its stacks. */
function stretches(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  const stack = (id) => {
    const frames = [];
    for (let at = id; at !== undefined; at = parent.get(at)) frames.push(nodes.get(at).callFrame);
    return frames.reverse().filter((frame) => frame.url);
  };
  const found = [];
  let current;
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i];
    if (NATIVE.has(nodes.get(id).callFrame.functionName)) return;
    if (current && time - current.end > GAP_US) {
      found.push(current);
      current = undefined;
    }
    current ??= { start: time, end: time, functions: {} };
    current.end = time;
    for (const name of new Set(
      stack(id)
        .map((frame) => frame.functionName)
        .filter(Boolean),
    ))
      current.functions[name] = (current.functions[name] ?? 0) + 1;
  });
  if (current) found.push(current);
  return found.map((s) => ({
    startMs: (s.start - profile.startTime) / 1000,
    ms: (s.end - s.start) / 1000,
    functions: top(s.functions, 15).map(([name]) => name),
  }));
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wharf-profile-'));
let chrome;
try {
  const wharf = await startWharf(dataDir);
  const { session } = await adminSession(wharf);
  const project = await projectOf(wharf, session, 'Profiled Goods');
  chrome = await launchChromium();
  await signIn(chrome, wharf, session);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const byFile = {};
  const byFunction = {};
  let last;
  for (let load = 0; load < LOADS; load++) {
    last = await profiledLoad(browser, `${wharf.url}/dashboard/?project=${project}`);
    console.log(`load ${load + 1}: largest contentful paint at ${Math.round(last.lcp)} ms`);
    selfTimes(last.profile, byFile, byFunction);
  }
  console.log(`self time by script, ms over ${LOADS} loads:`);
  for (const [file, ms] of top(byFile, 12)) console.log(`  ${Math.round(ms)}  ${file}`);
  console.log('self time by function:');
  for (const [fn, ms] of top(byFunction, 30)) console.log(`  ${Math.round(ms)}  ${fn}`);
  console.log('the last load, stretches of script work over 5 ms (start, length, functions on their stacks):');
  for (const s of stretches(last.profile).filter((s) => s.ms > 5))
    console.log(`  ${Math.round(s.startMs)} ms +${Math.round(s.ms)} ms  ${s.functions.join(' ')}`);
  await browser.disconnect();
} finally {
  await chrome?.kill();
  await stopAllServers();
  rmSync(dataDir, { recursive: true, force: true });
}
