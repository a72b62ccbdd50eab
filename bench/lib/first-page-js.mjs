// The JavaScript a browser must download before the console's first page can run, measured gzipped.
// Reused by CI to hold the first-page budget, so it only reads files: no server, no browser.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Highest zlib level: the smallest a server could send, so the figure is stable and a lower bound. */
export const GZIP_LEVEL = 9;

/** Budget for the first page's JavaScript, gzipped: 150 KB of 1024 bytes, as e2e/foundation.test.ts holds it. */
export const FIRST_PAGE_JS_BUDGET_BYTES = 150 * 1024;

/**
 * Every script `distDir/index.html` loads (`<script type="module" src>`, classic `<script src>` such as
 * theme-init.js, which blocks first paint) and every `<link rel="modulepreload" href>`, with raw and
 * gzipped sizes. Vite lists each chunk the entry imports statically as a modulepreload, so together
 * they are what the first page loads before any code runs. Chunks imported lazily (route pages) are
 * not in the HTML and are not counted: e2e/foundation.test.ts measures those in a real browser.
 * @param {string} distDir the built web app (the folder holding index.html)
 * @returns {{ files: { file: string, bytes: number, gzipBytes: number }[], totalGzipBytes: number }}
 */
export function firstPageJs(distDir) {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const urls = new Set([...scriptSources(html), ...modulePreloadHrefs(html)]);
  const files = [...urls].map((url) => measureAsset(distDir, url));
  const totalGzipBytes = files.reduce((total, f) => total + f.gzipBytes, 0);
  return { files, totalGzipBytes };
}

/** Comments can hold tags a browser never loads, so they are dropped before looking for tags. */
function withoutComments(html) {
  return html.replace(/<!--[\s\S]*?-->/g, '');
}

/** The attributes of every `<name ...>` opening tag, as plain objects with lower-cased keys. */
function tagsNamed(html, name) {
  const tagPattern = new RegExp(`<${name}\\b([^>]*)>`, 'gi');
  return [...withoutComments(html).matchAll(tagPattern)].map((match) => parseAttributes(match[1]));
}

function parseAttributes(source) {
  const attributePattern = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  const attributes = {};
  for (const [, key, doubleQuoted, singleQuoted, bare] of source.matchAll(attributePattern)) {
    attributes[key.toLowerCase()] = doubleQuoted ?? singleQuoted ?? bare ?? '';
  }
  return attributes;
}

/** Script types a browser runs; others (importmap, application/json, templates) are data. */
const executableScriptType = /^(|module|(text|application)\/(java|ecma)script)$/;

/** `nomodule` scripts are for browsers without ES modules, which the console does not serve. */
function scriptSources(html) {
  return tagsNamed(html, 'script')
    .filter((a) => a.src && !('nomodule' in a) && executableScriptType.test((a.type ?? '').trim().toLowerCase()))
    .map((a) => a.src);
}

function modulePreloadHrefs(html) {
  return tagsNamed(html, 'link')
    .filter((a) => a.href && (a.rel ?? '').toLowerCase().split(/\s+/).includes('modulepreload'))
    .map((a) => a.href);
}

/** Map a URL from index.html to its file in distDir; anything that is not a local file is an error, not a zero. */
function assetPath(distDir, url) {
  if (/^([a-z][a-z\d+.-]*:|\/\/)/i.test(url)) {
    throw new Error(`first-page script ${url} is not served from the build, so it cannot be measured`);
  }
  const relative = decodeURIComponent(url.split(/[?#]/)[0]).replace(/^\.?\/+/, '');
  const absolute = path.resolve(distDir, relative);
  if (path.relative(distDir, absolute).startsWith('..')) {
    throw new Error(`first-page script ${url} points outside ${distDir}`);
  }
  return { relative, absolute };
}

function measureAsset(distDir, url) {
  const { relative, absolute } = assetPath(distDir, url);
  let content;
  try {
    content = readFileSync(absolute);
  } catch (error) {
    throw new Error(`index.html loads ${url}, but ${absolute} cannot be read: ${error.message}`, {
      cause: error,
    });
  }
  return { file: relative, bytes: content.length, gzipBytes: gzipSync(content, { level: GZIP_LEVEL }).length };
}
