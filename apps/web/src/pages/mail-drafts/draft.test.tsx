import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { getSnapshot, resetToasts } from '../../features/toasts/toasts';
import { apiError, json, type FakeCall } from '../../test/fake-api';
import { draftFixture, mailApi, MAIL_READER, P, previewAnswer } from './draft-fixtures';

afterEach(() => {
  forgetModules();
  resetToasts();
});

const draft = draftFixture(1, { name: 'Spring sale', subject: 'Hi {{ subscriber.first_name }}' });
const PAGE = `/marketing/drafts/${draft.id}?project=${P}`;
const GET = `GET /v1/mail/drafts/${draft.id}`;
const PATCH = `PATCH /v1/mail/drafts/${draft.id}`;
const PREVIEW = 'POST /v1/mail/drafts/preview';
const nudges = () => getSnapshot('nudge').map((toast) => toast.message);

/** The API holding this draft as each save leaves it, previewing what it is sent. */
function draftApi(held?: readonly string[]) {
  let current = draft;
  return mailApi(
    {
      [GET]: () => json(200, current),
      [PATCH]: (call) => {
        current = { ...current, ...(call.body as object) };
        return json(200, current);
      },
      [PREVIEW]: (call) => previewAnswer(call.body as { subject?: string; markdown?: string }),
    },
    held,
  );
}

const previewFrame = () => screen.findByTitle('Mail preview');
const lastPreview = (calls: FakeCall[]) => calls.at(-1)?.body as Record<string, unknown>;

describe('a draft (marketing.drafts.view)', () => {
  it('shows the draft with its live preview at desktop and phone widths, and the plain text', async () => {
    const fake = draftApi();
    renderWithModules(PAGE, fake.fetch);
    expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Spring sale');
    await waitFor(() => expect(document.title).toBe('Draft - Wharf'));
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Hi {{ subscriber.first_name }}');
    expect(screen.getByRole('radio', { name: 'Markdown' })).toBeChecked();

    const frame = await previewFrame();
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Issue 1.');
    expect(frame).toHaveAttribute('width', '600');
    expect(screen.getByText('Hi Ada')).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace <ada@example.com>')).toBeInTheDocument();
    expect(lastPreview(fake.callsTo(PREVIEW))).toEqual({
      subject: draft.subject,
      preheader: '',
      format: 'markdown',
      markdown: draft.markdown,
      blocks: [],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Phone' }));
    expect(screen.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
    expect(await previewFrame()).toHaveAttribute('width', '375');
    await userEvent.click(screen.getByRole('button', { name: 'Plain text' }));
    expect(screen.getByLabelText('Plain-text part')).toHaveTextContent('Unsubscribe: https://wharf.example');

    const help = screen.getByRole('list', { name: 'Merge tags' });
    expect(within(help).getByText('{{ subscriber.first_name }}')).toBeInTheDocument();
    expect(within(help).getByText('{{ subscriber.first_name | default: "there" }}')).toBeInTheDocument();
    expect(within(help).getByText('{{ unsubscribe_url }}')).toBeInTheDocument();
  });

  it('previews edits as they are typed, marks them unsaved, and saves only what changed', async () => {
    const fake = draftApi();
    renderWithModules(PAGE, fake.fetch);
    const body = await screen.findByRole('textbox', { name: 'Body (Markdown)' });
    await previewFrame();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    fireEvent.change(body, { target: { value: 'Fresh words for {{ subscriber.name }}' } });
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await waitFor(() =>
      expect(lastPreview(fake.callsTo(PREVIEW)).markdown).toBe('Fresh words for {{ subscriber.name }}'),
    );
    await waitFor(async () => expect((await previewFrame()).getAttribute('srcdoc')).toContain('Fresh words'));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(nudges()).toEqual(['Draft saved.']));
    expect(fake.callsTo(PATCH).map((call) => call.body)).toEqual([
      { markdown: 'Fresh words for {{ subscriber.name }}' },
    ]);
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('shows a template error under its field, from the preview and from saving', async () => {
    const fake = mailApi({
      [GET]: json(200, draft),
      [PREVIEW]: (call) =>
        (call.body as { subject: string }).subject.includes('{{ broken')
          ? apiError(400, 'TEMPLATE_INVALID', 'The subject does not parse.', [
              { path: 'subject', message: 'output "{{ broken" not closed (line 1)' },
            ])
          : previewAnswer(call.body as object),
      [PATCH]: apiError(400, 'TEMPLATE_INVALID', 'The subject does not parse.', [
        { path: 'subject', message: 'output "{{ broken" not closed (line 1)' },
      ]),
    });
    renderWithModules(PAGE, fake.fetch);
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    fireEvent.change(subject, { target: { value: 'Hi {{ broken' } });
    await waitFor(() => expect(subject).toHaveAccessibleDescription('output "{{ broken" not closed (line 1)'));
    // The last good preview stays.
    expect((await previewFrame()).getAttribute('srcdoc')).toContain('Issue 1.');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo(PATCH)).toHaveLength(1));
    expect(subject).toHaveAttribute('aria-invalid', 'true');
    expect(nudges()).toEqual([]);
  });

  it('writes the body in blocks: adds, moves and removes them, and saves the list', async () => {
    const fake = draftApi();
    renderWithModules(PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('radio', { name: 'Blocks' }));
    const add = screen.getByRole('group', { name: 'Add a block' });
    await userEvent.click(within(add).getByRole('button', { name: 'Heading' }));
    await userEvent.click(within(add).getByRole('button', { name: 'Button' }));
    await userEvent.click(within(add).getByRole('button', { name: 'Divider' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Heading' }), { target: { value: 'Spring is here' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Link' }), { target: { value: 'https://shop.example/sale' } });

    await userEvent.click(screen.getByRole('button', { name: 'Move Divider block 3 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Heading block 1' }));
    const blocks = within(screen.getByRole('list', { name: 'Blocks' })).getAllByRole('listitem');
    expect(blocks.map((item) => item.getAttribute('aria-label'))).toEqual(['Divider block 1', 'Button block 2']);
    await waitFor(() => expect(lastPreview(fake.callsTo(PREVIEW)).format).toBe('blocks'));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.callsTo(PATCH)).toHaveLength(1));
    expect(fake.callsTo(PATCH)[0]!.body).toEqual({
      format: 'blocks',
      blocks: [{ type: 'divider' }, { type: 'button', label: 'Shop now', url: 'https://shop.example/sale' }],
    });
  });

  it('duplicates the draft and opens the copy', async () => {
    const copy = draftFixture(2, { name: 'Copy of Spring sale' });
    const fake = mailApi({
      [GET]: json(200, draft),
      [`GET /v1/mail/drafts/${copy.id}`]: json(200, copy),
      [`POST /v1/mail/drafts/${draft.id}/duplicate`]: json(201, copy),
      [PREVIEW]: (call) => previewAnswer(call.body as object),
    });
    renderWithModules(PAGE, fake.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Copy of Spring sale'));
    expect(nudges()).toEqual(['Copy of Spring sale was made.']);
  });

  it('lets a reader read and preview, not change', async () => {
    const fake = draftApi(MAIL_READER);
    renderWithModules(PAGE, fake.fetch);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByText(/You can read this draft and preview it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(await previewFrame()).toBeInTheDocument();
  });

  it('says when the draft cannot be loaded', async () => {
    renderWithModules(
      PAGE,
      mailApi({ [GET]: apiError(404, 'DRAFT_NOT_FOUND', 'There is no such draft in this project.') }).fetch,
    );
    expect(await screen.findByText('There is no such draft in this project.')).toBeInTheDocument();
  });
});
