// One Lighthouse run on the signed-in /dashboard/ with what it is waiting on: the LCP element and
// its phases, script boot-up, main-thread work and every request in order (observed times). For
// finding the next step when `bench/lighthouse.mjs` is below target. Run after `npm run build`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { stopAllServers } from './lib/servers.mjs';
import { launchChromium, projectOf, signIn } from './lib/lighthouse-browser.mjs';
import { adminSession, startWharf } from './lib/wharf.mjs';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wharf-lighthouse-diagnose-'));
let chrome;
try {
  const wharf = await startWharf(dataDir);
  const { session } = await adminSession(wharf);
  const project = await projectOf(wharf, session, 'Diagnosed Goods');
  chrome = await launchChromium();
  await signIn(chrome, wharf, session);
  const { lhr } = await lighthouse(`${wharf.url}/dashboard/?project=${project}`, {
    port: chrome.port,
    onlyCategories: ['performance'],
    logLevel: 'error',
    output: 'json',
    disableStorageReset: true,
  });
  const audits = lhr.audits;
  const lcp = audits['largest-contentful-paint-element']?.details?.items ?? [];
  console.log(`score ${Math.round(lhr.categories.performance.score * 100)}`);
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'interactive'])
    console.log(`${id}: ${Math.round(audits[id].numericValue)} ms`);
  // What the browser really did, before Lighthouse's simulation of slow 4G and a 4× slower CPU.
  const observed = audits.metrics.details.items[0];
  console.log(
    `observed (real time): FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, load ${observed.observedLoad} ms`,
  );
  console.log(`LCP element: ${lcp[0]?.items?.[0]?.node?.snippet ?? '?'}`);
  for (const phase of lcp[1]?.items ?? []) console.log(`  ${phase.phase}: ${Math.round(phase.timing)} ms`);
  for (const shift of audits['layout-shifts']?.details?.items ?? [])
    console.log(`layout shift ${shift.score.toFixed(4)}: ${shift.node?.snippet ?? '?'}`);
  console.log('script boot-up (ms total / scripting):');
  for (const item of audits['bootup-time'].details.items.slice(0, 8))
    console.log(`  ${Math.round(item.total)} / ${Math.round(item.scripting)}  ${item.url}`);
  console.log('long tasks (start ms, duration ms, where):');
  for (const task of audits['long-tasks'].details?.items ?? [])
    console.log(
      `  ${Math.round(task.startTime)} +${Math.round(task.duration)}  ${task.url.replace(/^https?:\/\/[^/]+/, '')}`,
    );
  console.log('main thread (ms):');
  for (const item of audits['mainthread-work-breakdown'].details.items)
    console.log(`  ${Math.round(item.duration)}  ${item.group}`);
  const requests = audits['network-requests'].details.items;
  console.log(`requests (${requests.length}; start–end ms, type, bytes):`);
  for (const r of requests)
    console.log(
      `  ${Math.round(r.networkRequestTime)}–${Math.round(r.networkEndTime)}  ${r.resourceType}  ${r.transferSize}  ${r.url.replace(/^https?:\/\/[^/]+/, '')}`,
    );
} finally {
  await chrome?.kill();
  await stopAllServers();
  rmSync(dataDir, { recursive: true, force: true });
}
