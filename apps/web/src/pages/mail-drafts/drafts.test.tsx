import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { getSnapshot, resetToasts } from '../../features/toasts/toasts';
import { apiError, json, listPage, queryOf } from '../../test/fake-api';
import { draftFixture, mailApi, MAIL_READER, P, summaryOfDraft } from './draft-fixtures';

afterEach(() => {
  forgetModules();
  resetToasts();
});

const LIST_PAGE = `/marketing/drafts?project=${P}`;
const LIST = 'GET /v1/mail/drafts';
const CREATE = 'POST /v1/mail/drafts';
const newest = draftFixture(3, { name: 'Spring sale', subject: 'Up to 30% off' });
const older = draftFixture(2, { name: 'Welcome', format: 'blocks' });
const rows = () => within(screen.getByRole('list', { name: 'Drafts, last edited first' })).getAllByRole('listitem');
const nudges = () => getSnapshot('nudge').map((toast) => toast.message);

describe('the Drafts list (marketing.drafts)', () => {
  it('lists the drafts last edited first, searches them and pages', async () => {
    const fake = mailApi({
      [LIST]: (call) => {
        const query = queryOf(call);
        if (query.search === 'spring') return listPage([summaryOfDraft(newest)]);
        return query.pageToken === 'next-1'
          ? listPage([summaryOfDraft(draftFixture(1))])
          : listPage([summaryOfDraft(newest), summaryOfDraft(older)], 'next-1');
      },
    });
    renderWithModules(LIST_PAGE, fake.fetch);
    const link = await screen.findByRole('link', { name: 'Spring sale' });
    expect(link).toHaveAttribute('href', `/marketing/drafts/${newest.id}?project=${P}`);
    await waitFor(() => expect(document.title).toBe('Drafts - Wharf'));
    expect(rows()).toHaveLength(2);
    expect(within(rows()[0]!).getByText('Up to 30% off')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('Blocks')).toBeInTheDocument();
    expect(queryOf(fake.callsTo(LIST)[0])).toEqual({ project: P, pageSize: '25' });

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Newsletter 1' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search drafts' }), 'spring');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(queryOf(fake.callsTo(LIST).at(-1))).toMatchObject({ search: 'spring' });
  });

  it('says so when there are no drafts yet', async () => {
    renderWithModules(LIST_PAGE, mailApi({ [LIST]: listPage([]) }).fetch);
    expect(await screen.findByText('No drafts yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New draft' })).toBeEnabled();
  });

  it('makes a new draft and opens it', async () => {
    const made = draftFixture(9, { name: 'Untitled draft', subject: '', markdown: '' });
    const fake = mailApi({
      [LIST]: listPage([]),
      [CREATE]: json(201, made),
      [`GET /v1/mail/drafts/${made.id}`]: json(200, made),
      'POST /v1/mail/drafts/preview': json(200, {
        subject: '',
        html: '<p></p>',
        text: '',
        recipient: { name: '', email: 'ada@example.com' },
      }),
    });
    renderWithModules(LIST_PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'New draft' }));
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Untitled draft');
    expect(fake.callsTo(CREATE).map((call) => call.body)).toEqual([{ name: 'Untitled draft' }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Draft' })).toBeInTheDocument();
    expect(fake.callsTo(`GET /v1/mail/drafts/${made.id}`)).not.toHaveLength(0);
  });

  it('duplicates a draft, and deletes one after asking', async () => {
    const DUPLICATE = `POST /v1/mail/drafts/${newest.id}/duplicate`;
    const DELETE = `DELETE /v1/mail/drafts/${older.id}`;
    let items = [summaryOfDraft(newest), summaryOfDraft(older)];
    const copy = draftFixture(4, { name: 'Copy of Spring sale' });
    const fake = mailApi({
      [LIST]: () => listPage(items),
      [DUPLICATE]: () => {
        items = [summaryOfDraft(copy), ...items];
        return json(201, copy);
      },
      [DELETE]: () => {
        items = items.filter((item) => item.id !== older.id);
        return new Response(null, { status: 204 });
      },
    });
    renderWithModules(LIST_PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate Spring sale' }));
    expect(await screen.findByRole('link', { name: 'Copy of Spring sale' })).toBeInTheDocument();
    expect(nudges()).toEqual(['Copy of Spring sale was made.']);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Welcome' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Welcome?' });
    expect(fake.callsTo(DELETE)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Welcome' })).not.toBeInTheDocument());
    expect(fake.callsTo(DELETE)).toHaveLength(1);
    expect(nudges()).toContain('Welcome was deleted.');
  });

  it('shows why a new draft was not made', async () => {
    const fake = mailApi({
      [LIST]: listPage([]),
      [CREATE]: apiError(
        403,
        'MODULE_NOT_INSTALLED',
        'Install the Marketing module in this project to mail its subscribers.',
      ),
    });
    renderWithModules(LIST_PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'New draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Install the Marketing module');
  });

  it('offers a reader no way to write', async () => {
    renderWithModules(LIST_PAGE, mailApi({ [LIST]: listPage([summaryOfDraft(newest)]) }, MAIL_READER).fetch);
    await screen.findByRole('link', { name: 'Spring sale' });
    expect(screen.queryByRole('button', { name: 'New draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
