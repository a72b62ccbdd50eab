import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DriveMetricsDay, DriveProjectAdmin } from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import { apiError, json, listPage, queryOf, signedInApi, user, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { bytesScale, chartSummary, countScale } from './DayChart';
import { storedFigure } from './DriveMetrics';
import { lastDays } from './period';
import { quotaFromUnits, quotaInUnits } from './quota';

const admin = { ...user, isAdmin: true };
const MB = 1024 ** 2;
const GB = 1024 ** 3;
const LIST = 'GET /v1/drive/admin/projects';
const METRICS = 'GET /v1/drive/admin/metrics';

function drive(n: number, fields: Partial<DriveProjectAdmin> = {}): DriveProjectAdmin {
  return {
    projectId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    projectName: `Project ${n}`,
    quotaBytes: GB,
    usedBytes: 0,
    fileCount: 0,
    storageClass: 'standard',
    createdAt: '2026-10-01T09:00:00.000Z',
    updatedAt: '2026-10-01T09:00:00.000Z',
    ...fields,
  };
}

const harbour = drive(1, { projectName: 'Harbour Goods', quotaBytes: 10 * GB, usedBytes: 9.6 * GB, fileCount: 1204 });
const north = drive(2, {
  projectName: 'North Plant',
  quotaBytes: 500 * MB,
  usedBytes: 3.2 * MB,
  fileCount: 12,
  storageClass: 'infrequent',
});
const fresh = drive(3, {
  projectName: 'Fresh Start',
  usedBytes: 2 * MB,
  fileCount: 1,
  createdAt: null,
  updatedAt: null,
});
const one = (d: DriveProjectAdmin) => `/v1/drive/admin/projects/${d.projectId}`;

/** One entry per day of the period asked, as the server answers (quiet days included). */
function metricsOf(call: FakeCall, scale = 1) {
  const { start = '', end = '' } = queryOf(call);
  const days: DriveMetricsDay[] = [];
  for (let t = Date.parse(start), i = 0; t <= Date.parse(end); t += 86_400_000, i++) {
    days.push({
      day: new Date(t).toISOString().slice(0, 10),
      storedBytes: (100 + i) * MB * scale,
      fileCount: 10 + i,
      uploads: i % 3,
      uploadedBytes: (i % 3) * MB,
      bytesServed: i * 2 * MB * scale,
      transforms: i % 2 ? 5 : 0,
    });
  }
  return json(200, { start, end, days });
}

function adminApi(routes: Record<string, (call: FakeCall) => Response> = {}) {
  return signedInApi(
    {
      [LIST]: (call) => (queryOf(call).pageToken === 'p2' ? listPage([fresh]) : listPage([harbour, north], 'p2')),
      [METRICS]: (call) => metricsOf(call),
      [`GET ${one(harbour)}/metrics`]: (call) => metricsOf(call, 0.5),
      [`GET ${one(north)}/metrics`]: (call) => metricsOf(call, 0.1),
      [`GET ${one(fresh)}/metrics`]: (call) => metricsOf(call, 0.01),
      ...routes,
    },
    admin,
  );
}

const table = () => screen.findByRole('table', { name: "Projects' drives" });
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const panel = (name: string) => screen.findByRole('region', { name });

async function openPanel(name: string) {
  await table();
  await userEvent.click(screen.getByRole('button', { name: `Manage ${name}` }));
  return panel(name);
}

describe('the drive admin page (platform administrators)', () => {
  it("lists the projects' drives, largest first, with their use of the quota, and loads more", async () => {
    const api = adminApi();
    renderApp('/admin/drive', api.fetch);
    expect(await screen.findByRole('heading', { level: 1, name: 'Drive admin' })).toBeInTheDocument();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      // "Files" and "Storage class" show only under the md breakpoint, where each drive is a card without the headers.
      ['Harbour Goods', '9.6 GB of 10 GB', 'Files 1,204', 'Storage class Standard', 'Manage'],
      ['North Plant', '3.2 MB of 500 MB', 'Files 12', 'Storage class Infrequent access', 'Manage'],
    ]);
    expect(within(row('Harbour Goods')).getByRole('meter', { name: 'Harbour Goods: drive usage' })).toHaveAttribute(
      'aria-valuenow',
      '96',
    );
    expect(screen.getByText('2 drives shown')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('row', { name: /Fresh Start/ })).toHaveTextContent('Not set up');
    expect(screen.getByText('3 drives')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.callsTo(LIST).map((c) => queryOf(c))).toEqual([{ pageSize: '20' }, { pageSize: '20', pageToken: 'p2' }]);
  });

  it('says so when no drive is set up or used yet', async () => {
    renderApp('/admin/drive', adminApi({ [LIST]: () => listPage([]) }).fetch);
    expect(await screen.findByText('No drives yet')).toBeInTheDocument();
  });

  it('shows why the list could not be loaded, with a way to try again', async () => {
    renderApp('/admin/drive', adminApi({ [LIST]: () => apiError(400, 'INVALID_PAGE_TOKEN', 'Bad page token.') }).fetch);
    expect(await screen.findByText('The drives could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Bad page token.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('saves a quota in GB: PATCH with only what changed', async () => {
    const sent: unknown[] = [];
    const api = adminApi({
      [`PATCH ${one(north)}`]: (call) => {
        sent.push(call.body);
        return json(200, { ...north, quotaBytes: 5 * GB, updatedAt: '2026-11-02T10:00:00.000Z' });
      },
    });
    renderApp('/admin/drive', api.fetch);
    const region = await openPanel('North Plant');
    // The panel takes the focus, so a keyboard user goes on from there.
    expect(within(region).getByRole('heading', { name: 'North Plant' })).toHaveFocus();
    const quota = within(region).getByRole('spinbutton', { name: 'Quota' });
    expect(quota).toHaveValue('500');
    expect(within(region).getByRole('combobox', { name: 'Unit' })).toHaveValue('MB');
    await userEvent.clear(quota);
    await userEvent.type(quota, '5');
    await userEvent.selectOptions(within(region).getByRole('combobox', { name: 'Unit' }), 'GB');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByText('Saved: North Plant has 5 GB, Infrequent access.')).toBeInTheDocument();
    expect(sent).toEqual([{ quotaBytes: 5 * GB }]);
    // The form shows what the server now holds, in place: the focus stays on Save.
    expect(within(region).getByRole('spinbutton', { name: 'Quota' })).toHaveValue('5');
    expect(within(region).getByRole('combobox', { name: 'Unit' })).toHaveValue('GB');
    expect(within(region).getByRole('button', { name: 'Save' })).toHaveFocus();
    expect(api.callsTo(`POST ${one(north)}`)).toHaveLength(0);
  });

  it('sets up a drive that never was: POST with the quota and the storage class', async () => {
    const sent: unknown[] = [];
    const api = adminApi({
      [LIST]: () => listPage([fresh]),
      [`POST ${one(fresh)}`]: (call) => {
        sent.push(call.body);
        return json(201, {
          ...fresh,
          quotaBytes: 250 * MB,
          storageClass: 'infrequent',
          createdAt: '2026-11-02T10:00:00.000Z',
        });
      },
    });
    renderApp('/admin/drive', api.fetch);
    const region = await openPanel('Fresh Start');
    expect(region).toHaveTextContent('Never set up: it has the defaults (1 GB, Standard).');
    expect(within(region).queryByRole('button', { name: 'Reset to defaults' })).not.toBeInTheDocument();
    const quota = within(region).getByRole('spinbutton', { name: 'Quota' });
    expect(quota).toHaveValue('1');
    await userEvent.clear(quota);
    await userEvent.type(quota, '250');
    await userEvent.selectOptions(within(region).getByRole('combobox', { name: 'Unit' }), 'MB');
    await userEvent.selectOptions(within(region).getByRole('combobox', { name: 'Storage class' }), 'Infrequent access');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByText('Saved: Fresh Start has 250 MB, Infrequent access.')).toBeInTheDocument();
    expect(sent).toEqual([{ quotaBytes: 250 * MB, storageClass: 'infrequent' }]);
    expect(api.callsTo(`PATCH ${one(fresh)}`)).toHaveLength(0);
    expect(await within(region).findByRole('button', { name: 'Reset to defaults' })).toBeInTheDocument();
  });

  it('takes only a whole number of MB or GB, and shows the server’s refusal', async () => {
    const api = adminApi({
      [`PATCH ${one(harbour)}`]: () => apiError(409, 'QUOTA_BELOW_USAGE', 'The quota is below what the drive holds.'),
    });
    renderApp('/admin/drive', api.fetch);
    const region = await openPanel('Harbour Goods');
    const quota = within(region).getByRole('spinbutton', { name: 'Quota' });
    await userEvent.clear(quota);
    await userEvent.type(quota, '1.5');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(within(region).getByText('Enter a whole number, 0 or more (0 takes no more uploads).')).toBeInTheDocument();
    expect(quota).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`PATCH ${one(harbour)}`)).toHaveLength(0);

    await userEvent.clear(quota);
    await userEvent.type(quota, '2');
    await userEvent.click(within(region).getByRole('button', { name: 'Save' }));
    expect(await within(region).findByText('The quota is below what the drive holds.')).toBeInTheDocument();
    expect(api.callsTo(`PATCH ${one(harbour)}`).map((c) => c.body)).toEqual([{ quotaBytes: 2 * GB }]);
  });

  it('resets a drive to the defaults after confirming, with DELETE', async () => {
    let current = harbour;
    const api = adminApi({
      [`GET ${one(harbour)}`]: () => json(200, current),
      [`DELETE ${one(harbour)}`]: () => {
        current = { ...harbour, quotaBytes: GB, createdAt: null, updatedAt: null };
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/admin/drive', api.fetch);
    const region = await openPanel('Harbour Goods');
    await userEvent.click(within(region).getByRole('button', { name: 'Reset to defaults' }));
    const dialog = screen.getByRole('dialog', { name: "Reset Harbour Goods's drive to the defaults?" });
    expect(dialog).toHaveTextContent('Its quota goes back to 1 GB and its storage class to Standard. Its files stay.');

    // Cancelling sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`DELETE ${one(harbour)}`)).toHaveLength(0);

    await userEvent.click(within(region).getByRole('button', { name: 'Reset to defaults' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(
      await within(region).findByText("Harbour Goods's drive is back to the defaults: 1 GB, Standard. Its files stay."),
    ).toBeInTheDocument();
    expect(api.callsTo(`DELETE ${one(harbour)}`)).toHaveLength(1);
    await waitFor(() => expect(region).toHaveTextContent('Never set up'));
    expect(within(region).getByRole('spinbutton', { name: 'Quota' })).toHaveValue('1');
    expect(within(region).getByRole('heading', { name: 'Harbour Goods' })).toHaveFocus();
  });

  it('shows the server’s refusal of a reset in the confirmation', async () => {
    const api = adminApi({
      [`DELETE ${one(north)}`]: () => apiError(404, 'NOT_FOUND', 'That project is gone.'),
    });
    renderApp('/admin/drive', api.fetch);
    const region = await openPanel('North Plant');
    await userEvent.click(within(region).getByRole('button', { name: 'Reset to defaults' }));
    const dialog = screen.getByRole('dialog', { name: "Reset North Plant's drive to the defaults?" });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await within(dialog).findByText('That project is gone.')).toBeInTheDocument();
  });

  it('charts every drive’s days, with a sentence and a table as their text alternative', async () => {
    const api = adminApi();
    renderApp('/admin/drive', api.fetch);
    const all = await screen.findByRole('region', { name: 'All drives' });
    const period = within(all).getByRole('radiogroup', { name: 'Period of All drives' });
    expect(within(period).getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
    const stored = await within(all).findByRole('img', { name: /^All drives: stored,/ });
    // Day 30 held 129 MB; the highest is that last day.
    expect(stored).toHaveAccessibleName(expect.stringMatching(/: 129 MB on .+, highest 129 MB on /));
    expect(within(all).getByRole('img', { name: /^All drives: uploads, .*: 30 in total/ })).toBeInTheDocument();
    expect(within(all).getByRole('img', { name: /^All drives: renderings/ })).toBeInTheDocument();
    expect(within(all).getByRole('img', { name: /^All drives: bytes served/ })).toBeInTheDocument();
    const asked = queryOf(api.callsTo(METRICS)[0]);
    expect(asked).toEqual(lastDays(30));
    // One bar per day.
    expect(
      within(all)
        .getByRole('img', { name: /^All drives: uploads/ })
        .querySelectorAll('rect'),
    ).toHaveLength(30);

    await userEvent.click(within(all).getByText('Show the numbers by day'));
    const days = within(all).getByRole('table', { name: 'All drives, day by day' });
    const rows = within(days).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(
      within(rows[29]!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(1),
    ).toEqual(['129 MB', '39', '2', '2 MB', '58 MB', '5']);

    await userEvent.click(within(period).getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(within(days).getAllByRole('row').slice(1)).toHaveLength(7));
    expect(queryOf(api.callsTo(METRICS).at(-1))).toEqual(lastDays(7));
  });

  it('charts a project’s days in its panel', async () => {
    const api = adminApi();
    renderApp('/admin/drive', api.fetch);
    const region = await openPanel('North Plant');
    expect(await within(region).findByRole('img', { name: /^North Plant: stored,/ })).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('radio', { name: 'Last 90 days' }));
    await waitFor(() => expect(queryOf(api.callsTo(`GET ${one(north)}/metrics`).at(-1))).toEqual(lastDays(90)));
    await userEvent.click(within(region).getByText('Show the numbers by day'));
    expect(
      within(within(region).getByRole('table', { name: 'North Plant, day by day' })).getAllByRole('row'),
    ).toHaveLength(91);
    await userEvent.click(within(region).getByRole('button', { name: 'Close North Plant' }));
    expect(screen.queryByRole('region', { name: 'North Plant' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage North Plant' })).toHaveFocus();
  });

  it('is closed to anyone but platform administrators', async () => {
    const api = signedInApi({});
    renderApp('/admin/drive', api.fetch);
    expect(
      await screen.findByText("Only platform administrators can manage the projects' drives."),
    ).toBeInTheDocument();
    expect(api.callsTo(LIST)).toHaveLength(0);
    expect(api.callsTo(METRICS)).toHaveLength(0);
  });
});

describe('drive admin helpers', () => {
  it('reads quotas in whole GB or MB, and refuses what is not a whole number', () => {
    expect(quotaInUnits(GB)).toEqual({ amount: 1, unit: 'GB' });
    expect(quotaInUnits(500 * MB)).toEqual({ amount: 500, unit: 'MB' });
    expect(quotaInUnits(0)).toEqual({ amount: 0, unit: 'MB' });
    expect(quotaFromUnits(3, 'GB')).toEqual({ ok: true, bytes: 3 * GB });
    expect(quotaFromUnits(0, 'MB')).toEqual({ ok: true, bytes: 0 });
    expect(quotaFromUnits(1.5, 'GB').ok).toBe(false);
    expect(quotaFromUnits(-1, 'MB').ok).toBe(false);
    expect(quotaFromUnits(null, 'MB').ok).toBe(false);
    expect(quotaFromUnits(10_000_000, 'GB').ok).toBe(false);
  });

  it('counts the last days on the UTC calendar, today included', () => {
    expect(lastDays(7, new Date('2026-03-02T23:30:00Z'))).toEqual({ start: '2026-02-24', end: '2026-03-02' });
    expect(lastDays(1, new Date('2026-03-02T00:00:00Z'))).toEqual({ start: '2026-03-02', end: '2026-03-02' });
  });

  it('scales bytes in their own units and counts in whole steps', () => {
    expect(bytesScale(3.2 * GB)).toEqual({ top: 4 * GB, ticks: [0, 2 * GB, 4 * GB] });
    expect(bytesScale(0)).toEqual({ top: 2, ticks: [0, 1, 2] });
    // Just over a unit: gridlines in that unit, never a long count of the one below.
    expect(bytesScale(1638)).toEqual({ top: 2048, ticks: [0, 1024, 2048] });
    expect(countScale(0)).toEqual({ top: 2, ticks: [0, 1, 2] });
    expect(countScale(37)).toEqual({ top: 40, ticks: [0, 20, 40] });
  });

  it("says what the drives held at the period's end, one file or many", () => {
    expect(storedFigure({ storedBytes: 0, fileCount: 1 })).toBe('0 bytes · 1 file');
    expect(storedFigure({ storedBytes: 129 * MB, fileCount: 39 })).toBe('129 MB · 39 files');
    expect(storedFigure(undefined)).toBe('—');
  });

  it('sums a quiet period up as none', () => {
    const quiet = [
      { day: '2026-03-01', value: 0 },
      { day: '2026-03-02', value: 0 },
    ];
    expect(chartSummary('Uploads', quiet, 'count', 'bars')).toMatch(/^Uploads, .+ to .+: none\.$/);
    expect(chartSummary('Stored', [], 'bytes', 'area')).toBe('Stored: no days to show.');
  });
});
