import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubscriberImport } from '@wharf/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { apiError, fakeProject, json, projectPageApi, type FakeRoutes } from '../../test/fake-api';

afterEach(() => {
  forgetModules();
});

const project = fakeProject(1, {
  name: 'Harbour Goods',
  integrations: [{ code: 'core' }, { code: 'customers' }, { code: 'marketing' }],
});
const P = project.id;
const ID = '1a000000-0000-4000-8000-000000000001';
const LIST_ID = '11500000-0000-4000-8000-000000000001';
const PAGE = `/marketing/subscribers/import?project=${P}`;
const UPLOAD = 'POST /v1/mail/subscribers/import';
const GET = `GET /v1/mail/subscribers/imports/${ID}`;
const START = `POST /v1/mail/subscribers/imports/${ID}/start`;
const CANCEL = `POST /v1/mail/subscribers/imports/${ID}/cancel`;
const LISTS = 'GET /v1/mail/mailing-lists';
const MANAGER = ['mail.read', 'mail.manage'];

function importFixture(fields: Partial<SubscriberImport> = {}): SubscriberImport {
  return {
    id: ID,
    status: 'mapping',
    fileName: 'people.csv',
    size: 1000,
    bytesRead: 0,
    rows: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    duplicates: 0,
    invalid: 0,
    suppressed: 0,
    failure: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    columns: ['E-Mail', 'Name', 'Plan'],
    sample: [
      ['ada@example.com', 'Ada', 'pro'],
      ['bo@example.com', 'Bo', 'free'],
    ],
    mapping: { email: 0, name: 1, gender: null, attributes: [], updateExisting: false },
    lists: [],
    problems: [],
    ...fields,
  };
}

const lists = json(200, {
  items: [
    {
      id: LIST_ID,
      name: 'Newsletter',
      description: '',
      optIn: 'single',
      subscriberCount: 3,
      memberCount: 3,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    },
  ],
});

const api = (routes: FakeRoutes, held = MANAGER) => projectPageApi(held, { [LISTS]: lists, ...routes }, project);
type View = ReturnType<typeof renderWithModules>;
/** The import the address names (the router's own location: tests keep history in memory). */
const importInAddress = (view: View) => (view.router.state.location.search as Record<string, unknown>).import;

describe('Import subscribers (marketing.subscribers.import)', () => {
  it('uploads a file, maps its columns, starts it, follows the progress and shows the report', async () => {
    const steps = [
      importFixture({ status: 'queued', lists: [LIST_ID] }),
      importFixture({ status: 'running', bytesRead: 500, rows: 2 }),
      importFixture({
        status: 'done',
        bytesRead: 1000,
        rows: 5,
        created: 2,
        duplicates: 1,
        invalid: 1,
        suppressed: 1,
        problems: [
          { line: 4, kind: 'duplicate', value: 'ada@example.com', message: 'This address is on line 2 too.' },
          { line: 5, kind: 'invalid_email', value: 'not-an-address', message: 'Enter a valid email address.' },
        ],
      }),
    ];
    // Mapping until started; then one step further each time it is asked.
    let polls: number | undefined;
    const fake = api({
      [UPLOAD]: json(201, importFixture()),
      [START]: () => {
        polls = 0;
        return json(200, steps[0]);
      },
      [GET]: () => json(200, polls === undefined ? importFixture() : steps[Math.min(++polls, steps.length - 1)]),
    });
    const view = renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByRole('heading', { level: 1, name: 'Import subscribers' })).toBeInTheDocument();

    const file = new File(['E-Mail,Name,Plan\nada@example.com,Ada,pro\n'], 'people.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('CSV file'), file);
    await waitFor(() => expect(fake.callsTo(UPLOAD)).toHaveLength(1));
    // The import's id goes in the address, so a reload comes back here.
    await waitFor(() => expect(importInAddress(view)).toBe(ID));

    const form = await screen.findByRole('form', { name: 'Map the columns' });
    expect(within(form).getByRole('cell', { name: 'ada@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Email' })).toHaveValue('0');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Name' }), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Add an attribute' }));
    expect(screen.getByRole('combobox', { name: 'Attribute 1 column' })).toHaveValue('2');
    expect(screen.getByRole('textbox', { name: 'Attribute 1 name' })).toHaveValue('plan');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Newsletter' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Update existing subscribers/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Start the import' }));

    await waitFor(() => expect(fake.callsTo(START)).toHaveLength(1));
    expect(fake.callsTo(START)[0]!.body).toEqual({
      mapping: { email: 0, name: 1, gender: null, attributes: [{ column: 2, key: 'plan' }], updateExisting: true },
      lists: [LIST_ID],
    });
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeInTheDocument();

    expect(await screen.findByText('The import is done', undefined, { timeout: 5000 })).toBeInTheDocument();
    const problems = screen.getByRole('table', { name: 'Problems, by line of the file' });
    const rows = within(problems).getAllByRole('row');
    expect(within(rows[1]!).getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Duplicate')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('not-an-address')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Duplicates in the file').nextElementSibling).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'Back to subscribers' })).toHaveAttribute(
      'href',
      `/marketing/subscribers?project=${P}`,
    );
  });

  it("shows a reloaded import's report from the address, and the server's words for a refused file", async () => {
    const done = importFixture({ status: 'failed', failure: 'The uploaded file is gone: upload it again.' });
    const fake = api({
      [GET]: json(200, done),
      [UPLOAD]: apiError(400, 'INVALID_CSV', 'The file is empty: choose a CSV file with a header row.'),
    });
    const view = renderWithModules(`${PAGE}&import=${ID}`, fake.fetch);
    expect(await screen.findByText('The uploaded file is gone: upload it again.')).toBeInTheDocument();
    expect(screen.getByText('No line of the file had a problem.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Import another file' }));
    await waitFor(() => expect(importInAddress(view)).toBeUndefined());
    fireEvent.drop(screen.getByTestId('import-drop-zone'), {
      dataTransfer: { files: [new File([''], 'empty.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is empty: choose a CSV file with a header row.',
    );
  });

  it('cancels a running import', async () => {
    let status: SubscriberImport['status'] = 'running';
    const fake = api({
      [GET]: () => json(200, importFixture({ status, rows: 10, bytesRead: 100 })),
      [CANCEL]: () => {
        status = 'cancelled';
        return json(200, importFixture({ status, rows: 10 }));
      },
    });
    renderWithModules(`${PAGE}&import=${ID}`, fake.fetch);
    expect(await screen.findByText(/10 lines read/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the import' }));
    expect(await screen.findByText('The import was cancelled')).toBeInTheDocument();
    expect(fake.callsTo(CANCEL)).toHaveLength(1);
  });

  it('lets someone who only reads mail follow an import, but not start one', async () => {
    const fake = api({ [GET]: json(200, importFixture()) }, ['mail.read']);
    renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByText('You may not import subscribers')).toBeInTheDocument();
    expect(screen.queryByLabelText('CSV file')).not.toBeInTheDocument();
  });
});
