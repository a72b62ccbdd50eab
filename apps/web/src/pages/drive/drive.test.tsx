import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../features/billing/billing-fixtures';
import {
  DRIVE_PAGE,
  driveApi,
  driveFileFixture,
  FakeXhr,
  P,
  pickedFile,
  QUOTA,
  type DriveApiOptions,
} from '../../features/drive/drive-fixtures';
import { DRIVE_VIEW_KEY } from '../../features/drive/preferences';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { getSnapshot, resetToasts } from '../../features/toasts/toasts';
import { apiError, deferred, listPage } from '../../test/fake-api';

const harbour = driveFileFixture(3, { name: 'harbour.png', tags: ['summer'] });
const lighthouse = driveFileFixture(2, { name: 'lighthouse.png' });
const prices = driveFileFixture(1, { name: 'price-list.pdf', type: 'application/pdf' });
const FILES = [harbour, lighthouse, prices];

beforeEach(() => {
  // jsdom has no object URLs: the images' own bytes stand in for previews through them.
  URL.createObjectURL = () => 'blob:test/1';
  URL.revokeObjectURL = () => undefined;
});

afterEach(() => {
  forgetModules();
  resetToasts();
  vi.unstubAllGlobals();
});

function open(options: DriveApiOptions = {}) {
  const api = driveApi({ files: FILES, ...options });
  FakeXhr.install(vi.stubGlobal, api.receive);
  const view = renderWithModules(DRIVE_PAGE, api.fetch);
  return { api, view };
}

/** The tiles of the grid (not the tags' list items inside them). */
const tiles = () => [...screen.getByRole('list', { name: 'Files' }).querySelectorAll<HTMLElement>(':scope > li')];
const names = (items: HTMLElement[]) => items.map((item) => within(item).getAllByRole('button')[0]!.textContent);
const nudges = () => getSnapshot('nudge').map((toast) => toast.message);

async function actionOf(name: string, item: string) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('the Drive page (integrations.drive.settings)', () => {
  it('shows the files as tiles, newest first, with the usage against the quota, and remembers the view', async () => {
    open();
    await screen.findByRole('list', { name: 'Files' });
    expect(screen.getByRole('heading', { name: 'Drive', level: 1 })).toBeInTheDocument();
    expect(names(tiles())).toEqual(['harbour.png', 'lighthouse.png', 'price-list.pdf']);
    expect(within(tiles()[0]!).getByText('6 KB · PNG image')).toBeInTheDocument();
    expect(within(tiles()[0]!).getByText('summer')).toBeInTheDocument();
    expect(within(tiles()[2]!).getByText('2 KB · PDF document')).toBeInTheDocument();

    const meter = await screen.findByRole('meter', { name: 'Drive usage' });
    expect(meter).toHaveAttribute('aria-valuetext', '12 KB of 1 GB used');
    expect(within(screen.getByRole('region', { name: 'Storage' })).getByText('3 files')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'List' }));
    const table = screen.getByRole('table', { name: 'Files' });
    expect(names(within(table).getAllByRole('rowheader'))).toEqual(['harbour.png', 'lighthouse.png', 'price-list.pdf']);
    expect(within(table).getByRole('list', { name: 'Tags of harbour.png' })).toHaveTextContent('summer');
    expect(screen.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(DRIVE_VIEW_KEY)).toBe('list');
  });

  it('opens in the view it was left in, and shows image bytes until the server has previews', async () => {
    window.localStorage.setItem(DRIVE_VIEW_KEY, 'list');
    const { api } = open();
    await screen.findByRole('table', { name: 'Files' });
    // Raster images come as bytes (no preview yet); the PDF keeps its icon.
    await waitFor(() => expect(api.callsTo(`GET /v1/drive/files/${harbour.id}`)).toHaveLength(1));
    expect(api.callsTo(`GET /v1/drive/files/${prices.id}`)).toHaveLength(0);
    const row = screen.getByRole('rowheader', { name: /harbour\.png/ });
    await waitFor(() => expect(row.querySelector('img')).toHaveAttribute('src', 'blob:test/1'));
  });

  it('shows skeletons while loading, then invites to upload when there are no files', async () => {
    const answer = deferred<Response>();
    open({ files: [], routes: { 'GET /v1/drive/metadata': answer.promise } });
    expect(await screen.findByRole('status', { name: 'Loading files…' })).toBeInTheDocument();
    answer.resolve(listPage([]));
    expect(await screen.findByText('No files yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Upload files' })).toHaveLength(2);
    expect(screen.queryByRole('checkbox', { name: 'Select all shown' })).not.toBeInTheDocument();
  });

  it('says why the files could not be loaded, and tries again', async () => {
    let fail = true;
    open({
      routes: {
        'GET /v1/drive/metadata': () => (fail ? apiError(500, 'INTERNAL', 'Down') : listPage([harbour])),
      },
    });
    expect(await screen.findByText('The files could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Files' })).toBeInTheDocument();
  });

  it('says when Drive is not installed, with the way to the store', async () => {
    open({ notInstalled: true });
    expect(await screen.findByText('Drive is not installed in this project')).toBeInTheDocument();
    expect(screen.getByText('Install the Drive module in this project to keep files here.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the store' })).toHaveAttribute('href', `/store?project=${P}`);
  });

  it('searches in the drive’s syntax, says why a search cannot be read, orders and pages', async () => {
    const many = Array.from({ length: 45 }, (_, i) => driveFileFixture(i + 1, { name: `scan-${i + 1}.png` }));
    const { api } = open({ files: [...many, driveFileFixture(50, { name: 'notes.pdf', type: 'application/pdf' })] });
    await screen.findByRole('list', { name: 'Files' });
    expect(api.listQueries()[0]).toEqual({ project: P, sortBy: '-created', pageSize: '40' });
    expect(tiles()).toHaveLength(40);
    expect(screen.getByText('40 files shown')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(tiles()).toHaveLength(46));
    expect(api.listQueries().at(-1)).toMatchObject({ pageToken: '40' });

    const search = screen.getByRole('searchbox', { name: 'Search files' });
    expect(search).toHaveAccessibleDescription(expect.stringContaining('type:image'));
    await userEvent.type(search, 'type:pdf');
    await waitFor(() => expect(tiles()).toHaveLength(1));
    expect(api.listQueries().at(-1)).toMatchObject({ query: 'type:pdf' });

    await userEvent.clear(search);
    await userEvent.type(search, 'type:spreadsheet');
    expect(await screen.findByText('That search cannot be read.')).toBeInTheDocument();
    expect(search).toHaveAttribute('aria-invalid', 'true');
    expect(search).toHaveAccessibleDescription(expect.stringContaining('Unknown type "spreadsheet" in the search.'));

    await userEvent.clear(search);
    await userEvent.type(search, 'nothing-like-it');
    expect(await screen.findByText('No files match “nothing-like-it”.')).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name');
    await waitFor(() => expect(api.listQueries().at(-1)).toEqual({ project: P, sortBy: 'name', pageSize: '40' }));
    await waitFor(() => expect(names(tiles()).slice(0, 2)).toEqual(['notes.pdf', 'scan-1.png']));
  });

  it('uploads picked files side by side, each with its own progress, and says why one failed', async () => {
    const { api } = open({ files: [] });
    FakeXhr.auto = false;
    await screen.findByText('No files yet');
    await userEvent.upload(screen.getByLabelText('Files to upload'), [
      pickedFile('quay.png', 1000),
      pickedFile('fake-photo.png', 500),
    ]);
    const uploads = await screen.findByRole('region', { name: 'Uploads' });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(api.callsTo('POST /v1/drive/files').map((call) => call.body)).toEqual([
      { name: 'quay.png', type: 'image/png', size: 1000 },
      { name: 'fake-photo.png', type: 'image/png', size: 500 },
    ]);
    const [quay, fake] = FakeXhr.sent as [FakeXhr, FakeXhr];
    expect(quay.headers.authorization).toMatch(/^Bearer /);
    expect(within(uploads).getByText('Uploading 2 files…')).toBeInTheDocument();

    quay.progress(500);
    const bar = within(uploads).getByRole('progressbar', { name: 'Upload of quay.png' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(within(uploads).getByText('500 bytes of 1,000 bytes')).toBeInTheDocument();

    const answer = api.receive(quay.url, quay.body!);
    quay.respond(answer.status, answer.body);
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    expect(within(uploads).getByText('Uploaded, 1,000 bytes')).toBeInTheDocument();

    const refused = api.receive(fake.url, fake.body!);
    fake.respond(refused.status, refused.body);
    expect(
      await within(uploads).findByText(
        'Not what its type says. The file was declared as image/png but its bytes are a PDF document (application/pdf).',
      ),
    ).toBeInTheDocument();
    // The record made for the refused bytes is not left behind.
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect([...api.files.values()].map((f) => f.name)).toEqual(['quay.png']);
    expect(await screen.findByRole('list', { name: 'Files' })).toBeInTheDocument();
    await waitFor(() => expect(names(tiles())).toEqual(['quay.png']));
    expect(within(uploads).getByText('2 uploads finished')).toBeInTheDocument();

    await userEvent.click(within(uploads).getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByRole('region', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it('uploads files dropped anywhere on the page, and says when one does not fit the quota', async () => {
    const MB = 1024 ** 2;
    const { api } = open({ files: [driveFileFixture(1, { size: 2.5 * MB })], quotaBytes: 3 * MB });
    await screen.findByRole('list', { name: 'Files' });
    const drag = {
      dataTransfer: { types: ['Files'], files: [pickedFile('big.png', MB), pickedFile('small.png', 50)] },
    };
    fireEvent.dragEnter(document.body, drag);
    expect(screen.getByText('Drop files to upload them')).toBeInTheDocument();
    fireEvent.drop(document.body, drag);
    expect(screen.queryByText('Drop files to upload them')).not.toBeInTheDocument();
    const uploads = await screen.findByRole('region', { name: 'Uploads' });
    expect(
      await within(uploads).findByText(
        'Not enough space. This file needs 1.0 MB but the project has 0.5 MB left in its drive.',
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(uploads).getByRole('progressbar', { name: 'Upload of small.png' })).toHaveAttribute(
        'aria-valuenow',
        '100',
      ),
    );
    expect([...api.files.values()].map((f) => f.name).sort()).toEqual(['photo-1.png', 'small.png']);
  });

  it('edits a file’s name, tags and alt text, sending only what changed', async () => {
    const { api } = open();
    await screen.findByRole('list', { name: 'Files' });
    await actionOf('lighthouse.png', 'Edit details…');
    const form = await screen.findByRole('form', { name: 'File details' });
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.type(within(form).getByLabelText('Name'), 'lighthouse-at-night.png');
    await userEvent.type(within(form).getByLabelText('Tags'), 'night, Coast');
    await userEvent.type(within(form).getByLabelText('Alt text'), 'The lighthouse lit at night');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'File details' })).not.toBeInTheDocument());
    expect(api.callsTo(`PATCH /v1/drive/metadata/${lighthouse.id}`).map((call) => call.body)).toEqual([
      { name: 'lighthouse-at-night.png', tags: ['night', 'coast'], altText: 'The lighthouse lit at night' },
    ]);
    const tile = tiles().find((item) => within(item).queryByRole('button', { name: 'lighthouse-at-night.png' }))!;
    expect(within(tile).getByText('coast')).toBeInTheDocument();
    expect(nudges()).toContain('File details saved.');
  });

  it('refuses a bad tag in the browser with the server’s words', async () => {
    const { api } = open();
    await screen.findByRole('list', { name: 'Files' });
    await userEvent.click(screen.getByRole('button', { name: 'harbour.png' }));
    const form = await screen.findByRole('form', { name: 'File details' });
    await userEvent.clear(within(form).getByLabelText('Name'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Give the file a name.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name')).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('makes a file public, copies its public link, and makes it private again', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { api } = open();
    await screen.findByRole('list', { name: 'Files' });
    expect(screen.queryByText('Public')).not.toBeInTheDocument();

    await actionOf('harbour.png', 'Make public');
    expect(await within(tiles()[0]!).findByText('Public')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /v1/drive/metadata/${harbour.id}`).map((c) => c.body)).toEqual([{ public: true }]);
    expect(nudges()).toContain('harbour.png is public: anyone with its link can open it.');

    await actionOf('harbour.png', 'Copy public link');
    const link = `${window.location.origin}/v1/drive/public/${P}/files/${harbour.id}?v=1`;
    expect(writeText).toHaveBeenCalledWith(link);
    await waitFor(() => expect(nudges()).toContain('Public link of harbour.png copied.'));

    // The details show it too.
    await actionOf('harbour.png', 'Edit details…');
    expect(await screen.findByLabelText('Public link')).toHaveValue(link);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await actionOf('harbour.png', 'Make private');
    await waitFor(() => expect(within(tiles()[0]!).queryByText('Public')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Actions for harbour.png' }));
    expect(screen.queryByRole('menuitem', { name: 'Copy public link' })).not.toBeInTheDocument();
  });

  it('downloads a file under its name', async () => {
    const saved = captureDownloads(vi);
    open();
    await screen.findByRole('list', { name: 'Files' });
    await actionOf('price-list.pdf', 'Download');
    await waitFor(() => expect(saved.map((f) => f.name)).toEqual(['price-list.pdf']));
  });

  it('deletes the selected files after a dialog that says how many', async () => {
    const { api } = open();
    await screen.findByRole('list', { name: 'Files' });
    const all = screen.getByRole('checkbox', { name: 'Select all shown' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select harbour.png' }));
    expect(screen.getByText('1 file selected')).toBeInTheDocument();
    expect(all).toHaveProperty('indeterminate', true);
    // Space toggles a focused checkbox (SPEC.md section 4).
    screen.getByRole('checkbox', { name: 'Select price-list.pdf' }).focus();
    await userEvent.keyboard(' ');
    expect(screen.getByText('2 files selected')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 2 files?' });
    expect(within(dialog).getByText('harbour.png')).toBeInTheDocument();
    expect(within(dialog).getByText('price-list.pdf')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete 2 files?' })).getByRole('button', { name: 'Delete 2 files' }),
    );
    await waitFor(() => expect(names(tiles())).toEqual(['lighthouse.png']));
    expect(
      api.calls
        .filter((c) => c.method === 'DELETE')
        .map((c) => c.path)
        .sort(),
    ).toEqual([`/v1/drive/files/${harbour.id}`, `/v1/drive/files/${prices.id}`].sort());
    expect(nudges()).toContain('2 files deleted.');
    expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('meter', { name: 'Drive usage' })).toHaveAttribute('aria-valuetext', '4 KB of 1 GB used'),
    );
  });

  it('keeps the dialog open for the files a delete could not take, with why', async () => {
    const { api } = open({
      routes: {
        [`DELETE /v1/drive/files/${prices.id}`]: apiError(403, 'FORBIDDEN', 'You may not delete this file.'),
      },
    });
    await screen.findByRole('list', { name: 'Files' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    expect(screen.getByText('3 files selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 3 files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 file?' });
    expect(
      within(dialog).getByText('1 of 3 files could not be deleted: You may not delete this file.'),
    ).toBeInTheDocument();
    expect(api.files.has(prices.id)).toBe(true);
    await waitFor(() => expect(names(tiles())).toEqual(['price-list.pdf']));
  });

  it('lets a reader see and download, and says why they cannot change anything', async () => {
    open({ held: ['drive.read'] });
    await screen.findByRole('list', { name: 'Files' });
    expect(
      screen.getByText(/You can see and download the files but not upload, change or delete them\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload files' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Actions for harbour.png' }));
    expect(await screen.findByRole('menuitem', { name: 'Details…' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete…' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Make public' })).not.toBeInTheDocument();
  });
});

describe('the Drive page’s quota', () => {
  it('shows how full the drive is', async () => {
    open({ files: [driveFileFixture(1, { size: Math.round(QUOTA * 0.97) })] });
    const meter = await screen.findByRole('meter', { name: 'Drive usage' });
    expect(meter).toHaveAttribute('aria-valuenow', '97');
    expect(meter).toHaveAttribute('aria-valuetext', '993 MB of 1 GB used');
    expect(screen.getByText(/The drive is nearly full/)).toBeInTheDocument();
  });
});
