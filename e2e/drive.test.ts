import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../apps/server/src/test/s3-server.js';
import { apiAs, ownerOfNewProject } from './support/people.js';
import { useConsoleWorld } from './support/world.js';

const shots = path.join(tmpdir(), 'drive-shots');
const shot = (name: string) => path.join(shots, `${name}.png`);
const PHONE = { width: 375, height: 812 };
/** Searches wait for typing to pause, then ask the server: on a busy machine that takes more than a second. */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const DESKTOP = { width: 1280, height: 900 };

interface Upload {
  name: string;
  type: string;
  base64: string;
}

/** A 640 × 480 picture with its name on it. */
async function picture(name: string, from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="640" height="480" fill="url(#g)"/>
    <circle cx="470" cy="150" r="70" fill="#ffffff" fill-opacity="0.35"/>
    <text x="40" y="420" font-family="sans-serif" font-size="48" font-weight="700" fill="#ffffff">${name}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The smallest PDF the drive reads as one: its bytes start `%PDF-`. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const upload = (name: string, type: string, bytes: Buffer): Upload => ({
  name,
  type,
  base64: bytes.toString('base64'),
});

/** Files dropped on the page as a person drops them: a DataTransfer built in the page, then drag events. */
async function dropFiles(page: Page, files: Upload[]) {
  const dataTransfer = await page.evaluateHandle((list: Upload[]) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return transfer;
  }, files);
  const target = page.getByRole('heading', { name: 'Drive', level: 1 });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await page.getByText('Drop files to upload them').waitFor();
  await target.dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}

/** Whether the page scrolls sideways. */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/**
 * The Drive module's page in Chromium: installed in a project, four files dropped on the page at
 * once (three PNG images and a PDF), each with its progress; a file whose bytes are not what it
 * says refused in the server's words; a search by type; a tag; a public link opened signed out; a
 * delete after its confirmation; and the page at 375 px without sideways scrolling.
 */
describe.each(['local', 's3'] as const)('drive, from dropped files to a public link (%s store)', (backing) => {
  // The S3 store's run: an S3-protocol server on loopback, named in the server's settings before it starts.
  const storeSettings: Record<string, string> = {};
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  beforeAll(async () => {
    if (backing !== 's3') return;
    s3 = await startS3Server();
    Object.assign(storeSettings, {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
  });
  afterAll(() => s3?.close());
  const world = useConsoleWorld(storeSettings);
  let base: string;
  let person: BrowserContext;
  let page: Page;
  let projectId: string;
  let harbour: Buffer;

  // The grid's tiles, not the tags' list items inside them.
  const files = () => page.getByRole('list', { name: 'Files' }).locator(':scope > li');
  const card = (name: string) => files().filter({ has: page.getByRole('button', { name, exact: true }) });
  const actionsOf = async (name: string, item: string) => {
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: item }).click();
  };
  const listed = async () =>
    (
      (await apiAs(base, person, 'GET', `/v1/drive/metadata?project=${projectId}&sortBy=name`)).body as {
        items: { name: string; tags: string[]; public: boolean }[];
      }
    ).items;

  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    base = world.server.baseUrl;
    ({ person, projectId, page } = await ownerOfNewProject(world.browser, base, 'dara@example.com', {
      name: 'Dara Prints',
      organisationName: 'Dara Trading',
    }));
    const installed = await apiAs(base, person, 'POST', `/v1/projects/${projectId}/integrations/drive`);
    expect(installed.status).toBe(201);
    harbour = await picture('Harbour', '#0b5cad', '#12703a');
  });

  it('uploads dropped files with progress, finds, tags, shares and deletes them', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`${base}/dashboard/?project=${projectId}`);
    // The module's page is where the console reaches an installed module: under Modules.
    const entry = page
      .getByRole('navigation', { name: 'Project' })
      .getByRole('link', { name: 'Drive', includeHidden: true });
    await eventually(() => entry.getAttribute('href')).toMatch(/^\/modules\/drive/);
    await page.goto(`${base}/modules/drive?project=${projectId}`);
    await page.getByText('No files yet').waitFor();
    await expect(page.getByRole('meter', { name: 'Drive usage' }).getAttribute('aria-valuetext')).resolves.toBe(
      '0 bytes of 1 GB used',
    );

    // Four files at once, by drag and drop; each has its own progress bar, and each reaches the end.
    await dropFiles(page, [
      upload('harbour.png', 'image/png', harbour),
      upload('lighthouse.png', 'image/png', await picture('Lighthouse', '#b42318', '#8a4b00')),
      upload('tide-chart.png', 'image/png', await picture('Tide chart', '#4b5b72', '#0b5cad')),
      upload('price-list.pdf', 'application/pdf', PDF),
    ]);
    const uploads = page.getByRole('region', { name: 'Uploads' });
    await eventually(() => uploads.getByRole('progressbar').count()).toBe(4);
    for (const name of ['harbour.png', 'lighthouse.png', 'tide-chart.png', 'price-list.pdf']) {
      const bar = uploads.getByRole('progressbar', { name: `Upload of ${name}` });
      await eventually(() => bar.getAttribute('aria-valuenow')).toBe('100');
    }
    await uploads.getByText('4 uploads finished').waitFor();
    await eventually(() => files().count()).toBe(4);
    await page.getByRole('region', { name: 'Storage' }).getByText('4 files', { exact: true }).waitFor();

    // A file whose bytes are not what its type says is refused, in the server's words, and not kept.
    await dropFiles(page, [upload('not-a-picture.png', 'image/png', PDF)]);
    await uploads
      .getByText(
        'Not what its type says. The file was declared as image/png but its bytes are a PDF document (application/pdf).',
      )
      .waitFor();
    await expect
      .poll(async () => (await listed()).map((f) => f.name))
      .toEqual(['harbour.png', 'lighthouse.png', 'price-list.pdf', 'tide-chart.png']);
    await page.screenshot({ path: shot('e2e-uploaded-1280'), fullPage: true });
    await uploads.getByRole('button', { name: 'Clear finished' }).click();

    // Search by type: the three images, not the PDF.
    await page.getByLabel('Search files').fill('type:image');
    await eventually(() => files().count()).toBe(3);
    await expect(card('price-list.pdf').count()).resolves.toBe(0);
    // A search the server cannot read says why.
    await page.getByLabel('Search files').fill('type:spreadsheet');
    await page.getByText(/Unknown type "spreadsheet" in the search/).waitFor();
    await page.getByLabel('Search files').fill('type:image');
    await eventually(() => files().count()).toBe(3);

    // A tag, from the file's details.
    await actionsOf('harbour.png', 'Edit details…');
    const details = page.getByRole('form', { name: 'File details' });
    await details.getByLabel('Tags').fill('summer, quay');
    await details.getByLabel('Alt text').fill('The harbour at dawn');
    await details.getByRole('button', { name: 'Save' }).click();
    // The page behind a modal dialog is inert: wait until it has closed.
    await details.waitFor({ state: 'detached' });
    await card('harbour.png').getByText('summer').waitFor();
    await page.getByLabel('Search files').fill('tag:summer');
    await eventually(() => files().count()).toBe(1);

    // Public, and its link opened by someone signed out gets the image.
    await actionsOf('harbour.png', 'Make public');
    await card('harbour.png').getByText('Public', { exact: true }).waitFor();
    await actionsOf('harbour.png', 'Edit details…');
    const link = await details.getByRole('textbox', { name: 'Public link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${base}/v1/drive/public/${projectId}/files/[0-9a-f-]{36}\\?v=1$`));
    await details.getByRole('button', { name: 'Cancel' }).click();
    await details.waitFor({ state: 'detached' });
    expect((await listed()).find((f) => f.name === 'harbour.png')).toMatchObject({
      tags: ['summer', 'quay'],
      public: true,
    });

    const stranger = await world.browser.newContext();
    const tab = await stranger.newPage();
    const answer = await tab.goto(link);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-type']).toBe('image/png');
    expect(Buffer.compare(await answer!.body(), harbour)).toBe(0);
    // The grid shows it through its signed webp srcset; the 400-px webp opens signed out too.
    const image = card('harbour.png').locator('picture img');
    await eventually(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain('type=webp');
    const webpSrcset = await card('harbour.png').locator('picture source[type="image/webp"]').getAttribute('srcset');
    const webp400 = webpSrcset!
      .split(', ')
      .find((entry) => entry.endsWith(' 400w'))!
      .split(' ')[0]!;
    const rendered = await tab.goto(new URL(webp400, base).href);
    expect(rendered?.status()).toBe(200);
    expect(rendered?.headers()['content-type']).toBe('image/webp');
    expect(await sharp(await rendered!.body()).metadata()).toMatchObject({ format: 'webp', width: 400 });
    await stranger.close();
    // A private file's link is nothing to a stranger (asked afresh: the browser may keep the public
    // answer, which names its version, for a year).
    await actionsOf('harbour.png', 'Make private');
    await card('harbour.png').getByText('Public', { exact: true }).waitFor({ state: 'detached' });
    expect((await fetch(link)).status).toBe(404);

    // Delete one, chosen by keyboard, after the dialog says how many.
    await page.getByLabel('Search files').fill('');
    await eventually(() => files().count()).toBe(4);
    const box = page.getByRole('checkbox', { name: 'Select lighthouse.png' });
    await box.focus();
    await page.keyboard.press('Space');
    await expect(box.isChecked()).resolves.toBe(true);
    await page.getByText('1 file selected').waitFor();
    await page.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 1 file?' });
    await confirm.getByText('lighthouse.png').waitFor();
    await confirm.getByRole('button', { name: 'Delete file' }).click();
    await eventually(() => files().count()).toBe(3);
    await expect(card('lighthouse.png').count()).resolves.toBe(0);
    await page.getByRole('region', { name: 'Storage' }).getByText('3 files', { exact: true }).waitFor();
    expect((await listed()).map((f) => f.name)).toEqual(['harbour.png', 'price-list.pdf', 'tide-chart.png']);
    await page.screenshot({ path: shot('e2e-grid-1280'), fullPage: true });

    // On a phone: one column, the controls wrap, nothing scrolls sideways, in both views.
    await page.setViewportSize(PHONE);
    await page.reload();
    await eventually(() => files().count()).toBe(3);
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: shot('e2e-grid-375'), fullPage: true });
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await page.getByRole('table', { name: 'Files' }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await page.screenshot({ path: shot('e2e-list-375'), fullPage: true });

    // The view is remembered.
    await page.reload();
    await page.getByRole('table', { name: 'Files' }).waitFor();
    await expect(page.getByRole('button', { name: 'List', exact: true }).getAttribute('aria-pressed')).resolves.toBe(
      'true',
    );
  });
});
